import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { HeaderRow } from "./header-draft";

/**
 * Header name/value rows. Values are password inputs: headers to a peer are usually
 * credentials. A stored value comes back as SECRET_MASK; focusing selects it so typing replaces
 * it, and leaving it untouched keeps the stored secret.
 */
export function HeaderRows({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const set = (i: number, patch: Partial<HeaderRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="flex flex-col gap-1.5">
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-1.5" data-testid="agent-header-row">
          <Input
            aria-label={`header name ${i + 1}`}
            className="h-8 w-2/5 font-mono text-xs"
            placeholder="Authorization"
            value={row.key}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          <Input
            aria-label={`header value ${i + 1}`}
            type="password"
            autoComplete="off"
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
            aria-label={`Remove header ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button type="button" size="xs" variant="outline" className="self-start" onClick={() => onChange([...rows, { key: "", value: "" }])}>
        <PlusIcon /> Add header
      </Button>
    </div>
  );
}
