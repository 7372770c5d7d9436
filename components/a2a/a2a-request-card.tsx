"use client";

import { ExternalLinkIcon, RotateCwIcon } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SafeText } from "@/components/ui/safe-text";
import type { A2aAnswerBody, A2aHumanRequest } from "@/lib/contracts/a2a";
import { useQuery } from "@tanstack/react-query";
import { useA2aAnswer } from "@/hooks/use-a2a";
import { a2aAgentsQuery } from "@/lib/queries/a2a";
import { readCard } from "@/components/a2a/card-model";
import { InterruptStatusBadge } from "@/components/inbox/interrupt-header";
import { INBOX_SOURCE_TEXT, peerHref } from "@/components/inbox/source-text";
import { A2aInputForm } from "@/components/a2a/a2a-input-form";
import { A2aCredentialForm } from "@/components/a2a/a2a-credential-form";
import { formatClock } from "@/lib/format";

export interface A2aRequestCardProps {
  /** The inbox row (source "a2a") or the request as the timeline holds it. */
  row: A2aHumanRequest;
  /** Inside a view that already says where it is (the task timeline): no agent/task line, no link. */
  compact?: boolean;
}

/**
 * An A2A task waiting for the user (input-required / auth-required). Submitting continues the
 * SAME task (taskId + contextId) through POST /api/a2a/requests/:id; a refused answer shows the
 * agent's words and the form again to retry.
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
  const open = row.status === "pending" || row.status === "failed";
  const error = answer.error ?? (row.status === "failed" ? row.error : undefined);

  return (
    <Card
      className="gap-2 py-3"
      data-testid="a2a-request-card"
      data-request-id={row.id}
      data-task-id={row.taskId}
      data-kind={row.kind}
      data-status={row.status}
    >
      <CardHeader className="gap-1 px-3">
        <div className="flex items-center gap-2">
          <span className="text-sm font-medium">{t.kindLabel(asRow)}</span>
          <InterruptStatusBadge status={row.status} />
          {!compact && (
            <a
              href={peerHref("a2a", row.agentId, row.contextId, row.taskId)}
              className="ml-auto inline-flex items-center gap-1 text-xs underline"
              data-testid="a2a-request-open"
            >
              Open task <ExternalLinkIcon className="size-3" aria-hidden />
            </a>
          )}
        </div>
        {!compact && <SafeText text={t.where(asRow)} className="font-mono text-xs text-muted-foreground" />}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-3">
        <SafeText text={t.prompt(asRow)} className="block text-sm whitespace-pre-wrap" data-testid="a2a-request-prompt" />
        {error && (
          <div role="alert" data-testid="a2a-answer-error" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
            <p className="font-medium text-destructive">
              <RotateCwIcon className="mr-1 inline size-3.5" aria-hidden />
              The agent refused the answer — fix it and send again (Retry)
            </p>
            <p>
              {"code" in error && <code className="mr-1 font-mono text-xs">{String(error.code)}</code>}
              {error.message}
            </p>
          </div>
        )}
        {row.status === "answered" && (
          <p className="text-sm text-muted-foreground" data-testid="a2a-request-answered">
            Answered{row.answeredAt ? ` at ${formatClock(row.answeredAt)}` : ""}; the task goes on.
          </p>
        )}
        {row.status === "stale" && (
          <p className="text-sm text-muted-foreground" data-testid="a2a-request-stale">
            No longer answerable{row.reason ? `: ${row.reason}` : "."}
          </p>
        )}
        {open &&
          (row.kind === "auth" ? (
            <A2aCredentialForm id={row.id} schemes={schemes} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
          ) : (
            <A2aInputForm id={row.id} schema={row.schema} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
          ))}
      </CardContent>
    </Card>
  );
}
