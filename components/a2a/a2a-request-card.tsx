"use client";

import { RotateCwIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import type { A2aAnswerBody, A2aHumanRequest } from "@/lib/contracts/a2a";
import { useA2aAnswer } from "@/hooks/use-a2a";
import { a2aAgentsQuery } from "@/lib/queries/a2a";
import { formatClock } from "@/lib/format";
import { HumanRequestCard } from "@/components/elements/request/human-request-card";
import { INBOX_SOURCE_TEXT } from "@/lib/workbench/inbox";
import { peerHref } from "@/lib/workbench/peer-location";
import { readCard } from "@/components/a2a/card-model";
import { A2aInputForm } from "@/components/a2a/a2a-input-form";
import { A2aCredentialForm } from "@/components/a2a/a2a-credential-form";
import { a2aAnswerFailureTitle } from "@/components/a2a/answer-failure";

export interface A2aRequestCardProps {
  /** The inbox row (source "a2a") or the request as the timeline holds it. */
  row: A2aHumanRequest;
  /** Inside a view that already says where it is (the task timeline): no agent/task line, no link. */
  compact?: boolean;
}

/**
 * An A2A task waiting for the user (input-required / auth-required). Submitting continues the
 * SAME task (taskId + contextId) through POST /api/a2a/requests/:id; a failed answer shows the
 * form again to retry, under a title that says what happened (the agent refused it, Loupe's stop cut
 * it off, the agent was out of reach…: answer-failure.ts) and the error's words.
 */
export function A2aRequestCard({ row, compact }: A2aRequestCardProps) {
  const answer = useA2aAnswer();
  // The agent's card names its security schemes: offered as suggestions for a credential.
  const agents = useQuery({ ...a2aAgentsQuery(), enabled: row.kind === "auth" });
  const card = agents.data?.find((a) => a.id === row.agentId)?.state.card;
  const schemes = card === undefined ? [] : readCard(card).schemes.map((s) => s.name);
  const t = INBOX_SOURCE_TEXT.a2a;
  const asRow = { ...row, source: "a2a" as const };
  const send = (body: A2aAnswerBody) => answer.mutate({ requestId: row.id, body });
  const error = answer.error ?? (row.status === "failed" ? row.error : undefined);
  const title = (
    <>
      <RotateCwIcon className="mr-1 inline size-3.5" aria-hidden />
      {a2aAnswerFailureTitle(error?.code)}
    </>
  );

  return (
    <HumanRequestCard
      testIdPrefix="a2a"
      data={{ "data-request-id": row.id, "data-task-id": row.taskId, "data-kind": row.kind }}
      status={row.status}
      kind={t.kindLabel(asRow)}
      where={t.where(asRow)}
      open={{ label: "Open task", testId: "a2a-request-open", href: peerHref("a2a", row.agentId, row.contextId, row.taskId) }}
      compact={compact}
      prompt={t.prompt(asRow)}
      refusal={error ? { title, error } : null}
      answered={`Answered${row.answeredAt ? ` at ${formatClock(row.answeredAt)}` : ""}; the task goes on.`}
      stale={`No longer answerable${row.reason ? `: ${row.reason}` : "."}`}
    >
      {row.kind === "auth" ? (
        <A2aCredentialForm id={row.id} schemes={schemes} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
      ) : (
        <A2aInputForm id={row.id} schema={row.schema} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
      )}
    </HumanRequestCard>
  );
}
