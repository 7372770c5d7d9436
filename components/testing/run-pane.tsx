"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, SquareIcon } from "lucide-react";
import { runQuery, suiteQuery, suiteRunsQuery } from "@/lib/queries/testing";
import { useCancelRun, useKeepBaseline } from "@/hooks/use-testing";
import { formatDateTime, formatDuration } from "@/lib/format";
import { runProgress, targetText } from "@/lib/workbench/testing-view";
import type { Navigate } from "@/lib/workbench/slots";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { RunStatusBadge } from "./test-badges";
import { CaseResults } from "./case-results";
import { RunDiffView } from "./run-diff";
import { BaselinePicker } from "./baseline-picker";

export interface RunPaneProps {
  suiteId: string;
  runId: string;
  /** The run it is diffed against (?base=). */
  baselineId: string | null;
  navigate: Navigate;
}

/** One run: live progress while it runs, results per case and per assertion, and the diff to a chosen baseline. */
export function RunPane({ suiteId, runId, baselineId, navigate }: RunPaneProps) {
  const run = useQuery(runQuery(suiteId, runId));
  const runs = useQuery(suiteRunsQuery(suiteId));
  const suite = useQuery(suiteQuery(suiteId));
  const cancel = useCancelRun(suiteId, runId);
  const keep = useKeepBaseline(suiteId);

  const back = (
    <Button size="xs" variant="ghost" className="w-fit" onClick={() => navigate({ runId: null })} data-testid="back-to-suite">
      <ArrowLeftIcon /> Suite
    </Button>
  );
  if (run.isError)
    return (
      <div className="flex flex-col gap-2">
        {back}
        <QueryError title="Could not load the run" error={run.error} onRetry={() => void run.refetch()} />
      </div>
    );
  if (run.isPending) return <p className="text-xs text-muted-foreground">Loading the run…</p>;
  const r = run.data;
  const { done, total } = runProgress(r, suite.data?.caseIds.length ?? 0);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4" data-testid="run-pane" data-status={r.status}>
      {back}
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{r.suiteName}</h2>
        <RunStatusBadge status={r.status} />
        <span className="text-xs text-muted-foreground">
          {formatDateTime(r.startedAt)}
          {r.finishedAt !== null ? ` · ${formatDuration(r.finishedAt - r.startedAt)}` : ""} · against {targetText(r.target)}
          {r.repetitions > 1 ? ` · ×${r.repetitions}` : ""}
        </span>
        {r.status === "running" && (
          <Button size="xs" variant="outline" className="ml-auto" onClick={() => cancel.mutate()} data-testid="cancel-run">
            <SquareIcon /> Stop
          </Button>
        )}
      </header>
      {r.status === "running" && (
        <div className="flex flex-col gap-1" data-testid="run-progress">
          <progress className="h-1.5 w-full accent-primary" max={Math.max(total, 1)} value={done} aria-label="Replays done" />
          <span className="text-xs text-muted-foreground">
            {done} of {total} replays done
          </span>
        </div>
      )}
      {r.error && <QueryError title="The run stopped" error={new Error(r.error)} />}
      {cancel.isError && <QueryError title="Could not stop the run" error={cancel.error} />}

      <BaselinePicker
        runId={runId}
        runs={runs.data ?? []}
        baselineId={baselineId}
        suiteBaselineId={suite.data?.baselineRunId ?? null}
        onPick={(id) => navigate({ baselineId: id })}
        onKeep={(id) => keep.mutate(id)}
        keeping={keep.isPending}
      />
      {keep.isError && <QueryError title="The baseline was not kept" error={keep.error} />}
      {baselineId && r.status !== "running" && (
        <RunDiffView suiteId={suiteId} runId={runId} baselineId={baselineId} onOpenCase={(caseId) => navigate({ caseId })} />
      )}

      <CaseResults run={r} onOpenCase={(caseId) => navigate({ caseId })} />
    </div>
  );
}
