"use client";

import type { ReactNode } from "react";
import { FileJsonIcon } from "lucide-react";
import type { PgToolCall } from "@/lib/contracts/playground";
import { Button } from "@/components/ui/button";
import { MessageText, ThoughtText } from "@/components/elements/message-text";
import { formatCost, formatDuration } from "@/lib/format";
import { PgToolCallCard } from "@/components/playground/pg-tool-call-card";
import { formatUsage } from "@/components/playground/labels";
import { stepText, type StepView } from "@/components/playground/timeline-model";

export interface StepBlockProps {
  step: StepView;
  /** Server names by connection id, for the call cards. */
  serverNames: Record<string, string>;
  onOpenRaw: (step: StepView) => void;
  renderApproval?: (call: PgToolCall) => ReactNode;
}

/** One model request and what came of it: the streamed text, the tool calls, and the raw exchange one click away. */
export function StepBlock({ step, serverNames, onOpenRaw, renderApproval }: StepBlockProps) {
  const { text, reasoning, streaming } = stepText(step);
  const response = step.response?.raw;
  const modelCalls = Array.isArray(response?.toolCalls) ? response.toolCalls : [];
  // A stop is recorded as an errored step; it is the user's doing, not the provider's.
  const stopped = response?.status === "error" && response.stopped === true;
  const failed = response?.status === "error" && !stopped;
  return (
    <div
      data-testid="pg-step"
      data-step={step.step}
      data-state={stopped ? "stopped" : failed ? "error" : response ? "done" : "running"}
      className="flex min-w-0 flex-col gap-1.5"
    >
      {reasoning && <ThoughtText text={reasoning} partial={streaming} />}
      {text !== "" && (
        <div data-testid="pg-assistant-text" className="rounded-md bg-muted/40 px-2.5 py-1.5">
          <MessageText text={text} partial={streaming} role="assistant" />
        </div>
      )}
      {!response && !streaming && text === "" && (
        <p className="animate-pulse text-xs text-muted-foreground" data-testid="pg-step-waiting">
          Waiting for the model…
        </p>
      )}
      {stopped && (
        <p data-testid="pg-step-stopped" className="text-xs text-muted-foreground">
          Stopped by you before the model finished this step.
        </p>
      )}
      {failed && (
        <div role="alert" data-testid="pg-step-error" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-xs">
          <p className="font-medium text-destructive">
            The provider answered with an error{response.http ? ` (HTTP ${response.http.status})` : ""}
          </p>
          <p className="break-words">{response.error?.message ?? "no message"}</p>
          {response.http?.body && (
            <pre className="mt-1 max-h-32 overflow-auto font-mono text-[11px] break-all whitespace-pre-wrap">
              {response.http.body.slice(0, 4000)}
            </pre>
          )}
        </div>
      )}
      {step.toolCalls.map(({ raw: call }) => (
        <PgToolCallCard
          key={call.toolCallId}
          call={call}
          modelCall={modelCalls.find((m) => m?.toolCallId === call.toolCallId)}
          serverName={call.connectionId ? serverNames[call.connectionId] : undefined}
          approval={call.status === "awaiting_approval" ? renderApproval?.(call) : undefined}
        />
      ))}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-muted-foreground">
        <span>step {step.step}</span>
        {response?.finishReason && <span>· {response.finishReason}</span>}
        {response && Number.isFinite(response.latencyMs) && <span className="tabular-nums">· {formatDuration(response.latencyMs)}</span>}
        {response?.usage && <span data-testid="pg-step-usage">· {formatUsage(response.usage)}</span>}
        {response && <span>· {formatCost(response.costUsd)}</span>}
        <Button
          size="xs"
          variant="ghost"
          className="ml-auto"
          data-testid="pg-step-raw"
          onClick={() => onOpenRaw(step)}
          disabled={!step.request && !step.response}
        >
          <FileJsonIcon /> Raw
        </Button>
      </div>
    </div>
  );
}
