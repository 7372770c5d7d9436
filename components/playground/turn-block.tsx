"use client";

import type { ReactNode } from "react";
import type { Entry } from "@/lib/contracts/entries";
import type { PgToolCall } from "@/lib/contracts/playground";
import { StatusBadge } from "@/components/elements/status-badge";
import { JsonView } from "@/components/elements/json-view";
import { formatCost } from "@/lib/format";
import { formatUsage, TOOL_CALL_STATUS, TURN_STATUS } from "@/components/playground/labels";
import { StepBlock } from "@/components/playground/step-block";
import { stepsUsage } from "@/components/playground/timeline-model";
import type { StepView, TurnView } from "@/components/playground/timeline-model";

export interface TurnBlockProps {
  turn: TurnView;
  serverNames: Record<string, string>;
  onOpenRaw: (turn: number, step: StepView) => void;
  renderApproval?: (call: PgToolCall) => ReactNode;
}

/** A user message, the model steps it caused, and the turn's outcome with its tokens and cost. */
export function TurnBlock({ turn, serverNames, onOpenRaw, renderApproval }: TurnBlockProps) {
  const status = turn.status;
  // A running turn that waits on a tool call's approval says so, as the column's header does.
  const waits = status?.status === "running" && turn.steps.some((s) => s.toolCalls.some((c) => c.raw.status === "awaiting_approval"));
  const label = waits
    ? TOOL_CALL_STATUS.awaiting_approval
    : status
      ? (TURN_STATUS[status.status] ?? { label: String(status.status), tone: "info" as const })
      : null;
  return (
    <section
      data-testid="pg-turn"
      data-turn={turn.turn}
      data-state={status?.status ?? "unknown"}
      className="flex min-w-0 flex-col gap-2 border-b px-3 py-3"
    >
      {turn.user && (
        <div
          data-testid="pg-user-message"
          className="ml-auto max-w-[85%] rounded-lg bg-primary px-3 py-1.5 text-sm whitespace-pre-wrap text-primary-foreground"
        >
          {turn.user.text}
        </div>
      )}
      {turn.steps.map((s) => (
        <StepBlock
          key={s.step}
          step={s}
          serverNames={serverNames}
          onOpenRaw={(step) => onOpenRaw(turn.turn, step)}
          renderApproval={renderApproval}
        />
      ))}
      {turn.drafts.map((d) => (
        <div
          key={d.seq}
          data-testid="pg-sampling-draft"
          className="flex flex-col gap-1 rounded-md border border-violet-500/40 bg-violet-500/5 p-2 text-xs"
        >
          <span className="text-muted-foreground">
            {serverNames[d.connectionId] ?? d.connectionId} asked for a sampling reply; {d.model} drafted it (approve it in the inbox):
          </span>
          {d.error ? <p className="text-destructive">{d.error}</p> : <p className="whitespace-pre-wrap">{d.text}</p>}
          <details>
            <summary className="cursor-pointer text-muted-foreground">Raw</summary>
            <JsonView value={d.raw} />
          </details>
        </div>
      ))}
      {turn.odd.map((e) => (
        <OddEntry key={e.seq} entry={e} />
      ))}
      {status && label && (
        <div data-testid="pg-turn-footer" className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-muted-foreground">
          <StatusBadge tone={label.tone} data-testid="pg-turn-status">
            {label.label}
          </StatusBadge>
          {status.status === "running" ? (
            // The turn record carries its totals when it ends; meanwhile, what the steps so far cost.
            <span data-testid="pg-turn-usage">so far {formatUsage(stepsUsage(turn.steps))}</span>
          ) : (
            <>
              <span data-testid="pg-turn-usage">{formatUsage(status.usage)}</span>
              <span data-testid="pg-turn-cost">· {formatCost(status.costUsd)}</span>
            </>
          )}
          {status.endedAt && Number.isFinite(status.startedAt) && (
            <span>· {((status.endedAt - status.startedAt) / 1000).toFixed(1)} s</span>
          )}
        </div>
      )}
      {status?.error && (
        <p
          role="alert"
          data-testid="pg-turn-error"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-xs break-words text-destructive"
        >
          {status.error}
        </p>
      )}
    </section>
  );
}

/** An entry whose shape this version does not know: shown as recorded rather than dropped. */
export function OddEntry({ entry }: { entry: Entry }) {
  return (
    <div data-testid="pg-odd-entry" data-kind={entry.kind} className="flex flex-col gap-0.5 rounded-md border border-dashed p-2">
      <span className="text-[11px] text-muted-foreground">
        Unrecognised entry <code className="font-mono">{entry.kind}</code> #{entry.seq}, shown raw
      </span>
      <JsonView value={entry.raw} />
    </div>
  );
}
