import type { UseQueryResult } from "@tanstack/react-query";
import type { RunSummary } from "@/lib/contracts/testing";
import type { AppError } from "@/lib/errors";
import { formatDateTime, formatDuration } from "@/lib/format";
import { targetText } from "@/lib/workbench/testing-view";
import { Badge } from "@/components/ui/badge";
import { QueryError } from "@/components/elements/query-error";
import { RunStatusBadge } from "./test-badges";

export interface RunHistoryProps {
  runs: UseQueryResult<RunSummary[], AppError>;
  /** The suite's baseline run, marked in the list. */
  baselineId: string | null;
  onOpen: (runId: string) => void;
}

/** A suite's runs, newest first: status, when, how many cases passed, flaky ones, the baseline marked. */
export function RunHistory({ runs, baselineId, onOpen }: RunHistoryProps) {
  return (
    <section className="flex flex-col gap-1" data-testid="run-history">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">Runs</h3>
      {runs.isError ? (
        <QueryError title="Could not load the runs" error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.isPending ? (
        <p className="text-xs text-muted-foreground">Loading…</p>
      ) : runs.data.length === 0 ? (
        <p className="text-xs text-muted-foreground">Not run yet.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {runs.data.map((r) => {
            const passed = r.cases.filter((c) => c.status === "pass").length;
            const flaky = r.cases.filter((c) => c.flaky).length;
            return (
              <li key={r.id}>
                <button
                  type="button"
                  data-testid="run-row"
                  data-status={r.status}
                  onClick={() => onOpen(r.id)}
                  className="flex w-full min-w-0 flex-wrap items-center gap-2 px-3 py-2 text-left text-sm hover:bg-accent/50"
                >
                  <RunStatusBadge status={r.status} />
                  <span className="font-mono text-xs text-muted-foreground">{formatDateTime(r.startedAt)}</span>
                  <span className="text-xs">
                    {passed}/{r.cases.length} passed
                    {r.repetitions > 1 ? ` · ×${r.repetitions}` : ""}
                  </span>
                  {flaky > 0 && (
                    <Badge variant="warning" data-testid="run-flaky">
                      {flaky} flaky
                    </Badge>
                  )}
                  {r.id === baselineId && <Badge variant="info">Baseline</Badge>}
                  <span className="min-w-0 flex-1 truncate text-right text-xs text-muted-foreground">
                    {targetText(r.target)}
                    {r.finishedAt !== null ? ` · ${formatDuration(r.finishedAt - r.startedAt)}` : ""}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
