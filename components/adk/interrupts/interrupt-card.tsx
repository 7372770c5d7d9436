"use client";

import { Card, CardContent } from "@/components/ui/card";
import { AnswerGuard } from "@/components/elements/role";
import type { InboxItem, InterruptAnswer } from "@/lib/contracts/agents";
import { AnsweredValue, FailedAnswer, StaleNote } from "./answer-state";
import { ConfirmationForm } from "./confirmation-form";
import { CredentialForm } from "./credential-form";
import { interruptStatus } from "@/lib/workbench/adk";
import { InputForm } from "./input-form";
import { InterruptHeader } from "./interrupt-header";
import { LongRunningForm } from "./long-running-form";

export interface InterruptCardProps {
  item: InboxItem;
  /** The user's answer; the container stores and sends it (POST /api/agents/:id/answers). */
  onAnswer: (answer: InterruptAnswer) => void;
  /** Re-send the stored failed answer (POST …/answers/:answerId/retry). */
  onRetry?: () => void;
  /** An answer or retry is in flight: buttons disabled, spinner shown. */
  sending?: boolean;
  /** Inside a session timeline: no source line, read-only JSON collapsed. */
  compact?: boolean;
  onOpenSession?: () => void;
}

interface AnswerFormSwitchProps {
  item: InboxItem;
  onAnswer: (answer: InterruptAnswer) => void;
  busy: boolean;
  compact: boolean;
  previous?: InterruptAnswer;
}

function AnswerForm({ item, ...rest }: AnswerFormSwitchProps) {
  switch (item.kind) {
    case "confirmation":
      return <ConfirmationForm item={item} {...rest} />;
    case "input":
      return <InputForm item={item} {...rest} />;
    case "credential":
      return <CredentialForm item={item} {...rest} />;
    case "long_running":
      return <LongRunningForm item={item} {...rest} />;
  }
}

/** One interrupt: where it comes from, and the form to answer it, or what became of it. */
export function InterruptCard({ item, onAnswer, onRetry, sending = false, compact = false, onOpenSession }: InterruptCardProps) {
  const status = interruptStatus(item);
  const last = item.lastAnswer;
  const busy = sending || last?.status === "sending";
  const open = status === "pending" || status === "failed";
  // Keyed by interrupt (event + call id) so one request's draft never shows in another, even one
  // that reuses the call id (a workflow gate run again starts with an empty form).
  const form = (
    <AnswerGuard>
      <AnswerForm key={item.key ?? item.id} item={item} onAnswer={onAnswer} busy={busy} compact={compact} previous={last?.answer} />
    </AnswerGuard>
  );
  return (
    <Card
      data-testid="interrupt-card"
      data-kind={item.kind}
      data-status={status}
      aria-busy={busy || undefined}
      className={compact ? "gap-2 py-2" : undefined}
    >
      <InterruptHeader item={item} status={status} compact={compact} onOpenSession={onOpenSession} />
      <CardContent className="flex flex-col gap-3">
        {!open && <p className="text-sm text-muted-foreground">{item.prompt}</p>}
        {status === "answered" && <AnsweredValue item={item} />}
        {status === "stale" && <StaleNote />}
        {status === "pending" && last?.status === "sent" && (
          <p className="text-xs text-muted-foreground" data-testid="answer-sent">
            Answer sent; waiting for the session to record it.
          </p>
        )}
        {status === "pending" && form}
        {status === "failed" && !last && form}
        {status === "failed" && last && (
          <>
            <FailedAnswer answer={last} onRetry={onRetry} busy={busy} />
            <details className="text-sm" data-testid="change-answer">
              <summary className="cursor-pointer text-xs font-medium text-muted-foreground select-none">Change the answer instead</summary>
              <div className="pt-2">{form}</div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
