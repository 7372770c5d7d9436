import { Download, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SnapshotSummary } from "@/lib/contracts/surface";
import { formatDateTime } from "@/lib/format";

export interface SnapshotHistoryProps {
  snapshots: SnapshotSummary[];
  /** How many are kept per connection (the oldest go). */
  keep: number;
  onDownload: (id: string) => void;
  onDelete: (id: string) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function counts(s: SnapshotSummary): string {
  const { tools, prompts, resources, resourceTemplates } = s.counts;
  return [plural(tools, "tool"), plural(prompts, "prompt"), plural(resources, "resource"), plural(resourceTemplates, "template")].join(
    " · ",
  );
}

/** The kept snapshots of this connection, newest first. */
export function SnapshotHistory({ snapshots, keep, onDownload, onDelete }: SnapshotHistoryProps) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-muted-foreground">
        Snapshots ({snapshots.length} of {keep} kept)
      </h3>
      <ul className="flex flex-col divide-y rounded-md border" data-testid="surface-history">
        {snapshots.map((s) => (
          <li
            key={s.id}
            className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 text-xs"
            data-testid="surface-history-row"
          >
            <span className="font-medium">{s.label ?? formatDateTime(s.takenAt)}</span>
            {s.label && <span className="text-muted-foreground tabular-nums">{formatDateTime(s.takenAt)}</span>}
            <span className="font-mono">{s.server ? `${s.server.name} ${s.server.version}` : "(no server info)"}</span>
            <span className="text-muted-foreground">{counts(s)}</span>
            {s.notes.length > 0 && <span className="text-amber-700 dark:text-amber-300">{s.notes.join("; ")}</span>}
            <span className="ml-auto flex gap-1">
              <Button variant="ghost" size="xs" onClick={() => onDownload(s.id)} aria-label="Download as loupe-surface JSON">
                <Download /> JSON
              </Button>
              <Button variant="ghost" size="xs" onClick={() => onDelete(s.id)} aria-label="Delete snapshot">
                <Trash2 />
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
