import type { ReactNode } from "react";
import type { InboxStatus } from "@/lib/workbench/inbox-text";
import type { AppErrorBody } from "@/lib/errors";
import { formatClock } from "@/lib/format";
import { ANSWER_FAILURE_SAID, answerFailure } from "@/lib/workbench/answer-failure";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SafeText } from "@/components/ui/safe-text";
import { RequestStatusBadge } from "@/components/elements/request/request-status";

/** The fields every recorded human request has (an A2A task's, an AG-UI run's…). */
export interface RecordedRequestFields {
  id: string;
  kind: string;
  status: InboxStatus;
  createdAt: number;
  answeredAt?: number;
  reason?: string;
  error?: AppErrorBody;
}

export interface RecordedRequestCardProps {
  request: RecordedRequestFields;
  /** Worded like the inbox words the row (its source's inbox text). */
  kindLabel: string;
  prompt: string;
  /** Beside the kind in the header (a tool's name). */
  headerExtra?: ReactNode;
  /** Under the prompt (a tool call's arguments). */
  details?: ReactNode;
  /** The answer that was given, as the protocol shows it; undefined when there was none. */
  answer?: ReactNode;
}

/**
 * A human request of an imported unit, read-only: what the agent asked, its status then, and the
 * answer that was given; a failed answer's error under what became of it, read from its code as the
 * live cards read it (answerFailure(), lib/workbench/answer-failure.ts: the agent refused it, Loupe's
 * stop cut it off, the agent was out of reach…). No form, no button: nothing here reaches the agent.
 */
export function RecordedRequestCard({ request, kindLabel, prompt, headerExtra, details, answer }: RecordedRequestCardProps) {
  return (
    <Card
      className="gap-2 py-3"
      data-testid="recorded-request"
      data-request-id={request.id}
      data-kind={request.kind}
      data-status={request.status}
    >
      <CardHeader className="gap-1 px-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{kindLabel}</span>
          {headerExtra}
          <RequestStatusBadge status={request.status} />
          <span className="text-xs text-muted-foreground">
            asked {formatClock(request.createdAt)}
            {request.answeredAt ? ` · answered ${formatClock(request.answeredAt)}` : ""}
          </span>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 px-3">
        <SafeText text={prompt} className="block text-sm whitespace-pre-wrap" data-testid="recorded-request-prompt" />
        {details}
        {answer !== undefined && (
          <div className="flex flex-col gap-1 border-l-2 pl-2" data-testid="recorded-request-answer">
            <span className="text-xs text-muted-foreground">The answer given</span>
            {answer}
          </div>
        )}
        {request.status === "stale" && request.reason && (
          <p className="text-xs text-muted-foreground" data-testid="recorded-request-reason">
            No longer answerable: {request.reason}
          </p>
        )}
        {request.error && (
          <p role="note" className="text-xs text-destructive" data-testid="recorded-request-error">
            {ANSWER_FAILURE_SAID[answerFailure(request.error.code)]}: {request.error.message}{" "}
            <code className="font-mono">({request.error.code})</code>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
