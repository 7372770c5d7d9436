"use client";

import type { LgMessage, LgToolCall } from "@/lib/protocols/langgraph/messages";
import type { LgInterruptView, LgStep, LgTask } from "@/lib/protocols/langgraph/types";
import { JsonView } from "@/components/elements/json-view";
import { StatusBadge } from "@/components/elements/status-badge";
import { SafeText } from "@/components/ui/safe-text";
import { formatDuration, plural } from "@/lib/format";
import { LgMessageList } from "./message-items";
import { LgStepState } from "./state-diff";

/** A paused graph: the value it interrupted with, and Loupe's request for it when there is one. */
export function LgInterrupt({ interrupt }: { interrupt: LgInterruptView }) {
  const status = interrupt.request?.status;
  return (
    <div
      data-testid="lg-interrupt"
      data-interrupt-id={interrupt.id}
      className="flex flex-col gap-1 rounded border border-amber-500/40 bg-amber-500/5 px-2 py-1 text-xs"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusBadge tone="warning">paused</StatusBadge>
        <span>waiting for a human{interrupt.node ? " at " : ""}</span>
        {interrupt.node && <SafeText text={interrupt.node} className="font-mono" />}
        {status && <span className="text-muted-foreground">· request {status}</span>}
      </div>
      <JsonView value={interrupt.value} className="max-h-40" />
    </div>
  );
}

function Task({ task, results, calls }: { task: LgTask; results: ReadonlyMap<string, LgMessage>; calls: ReadonlyMap<string, LgToolCall> }) {
  const latency = task.startedAt !== null && task.endedAt !== null ? task.endedAt - task.startedAt : null;
  const hasError = task.error !== null && task.error !== undefined;
  return (
    <div data-testid="lg-task" data-node={task.node} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline gap-2 text-xs">
        <SafeText text={task.node} className="font-mono font-semibold" />
        <span className="text-[10px] text-muted-foreground tabular-nums">
          {task.result === undefined ? "running…" : formatDuration(latency)}
        </span>
      </div>
      <LgMessageList messages={task.messages} results={results} calls={calls} />
      {hasError && (
        <div data-testid="lg-task-error" className="text-xs text-destructive">
          error <JsonView value={task.error} className="max-h-32" />
        </div>
      )}
    </div>
  );
}

export interface LgStepRowProps {
  step: LgStep;
  results: ReadonlyMap<string, LgMessage>;
  calls: ReadonlyMap<string, LgToolCall>;
}

/** One superstep: its nodes with their messages, streamed chunks, custom events, interrupts, the state. */
export function LgStepRow({ step, results, calls }: LgStepRowProps) {
  const checkpointOnly = step.tasks.length === 0;
  return (
    <section
      data-testid="lg-step"
      data-step={step.step}
      data-path={step.path}
      className="flex flex-col gap-1.5 border-b px-3 py-2"
      style={{ paddingLeft: `${0.75 + step.depth * 1.25}rem` }}
    >
      <header className="flex flex-wrap items-center gap-2 text-[11px] text-muted-foreground">
        <span className="font-semibold text-foreground">{step.from === "debug" ? `step ${step.step}` : `update ${step.step + 1}`}</span>
        {step.path && <SafeText text={`in ${step.path}`} className="font-mono" />}
        {step.source && <span>{step.source}</span>}
        {step.next.length > 0 && <span>next: {step.next.join(", ")}</span>}
        {checkpointOnly && <span>checkpoint</span>}
      </header>
      {step.tasks.map((t, i) => (
        <Task key={t.id ?? i} task={t} results={results} calls={calls} />
      ))}
      {/* One chunk is the message itself (shown above); only real token streams are worth a line. */}
      {step.streamed
        .filter((m) => m.chunks > 1)
        .map((m) => (
          <p key={m.id} data-testid="lg-streamed" className="text-[10px] text-muted-foreground">
            streamed {plural(m.chunks, "chunk")}
            {m.node ? ` from ${m.node}` : ""} ({m.text.length} chars)
          </p>
        ))}
      {step.custom.map((c, i) => (
        <div key={i} data-testid="lg-custom" className="text-xs">
          <span className="text-[10px] text-muted-foreground">custom event</span>
          <JsonView value={c} className="max-h-32" />
        </div>
      ))}
      {step.interrupts.map((i) => (
        <LgInterrupt key={i.id} interrupt={i} />
      ))}
      <LgStepState step={step} />
    </section>
  );
}
