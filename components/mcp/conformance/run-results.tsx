import { useState } from "react";
import { StatusBadge } from "@/components/elements/status-badge";
import { Checkbox } from "@/components/ui/checkbox";
import type { ConformanceRun } from "@/lib/contracts/conformance";
import { formatDateTime, formatDuration } from "@/lib/format";
import { RUN_STATUS_LABEL, RUN_STATUS_TONE } from "./labels";
import { ScenarioGroup } from "./scenario-group";

/** One run: what ran against which URL, totals, then each scenario with its checks. */
export function RunResults({ run }: { run: ConformanceRun }) {
  const [failuresOnly, setFailuresOnly] = useState(false);
  const scored = run.scenarios.filter((s) => s.scored);
  const passed = scored.filter((s) => s.outcome === "passed").length;
  const checks = run.scenarios.reduce((n, s) => ({ ok: n.ok + s.counts.success, bad: n.bad + s.counts.failure }), { ok: 0, bad: 0 });
  const shown = failuresOnly ? run.scenarios.filter((s) => s.outcome === "failed") : run.scenarios;
  return (
    <section className="flex flex-col gap-2" data-testid="conformance-results" data-run={run.id} data-status={run.status}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <StatusBadge tone={RUN_STATUS_TONE[run.status]} data-testid="conformance-run-status">
          {RUN_STATUS_LABEL[run.status]}
        </StatusBadge>
        <span className="font-medium">
          {run.revision} · {run.scenario ?? "all server scenarios"}
        </span>
        <span className="text-muted-foreground">
          {formatDateTime(run.startedAt)}
          {run.finishedAt !== undefined && ` · ${formatDuration(run.finishedAt - run.startedAt)}`}
        </span>
        <span className="tabular-nums" data-testid="conformance-summary">
          {passed}/{scored.length} scored scenarios passed · {checks.ok} checks passed, {checks.bad} failed
        </span>
        <label className="ml-auto flex items-center gap-1.5">
          <Checkbox checked={failuresOnly} onCheckedChange={(v) => setFailuresOnly(v === true)} data-testid="conformance-failures-only" />
          Failed scenarios only
        </label>
      </div>
      <p className="truncate font-mono text-[11px] text-muted-foreground" title={run.url}>
        {run.url}
      </p>
      {run.error && (
        <p role="alert" className="rounded border border-destructive/30 bg-destructive/5 p-2 text-xs" data-testid="conformance-run-error">
          {run.error}
        </p>
      )}
      {run.scenarios.length === 0 && run.outputTail && run.status !== "running" && (
        <pre className="max-h-48 overflow-auto rounded bg-muted/60 p-2 font-mono text-[11px] whitespace-pre-wrap">{run.outputTail}</pre>
      )}
      <div className="flex flex-col gap-1.5">
        {shown.map((s) => (
          <ScenarioGroup key={s.scenario} result={s} />
        ))}
      </div>
    </section>
  );
}
