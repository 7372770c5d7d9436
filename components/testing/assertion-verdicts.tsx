import type { AssertionResult, AssertionStatus } from "@/lib/contracts/testing";
import { ASSERTION_LABEL, type AssertionType } from "@/lib/contracts/testing";
import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";
import { JsonView } from "@/components/elements/json-view";

const VERDICT: Record<AssertionStatus, { label: string; tone: StatusTone }> = {
  pass: { label: "Pass", tone: "ok" },
  fail: { label: "Fail", tone: "failed" },
  error: { label: "Error", tone: "warning" },
  skipped: { label: "Skipped", tone: "canceled" },
};

const isType = (t: string): t is AssertionType => Object.hasOwn(ASSERTION_LABEL, t);

/** Each assertion's verdict with its reason in words; a failure shows what was expected beside what came. */
export function AssertionVerdicts({ results }: { results: readonly AssertionResult[] }) {
  if (results.length === 0) return <p className="text-xs text-muted-foreground">No assertions.</p>;
  return (
    <ul className="flex flex-col gap-1.5">
      {results.map((a) => (
        <AssertionVerdict key={a.index} result={a} />
      ))}
    </ul>
  );
}

export function AssertionVerdict({ result: a }: { result: AssertionResult }) {
  const verdict = VERDICT[a.status];
  return (
    <li className="flex min-w-0 flex-col gap-1 text-xs" data-testid="assertion-verdict" data-status={a.status}>
      <span className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={verdict.tone}>{verdict.label}</StatusBadge>
        <span className="font-medium">{isType(a.type) ? ASSERTION_LABEL[a.type] : a.type}</span>
        {a.score !== undefined && <span className="text-muted-foreground">score {a.score.toFixed(2)}</span>}
        <span className="min-w-0 break-words" data-testid="assertion-reason">
          {a.reason}
        </span>
      </span>
      {a.status === "fail" && (a.expected !== undefined || a.actual !== undefined) && (
        <div className="grid min-w-0 gap-2 md:grid-cols-2" data-testid="expected-actual">
          <div className="min-w-0">
            <p className="text-[11px] font-semibold text-muted-foreground uppercase">Expected</p>
            <JsonView value={a.expected ?? null} limitBytes={4096} />
          </div>
          <div className="min-w-0">
            <p className="text-[11px] font-semibold text-muted-foreground uppercase">Actual</p>
            <JsonView value={a.actual ?? null} limitBytes={4096} />
          </div>
        </div>
      )}
    </li>
  );
}
