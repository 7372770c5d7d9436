import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SECRET_MASK } from "@/lib/contracts/connections";

export interface KeyValueRow {
  key: string;
  value: string;
}

export interface KeyValueRowsProps {
  /** Used in aria-labels ("header name 1", "Remove header 1", "Add header"), e.g. "env" or "header". */
  label: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  keyPlaceholder?: string;
  /** Values are password inputs (credentials). */
  secret?: boolean;
  /** Each row's test id; default `<label>-row`. */
  rowTestId?: string;
}

/**
 * Name/value rows (env vars, headers). A stored value comes back as SECRET_MASK; focusing it
 * selects the mask so typing replaces it, and leaving it untouched keeps the stored secret.
 */
export function KeyValueRows({
  label,
  rows,
  onChange,
  keyPlaceholder = "NAME",
  secret = false,
  rowTestId = `${label}-row`,
}: KeyValueRowsProps) {
  const set = (i: number, patch: Partial<KeyValueRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="flex flex-col gap-1.5">
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-1.5" data-testid={rowTestId}>
          <Input
            aria-label={`${label} name ${i + 1}`}
            className="h-8 w-2/5 font-mono text-xs"
            placeholder={keyPlaceholder}
            value={row.key}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          <Input
            aria-label={`${label} value ${i + 1}`}
            type={secret ? "password" : undefined}
            autoComplete={secret ? "off" : undefined}
            className="h-8 flex-1 font-mono text-xs"
            placeholder="value"
            value={row.value}
            onFocus={(e) => row.value === SECRET_MASK && e.currentTarget.select()}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Remove ${label} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button type="button" size="xs" variant="outline" className="self-start" onClick={() => onChange([...rows, { key: "", value: "" }])}>
        <PlusIcon /> Add {label}
      </Button>
    </div>
  );
}
