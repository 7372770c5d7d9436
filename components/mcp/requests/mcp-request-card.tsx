"use client";

import { useState } from "react";
import { AnswerGuard } from "@/components/elements/role";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { Card, CardContent } from "@/components/ui/card";
import type { McpAnswerBody, McpClientRequest } from "@/lib/contracts/mcp-requests";
import { AnswerProblemView } from "./answer-problem";
import { AnsweredBody } from "./answered-body";
import { initialElicitationValue } from "./elicitation-form";
import { RequestAnswerForm } from "./request-answer-form";
import { RequestHeader } from "./request-header";
import { answerProblem, samplingView } from "@/lib/protocols/mcp/request-params";
import { SamplingDetails } from "./sampling-details";
import { StaleNotice } from "./stale-notice";
import { initialSamplingDraft, type SamplingDraft } from "./sampling-form";
import { useSamplingDrafter } from "@/hooks/use-sampling-drafter";

export interface McpRequestCardProps {
  request: McpClientRequest;
  /** The user's answer; the container POSTs it (POST /api/connections/:id/requests/:requestId). */
  onAnswer: (body: McpAnswerBody) => void;
  /** An answer is in flight: buttons disabled, spinner shown. */
  sending?: boolean;
  /** Why the last answer POST failed (400, 409, network), shown on the card. */
  error?: Error | null;
  /** Next to the running call on the tool page: no source line, details collapsed. */
  compact?: boolean;
  onOpenConnection?: () => void;
}

/**
 * One sampling or elicitation request of an MCP server: what it asks, the form to answer, or what
 * became of it. The card keeps the user's draft itself, so a refused send (400), a request that
 * went stale meanwhile (409) or a network failure never throws away what was typed.
 */
export function McpRequestCard({
  request,
  onAnswer,
  sending = false,
  error = null,
  compact = false,
  onOpenConnection,
}: McpRequestCardProps) {
  const [sampling, setSampling] = useState<SamplingDraft>(() => initialSamplingDraft(request));
  const [formValue, setFormValue] = useState<Record<string, unknown>>(() => initialElicitationValue(request));
  // Typed into (not just the schema defaults): kept in view if the request goes stale meanwhile.
  const [formEdited, setFormEdited] = useState(false);
  const status = request.status;
  const open = status === "pending" || status === "failed";
  const busy = sending;
  const resend = status === "failed";
  const problem = error ? answerProblem(error) : null;
  // A sampling request raised by a playground model's tool call can be drafted by that model.
  const drafter = useSamplingDrafter(request);

  const form = (
    <RequestAnswerForm
      request={request}
      sampling={sampling}
      onSamplingChange={setSampling}
      formValue={formValue}
      onFormValueChange={(next) => {
        setFormValue(next);
        setFormEdited(true);
      }}
      serverIssues={problem?.issues ?? []}
      onAnswer={onAnswer}
      busy={busy}
      resend={resend}
      drafter={drafter}
    />
  );

  // What the user typed but could not send, shown read-only once the form is gone (stale).
  const unsent =
    request.kind === "sampling"
      ? sampling.text.trim() !== ""
        ? sampling
        : null
      : request.kind === "elicitation_form" && (error || formEdited)
        ? formValue
        : null;

  return (
    <Card
      data-testid="mcp-request-card"
      data-kind={request.kind}
      data-status={status}
      data-request-id={request.id}
      aria-busy={busy || undefined}
      className={compact ? "gap-2 py-2" : undefined}
    >
      <RequestHeader request={request} status={status} compact={compact} onOpenConnection={onOpenConnection} />
      <CardContent className="flex flex-col gap-3">
        {request.kind === "sampling" && <SamplingDetails view={samplingView(request.params)} compact={compact} />}
        {status === "failed" && (
          <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="request-failed">
            <span className="font-medium text-destructive">The answer could not be delivered.</span>{" "}
            {request.reason ?? "No reason was recorded."}
            <span className="block text-xs text-muted-foreground">
              Your answer is kept in the form; the server still waits, so it can be sent again.
            </span>
          </div>
        )}
        {open && <AnswerGuard>{form}</AnswerGuard>}
        {status === "answered" &&
          (request.answer ? (
            <AnsweredBody body={request.answer.body} at={request.answer.at} />
          ) : (
            <p className="text-sm text-muted-foreground">Answered; the reply was not recorded.</p>
          ))}
        {status === "stale" && (
          <div className="flex flex-col gap-2" data-testid="request-stale">
            <StaleNotice request={request} />
            {unsent && <ReadOnlyJson label="What you wrote (not sent)" value={unsent} testId="request-unsent" />}
          </div>
        )}
        {error && <AnswerProblemView error={error} />}
      </CardContent>
    </Card>
  );
}
