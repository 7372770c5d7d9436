import type { ImportPreviewEntry } from "@/lib/contracts/mcp-config";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { SafeText } from "@/components/ui/safe-text";
import { TRANSPORT_LABEL } from "@/components/elements/peer/connection-status";

/** An entry the user may pick: it gives a connection and is not saved yet. */
export function isPickable(entry: ImportPreviewEntry): boolean {
  return entry.input !== null && entry.duplicateOf === null;
}

/** The command line or URL an entry would connect to. */
function targetOf(entry: ImportPreviewEntry): string {
  const input = entry.input;
  if (!input) return "";
  return input.transport === "stdio" ? [input.command, ...input.args].join(" ") : input.url;
}

export interface ConfigPreviewListProps {
  entries: ImportPreviewEntry[];
  picked: ReadonlySet<string>;
  onToggle: (name: string, on: boolean) => void;
}

/** One row per entry of a config file: name, transport, target, "already added", its problems and notes in words. */
export function ConfigPreviewList({ entries, picked, onToggle }: ConfigPreviewListProps) {
  return (
    <ul className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-md border" data-testid="import-preview">
      {entries.map((entry) => {
        const pickable = isPickable(entry);
        const id = `import-${entry.name}`;
        return (
          <li
            key={entry.name}
            className="flex gap-2.5 px-3 py-2"
            data-testid="import-entry"
            data-name={entry.name}
            data-state={entry.duplicateOf ? "duplicate" : entry.input ? "usable" : "unusable"}
          >
            <Checkbox
              id={id}
              className="mt-0.5"
              checked={pickable && picked.has(entry.name)}
              disabled={!pickable}
              onCheckedChange={(on) => onToggle(entry.name, on === true)}
              aria-label={`Import ${entry.name}`}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <label htmlFor={id} className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
                <SafeText text={entry.name} />
                {entry.input && <Badge variant="outline">{TRANSPORT_LABEL[entry.input.transport]}</Badge>}
                <span className="text-xs font-normal text-muted-foreground">{entry.client}</span>
                {entry.duplicateOf && (
                  <Badge variant="secondary" data-testid="import-duplicate">
                    already added{entry.duplicateOf.name !== entry.name ? ` as ${entry.duplicateOf.name}` : ""}
                  </Badge>
                )}
                {entry.disabled && <Badge variant="secondary">disabled in the file</Badge>}
              </label>
              {entry.input && <code className="truncate font-mono text-xs text-muted-foreground">{targetOf(entry)}</code>}
              {entry.problems.map((p) => (
                <p key={p} className="text-xs text-destructive" data-testid="import-problem">
                  {p}
                </p>
              ))}
              {entry.notes
                .filter((n) => n !== "disabled in the file")
                .map((n) => (
                  <p key={n} className="text-xs text-amber-700 dark:text-amber-400" data-testid="import-note">
                    {n}
                  </p>
                ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
