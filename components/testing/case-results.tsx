"use client";

import { useState } from "react";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import type { CaseResult, Run } from "@/lib/contracts/testing";
import { formatDuration } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { AssertionVerdicts } from "./assertion-verdicts";
import { CaseStatusBadge, FlakyBadge } from "./test-badges";

export interface CaseResultsProps {
  run: Run;
  onOpenCase: (caseId: string) => void;
}

/** Each case of a run: its verdict over the repetitions (flaky when they disagree); open it for each replay's assertions. */
export function CaseResults({ run, onOpenCase }: CaseResultsProps) {
  // A case that did not pass is open and one that passed closed, until the user turns it: a live run's
  // cases arrive after the pane opens, so the default follows each case's status, not the first render.
  const [turned, setTurned] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setTurned((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section className="flex flex-col gap-1" data-testid="case-results">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">Results</h3>
      {run.cases.length === 0 && (
        <p className="text-xs text-muted-foreground">{run.status === "running" ? "Waiting for the first case…" : "No case ran."}</p>
      )}
      <ul className="flex flex-col divide-y rounded-md border">
        {run.cases.map((c) => {
          const isOpen = (c.status !== "pass") !== turned.has(c.caseId);
          const replays = run.results.filter((x) => x.caseId === c.caseId);
          return (
            <li key={c.caseId} data-testid="case-result" data-status={c.status} data-flaky={c.flaky}>
              <div className="flex min-w-0 flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <button
                  type="button"
                  className="flex min-w-0 flex-1 items-center gap-2 text-left"
                  onClick={() => toggle(c.caseId)}
                  aria-expanded={isOpen}
                >
                  {isOpen ? <ChevronDownIcon className="size-4 shrink-0" /> : <ChevronRightIcon className="size-4 shrink-0" />}
                  <CaseStatusBadge status={c.status} />
                  <span className="min-w-0 truncate font-medium">{c.caseName}</span>
                  {c.flaky && <FlakyBadge passed={c.passed} total={c.total} />}
                  {!c.flaky && c.total > 1 && (
                    <span className="text-xs text-muted-foreground">
                      {c.passed}/{c.total}
                    </span>
                  )}
                </button>
                <Button size="xs" variant="ghost" onClick={() => onOpenCase(c.caseId)}>
                  Open case
                </Button>
              </div>
              {isOpen && (
                <div className="flex flex-col gap-3 border-t bg-muted/20 px-3 py-2">
                  {replays.map((x) => (
                    <Replay key={x.repetition} result={x} several={replays.length > 1} />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Replay({ result, several }: { result: CaseResult; several: boolean }) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="replay" data-status={result.status}>
      <p className="flex flex-wrap items-center gap-2 text-xs">
        {several && <span className="font-semibold">Repetition {result.repetition + 1}</span>}
        {several && <CaseStatusBadge status={result.status} />}
        <span className="text-muted-foreground">{formatDuration(result.durationMs)}</span>
        {result.status !== "pass" && result.reason && <span data-testid="replay-reason">{result.reason}</span>}
      </p>
      {result.outcome.error && <p className="text-xs text-destructive">{result.outcome.error}</p>}
      {result.pauseFailures.map((f, i) => (
        <p key={i} className="text-xs text-destructive" data-testid="pause-failure">
          {f}
        </p>
      ))}
      <AssertionVerdicts results={result.assertions} />
    </div>
  );
}
