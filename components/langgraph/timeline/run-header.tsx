"use client";

import type { LgRunStatus } from "@/lib/contracts/langgraph";
import type { LgRunView } from "@/lib/protocols/langgraph/types";
import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";
import { SafeText } from "@/components/ui/safe-text";
import { formatDuration, NO_VALUE, plural } from "@/lib/format";

const STATUS: Record<LgRunStatus | "unknown", { tone: StatusTone; word: string }> = {
  running: { tone: "running", word: "running" },
  success: { tone: "ok", word: "success" },
  interrupted: { tone: "warning", word: "interrupted" },
  error: { tone: "failed", word: "error" },
  cancelled: { tone: "canceled", word: "cancelled" },
  unknown: { tone: "info", word: "no run record" },
};

/** A run's header: status, assistant, duration, events, first-event latency, what it answered or forked from. */
export function LgRunHeader({ run }: { run: LgRunView }) {
  const s = STATUS[run.status];
  return (
    <header
      data-testid="lg-timeline-run"
      data-run-id={run.runId}
      data-status={run.status}
      className="flex flex-col gap-1 border-b bg-muted/40 px-3 py-2 text-xs"
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={s.tone}>{s.word}</StatusBadge>
        <span className="font-semibold">Run</span>
        <SafeText text={run.runId} className="font-mono text-[11px]" />
        {run.assistantId && (
          <span className="text-muted-foreground">
            assistant <SafeText text={run.assistantId} className="font-mono" />
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-x-3 text-[11px] text-muted-foreground tabular-nums">
        <span data-testid="lg-run-duration">{run.durationMs === null ? NO_VALUE : formatDuration(run.durationMs)}</span>
        <span data-testid="lg-run-events">{plural(run.eventCount, "event")}</span>
        <span>first event {formatDuration(run.firstEventMs)}</span>
        {!run.debug && run.steps.length > 0 && <span>steps from updates (no debug events)</span>}
      </div>
      {run.answers.length > 0 && (
        <div data-testid="lg-run-answers" className="text-[11px]">
          carried {plural(run.answers.length, "answer")}:{" "}
          {run.answers.map((a) => (
            <span key={a.id} className="mr-2 font-mono">
              {a.id}
              {a.request?.answer ? ` (${a.request.answer.kind})` : ""}
            </span>
          ))}
        </div>
      )}
      {run.checkpointId && (
        <div data-testid="lg-run-fork" className="text-[11px]">
          forked from checkpoint <SafeText text={run.checkpointId} className="font-mono" />
        </div>
      )}
      {run.record?.error && (
        <div data-testid="lg-run-error" role="alert" className="text-[11px] text-destructive">
          {run.record.error.message} <span className="font-mono opacity-70">({run.record.error.code})</span>
        </div>
      )}
    </header>
  );
}
