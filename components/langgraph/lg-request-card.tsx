"use client";

import type { LgAnswerBody, LgHumanRequest } from "@/lib/contracts/langgraph";
import { useLgAnswer } from "@/hooks/use-langgraph";
import { formatClock } from "@/lib/format";
import { lgHumanInterruptOf, lgInboxText, lgThreadHref } from "@/lib/workbench/langgraph";
import { answerFailureTitle, type AnswerFailureNext } from "@/lib/workbench/answer-failure";
import { BusyButton } from "@/components/elements/busy-button";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { MarkdownView } from "@/components/elements/markdown-view";
import { HumanRequestCard } from "@/components/elements/request/human-request-card";
import { describeAnswer } from "./answer-values";
import { LgGenericAnswer } from "./lg-generic-answer";
import { LgHumanInterruptForm } from "./lg-human-interrupt-form";

export interface LgRequestCardProps {
  /** The inbox row (source "langgraph") or the request as the thread holds it. */
  row: LgHumanRequest;
  /** Inside the thread view, which already says where it is: no deployment/thread line, no link. */
  compact?: boolean;
  /** Opens the thread (the inbox's navigation); absent: the card links to it. */
  onOpen?: () => void;
}

/** Answered, but the step's other interrupts still wait: the resume goes out with the last one. */
function waitingNote(r: LgHumanRequest): string | null {
  const left = r.waitingFor ?? 0;
  if (!r.answer || left <= 0 || r.status === "failed" || r.status === "stale") return null;
  const count = r.stepCount ? `${r.stepCount - left} of ${r.stepCount} answered` : `${left} more to answer`;
  return `${count} — the resume goes out when all the step's interrupts are answered.`;
}

/**
 * What to do next after each failure (answerFailureTitle()): Retry, when the card offers it (a
 * failed answer Loupe kept), sends the same answer again; the form below sends another.
 */
function nextSteps(retry: boolean): AnswerFailureNext {
  const again = retry ? "Retry sends the same answer, or answer again below" : "answer again below";
  return {
    refused: again,
    cut_off: `check the thread first; ${again}`,
    aborted: `check the thread first; ${again}`,
    unreachable: `once it is up, ${again}`,
    unreadable: `check the thread first; ${again}`,
    not_sent: retry ? "Retry sends it, or answer again below" : "",
  };
}

/**
 * A LangGraph thread paused on `interrupt()`: a HumanInterrupt (accept / edit / respond / ignore as
 * its config allows) or any other value (resumed with a JSON value). The answer is kept by Loupe;
 * a failed resume shows what became of it (refused, cut off by Loupe's stop, the server out of
 * reach…) and its words, and can be sent again as it was (Retry).
 */
export function LgRequestCard({ row, compact, onOpen }: LgRequestCardProps) {
  const answer = useLgAnswer();
  // The answer just sent wins over the row until the row's next copy arrives.
  const current = answer.data ?? row;
  const status = current.status;
  const asRow = { ...current, source: "langgraph" as const };
  const hi = lgHumanInterruptOf(current);
  const send = (body: LgAnswerBody) => answer.mutate({ requestId: row.id, body });
  const error = answer.error ?? (status === "failed" ? current.error : undefined);
  const canRetry = status === "failed" && current.answer !== undefined;
  const waiting = waitingNote(current);
  const id = `lg-${row.id}`;
  const sent = current.answer ? describeAnswer(current.answer) : "answered";

  return (
    <HumanRequestCard
      testIdPrefix="lg"
      data={{
        "data-shape": row.shape,
        "data-request-id": row.id,
        "data-thread-id": row.threadId,
        "data-waiting": waiting ? "true" : undefined,
      }}
      status={status}
      kind={lgInboxText.kindLabel(asRow)}
      detail={hi && <code className="font-mono text-xs">{hi.action_request.action}</code>}
      where={lgInboxText.where(asRow)}
      open={
        onOpen
          ? { label: "Open thread", testId: "lg-request-open", onClick: onOpen }
          : { label: "Open thread", testId: "lg-request-open", href: lgThreadHref(row.deploymentId, row.threadId) }
      }
      compact={compact}
      prompt={hi ? `The graph asks to run ${hi.action_request.action}` : lgInboxText.prompt(asRow)}
      notes={
        <>
          {hi?.description && <MarkdownView markdown={hi.description} />}
          {hi ? (
            <ReadOnlyJson label="Arguments" value={hi.action_request.args} testId="lg-request-args" />
          ) : (
            <ReadOnlyJson label="Interrupt value" value={current.value} testId="lg-request-value" collapsed />
          )}
          {waiting && (
            <p className="text-xs text-muted-foreground" data-testid="lg-request-waiting">
              Your answer is kept ({sent}): {waiting}
            </p>
          )}
          {canRetry && (
            <BusyButton
              className="w-fit"
              size="sm"
              variant="outline"
              data-testid="lg-retry"
              busy={answer.isPending}
              onClick={() => send({ kind: "retry" })}
            >
              Retry ({sent})
            </BusyButton>
          )}
        </>
      }
      refusal={error ? { title: answerFailureTitle(error.code, nextSteps(canRetry)), error } : null}
      answered={`Answered${current.answeredAt ? ` at ${formatClock(current.answeredAt)}` : ""}: ${sent}${current.answeredByRunId ? ` · resumed by run ${current.answeredByRunId}` : ""}.`}
      stale={`No longer answerable${current.reason ? `: ${current.reason}` : " (the thread moved on)."}`}
    >
      {waiting ? null : hi ? (
        <LgHumanInterruptForm id={id} interrupt={hi} busy={answer.isPending} onAnswer={send} />
      ) : (
        <LgGenericAnswer id={id} value={current.value} busy={answer.isPending} onAnswer={send} />
      )}
    </HumanRequestCard>
  );
}
