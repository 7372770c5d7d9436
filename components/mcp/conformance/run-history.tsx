import { StatusBadge } from "@/components/elements/status-badge";
import type { ConformanceRun } from "@/lib/contracts/conformance";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { RUN_STATUS_LABEL, RUN_STATUS_TONE } from "./labels";

export interface RunHistoryProps {
  runs: ConformanceRun[];
  selectedId: string | null;
  onSelect: (runId: string) => void;
}

/** The kept runs of this connection, newest first; one is shown below. */
export function RunHistory({ runs, selectedId, onSelect }: RunHistoryProps) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-muted-foreground">Runs ({runs.length} kept)</h3>
      <ul className="flex flex-wrap gap-1.5" data-testid="conformance-history">
        {runs.map((run) => {
          const scored = run.scenarios.filter((s) => s.scored);
          const passed = scored.filter((s) => s.outcome === "passed").length;
          return (
            <li key={run.id}>
              <button
                type="button"
                onClick={() => onSelect(run.id)}
                aria-pressed={run.id === selectedId}
                data-testid="conformance-history-run"
                data-status={run.status}
                className={cn(
                  "flex items-center gap-1.5 rounded-md border px-2 py-1 text-left text-xs hover:bg-muted/50",
                  run.id === selectedId && "border-primary bg-muted",
                )}
              >
                <StatusBadge tone={RUN_STATUS_TONE[run.status]}>{RUN_STATUS_LABEL[run.status]}</StatusBadge>
                <span className="font-mono">{run.revision}</span>
                <span className="max-w-40 truncate">{run.scenario ?? "all"}</span>
                <span className="tabular-nums text-muted-foreground">
                  {run.scenario ? "" : `${passed}/${scored.length} · `}
                  {formatDateTime(run.startedAt)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
