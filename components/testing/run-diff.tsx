"use client";

import { useQuery } from "@tanstack/react-query";
import { CASE_CHANGES } from "@/lib/contracts/testing";
import { runDiffQuery } from "@/lib/queries/testing";
import { CASE_CHANGE_TEXT, sortDiffCases } from "@/lib/workbench/testing-view";
import { QueryError } from "@/components/elements/query-error";
import { ChangeBadge } from "./test-badges";

export interface RunDiffViewProps {
  suiteId: string;
  runId: string;
  baselineId: string;
  onOpenCase: (caseId: string) => void;
}

/** The run against its baseline: counts per change, then each case that moved (newly failing first), in words. */
export function RunDiffView({ suiteId, runId, baselineId, onOpenCase }: RunDiffViewProps) {
  const diff = useQuery(runDiffQuery(suiteId, runId, baselineId));
  if (diff.isError) return <QueryError title="Could not compare the runs" error={diff.error} onRetry={() => void diff.refetch()} />;
  if (diff.isPending) return <p className="text-xs text-muted-foreground">Comparing with the baseline…</p>;
  const d = diff.data;
  const moved = sortDiffCases(d.cases).filter((c) => c.change !== "still_passing");
  return (
    <section className="flex flex-col gap-2 rounded-md border p-3" data-testid="run-diff">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">Against the baseline</h3>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {CASE_CHANGES.filter((c) => (d.counts[c] ?? 0) > 0).map((c) => (
          <span key={c} data-testid={`diff-count-${c}`}>
            {CASE_CHANGE_TEXT[c].label}: <strong>{d.counts[c]}</strong>
          </span>
        ))}
      </p>
      {moved.length === 0 ? (
        <p className="text-xs text-muted-foreground">Nothing moved: every case passes as it did.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {moved.map((c) => (
            <li key={c.caseId} data-testid="diff-case" data-change={c.change}>
              <button
                type="button"
                className="flex w-full min-w-0 flex-col gap-0.5 px-3 py-2 text-left text-sm hover:bg-accent/50"
                onClick={() => onOpenCase(c.caseId)}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <ChangeBadge change={c.change} />
                  <span className="font-medium">{c.caseName}</span>
                </span>
                {c.detail && <span className="text-xs break-words text-muted-foreground">{c.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
