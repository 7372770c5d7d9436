"use client";

import { ExternalLinkIcon } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SafeText } from "@/components/ui/safe-text";
import type { AguiAnswerBody, AguiHumanRequest } from "@/lib/contracts/agui";
import { useAguiAnswer } from "@/hooks/use-agui";
import { formatClock, formatDateTime } from "@/lib/format";
import { InterruptStatusBadge } from "@/components/inbox/interrupt-header";
import { INBOX_SOURCE_TEXT, peerHref } from "@/components/inbox/source-text";
import { InterruptForm, ToolResultForm } from "./agui-answer-forms";

export interface AguiRequestCardProps {
  /** The inbox row (source "agui") or the request as the run timeline holds it. */
  row: AguiHumanRequest;
  /** Inside the run timeline, which already says where it is: no agent/thread line, no link. */
  compact?: boolean;
}

/**
 * An AG-UI run waiting on the user: a front-end tool call (answered with the tool's result, which
 * starts the next run with a `tool` message) or an interrupt (resolved or cancelled, which resumes
 * the thread with `resume[]`). A refused answer shows the agent's words and the form again.
 */
export function AguiRequestCard({ row, compact }: AguiRequestCardProps) {
  const answer = useAguiAnswer();
  const t = INBOX_SOURCE_TEXT.agui;
  const asRow = { ...row, source: "agui" as const };
  const send = (body: AguiAnswerBody) => answer.mutate({ requestId: row.id, body });
  // The answer just sent wins over the row until the row's next copy arrives.
  const status = answer.data?.status ?? row.status;
  const open = status === "pending" || status === "failed";
  const error = answer.error ?? (status === "failed" ? (answer.data?.error ?? row.error) : undefined);
  const schema = row.schema ?? row.interrupt?.responseSchema;

  return (
    <Card
      className="gap-2 py-3"
      data-testid="agui-request-card"
      data-kind={row.kind}
      data-status={status}
      data-request-id={row.id}
      data-thread-id={row.threadId}
      data-run-id={row.runId}
    >
      <CardHeader className="gap-1 px-3">
        <div className="flex items-center gap-2">
          <span className="text-sm font-medium">{t.kindLabel(asRow)}</span>
          {row.kind === "tool" && <code className="font-mono text-xs">{row.toolName}</code>}
          <InterruptStatusBadge status={status} />
          {!compact && (
            <a
              href={peerHref("agui", row.agentId, row.threadId, row.runId)}
              className="ml-auto inline-flex items-center gap-1 text-xs underline"
              data-testid="agui-request-open"
            >
              Open run <ExternalLinkIcon className="size-3" aria-hidden />
            </a>
          )}
        </div>
        {!compact && <SafeText text={t.where(asRow)} className="font-mono text-xs text-muted-foreground" />}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-3">
        <SafeText text={t.prompt(asRow)} className="block text-sm whitespace-pre-wrap" data-testid="agui-request-prompt" />
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
        {error && (
          <div
            role="alert"
            data-testid="agui-answer-error"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm"
          >
            <p className="font-medium text-destructive">The agent did not take the answer — change it or send it again (Retry)</p>
            <p>
              {"code" in error && <code className="mr-1 font-mono text-xs">{String(error.code)}</code>}
              {error.message}
            </p>
          </div>
        )}
        {status === "answered" && (
          <p className="text-sm text-muted-foreground" data-testid="agui-request-answered">
            Answered{(answer.data?.answeredAt ?? row.answeredAt) ? ` at ${formatClock((answer.data?.answeredAt ?? row.answeredAt)!)}` : ""};
            the thread goes on in the next run.
          </p>
        )}
        {status === "stale" && (
          <p className="text-sm text-muted-foreground" data-testid="agui-request-stale">
            No longer answerable{row.reason ? `: ${row.reason}` : " (the thread moved on, or Loupe restarted)."}
          </p>
        )}
        {open &&
          (row.kind === "tool" ? (
            <ToolResultForm
              id={`agui-${row.id}`}
              schema={schema}
              args={row.arguments ?? {}}
              busy={answer.isPending}
              retry={Boolean(error)}
              onAnswer={send}
            />
          ) : (
            <InterruptForm id={`agui-${row.id}`} schema={schema} busy={answer.isPending} retry={Boolean(error)} onAnswer={send} />
          ))}
      </CardContent>
    </Card>
  );
}
