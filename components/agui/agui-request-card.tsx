"use client";

import type { AguiAnswerBody, AguiHumanRequest } from "@/lib/contracts/agui";
import { useAguiAnswer } from "@/hooks/use-agui";
import { formatClock, formatDateTime } from "@/lib/format";
import { HumanRequestCard } from "@/components/elements/request/human-request-card";
import { INBOX_SOURCE_TEXT } from "@/lib/workbench/inbox";
import { answerFailureTitle, type AnswerFailureNext } from "@/lib/workbench/answer-failure";
import { peerHref } from "@/lib/workbench/peer-location";
import { InterruptForm, ToolResultForm } from "./agui-answer-forms";

export interface AguiRequestCardProps {
  /** The inbox row (source "agui") or the request as the run timeline holds it. */
  row: AguiHumanRequest;
  /** Inside the run timeline, which already says where it is: no agent/thread line, no link. */
  compact?: boolean;
}

/**
 * What became of an answer, by the request's state: the run that resumed the thread with it (it
 * starts when the answer is taken), or why none has yet (it waits for the run's other requests).
 */
function answeredText(r: Pick<AguiHumanRequest, "answeredAt" | "answeredByRunId" | "reason">): string {
  const at = `Answered${r.answeredAt ? ` at ${formatClock(r.answeredAt)}` : ""}`;
  if (r.answeredByRunId) return `${at}; the thread resumed in run ${r.answeredByRunId}.`;
  if (r.reason) return `${at}; ${r.reason.charAt(0).toLowerCase()}${r.reason.slice(1)}.`;
  return `${at}; the thread goes on in the next run.`;
}

/**
 * What to do next after each failure (answerFailureTitle()): the form stays, its button reads Retry
 * and sends the answer, as changed or not, in a new run on the thread.
 */
const NEXT: AnswerFailureNext = {
  refused: "change it or send it again (Retry)",
  cut_off: "check the thread, then send it again (Retry)",
  aborted: "check the thread, then send it again (Retry)",
  unreachable: "send it again once it is up (Retry)",
  unreadable: "check the thread, then send it again (Retry)",
  not_sent: "",
};

/**
 * An AG-UI run waiting on the user: a front-end tool call (answered with the tool's result, which
 * starts the next run with a `tool` message) or an interrupt (resolved or cancelled, which resumes
 * the thread with `resume[]`). A failed answer shows what became of it (refused by the agent, cut
 * off by Loupe's stop, the agent out of reach…), its error, and the form again.
 */
export function AguiRequestCard({ row, compact }: AguiRequestCardProps) {
  const answer = useAguiAnswer();
  const t = INBOX_SOURCE_TEXT.agui;
  const asRow = { ...row, source: "agui" as const };
  const send = (body: AguiAnswerBody) => answer.mutate({ requestId: row.id, body });
  // The answer just sent wins over the row until the row's next copy arrives.
  const status = answer.data?.status ?? row.status;
  const error = answer.error ?? (status === "failed" ? (answer.data?.error ?? row.error) : undefined);
  const schema = row.schema ?? row.interrupt?.responseSchema;
  const answeredAt = answer.data?.answeredAt ?? row.answeredAt;
  // A request answered before its run's others is resumed later: the row's next copy names the run
  // (a failed row's is the refused attempt's, not this answer's).
  const answeredByRunId = answer.data?.answeredByRunId ?? (row.status === "answered" ? row.answeredByRunId : undefined);
  const answeredReason = answeredByRunId ? undefined : (answer.data?.reason ?? row.reason);
  const id = `agui-${row.id}`;

  return (
    <HumanRequestCard
      testIdPrefix="agui"
      data={{ "data-kind": row.kind, "data-request-id": row.id, "data-thread-id": row.threadId, "data-run-id": row.runId }}
      status={status}
      kind={t.kindLabel(asRow)}
      detail={row.kind === "tool" && <code className="font-mono text-xs">{row.toolName}</code>}
      where={t.where(asRow)}
      open={{ label: "Open run", testId: "agui-request-open", href: peerHref("agui", row.agentId, row.threadId, row.runId) }}
      compact={compact}
      prompt={t.prompt(asRow)}
      notes={
        <>
          {row.kind === "interrupt" && row.interrupt?.reason && row.interrupt.message && (
            <p className="text-xs text-muted-foreground">
              Reason: <span className="font-mono">{row.interrupt.reason}</span>
              {row.interrupt.expiresAt ? ` · expires ${formatDateTime(Date.parse(row.interrupt.expiresAt))}` : ""}
            </p>
          )}
          {status === "pending" && row.reason && (
            <p className="text-xs text-muted-foreground" data-testid="agui-request-reason">
              {row.reason}
            </p>
          )}
        </>
      }
      refusal={error ? { title: answerFailureTitle(error.code, NEXT), error } : null}
      answered={answeredText({ answeredAt, answeredByRunId, reason: answeredReason })}
      stale={`No longer answerable${row.reason ? `: ${row.reason}` : " (the thread moved on, or Loupe restarted)."}`}
    >
      {row.kind === "tool" ? (
        <ToolResultForm id={id} schema={schema} args={row.arguments ?? {}} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
      ) : (
        <InterruptForm id={id} schema={schema} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
      )}
    </HumanRequestCard>
  );
}
