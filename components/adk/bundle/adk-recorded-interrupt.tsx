"use client";

import type { InboxItem } from "@/lib/contracts/agents";
import { Card, CardContent } from "@/components/ui/card";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { AnsweredValue, FailedAnswer, StaleNote } from "@/components/adk/interrupts/answer-state";
import { interruptStatus } from "@/lib/workbench/adk";
import { InterruptHeader } from "@/components/adk/interrupts/interrupt-header";

/**
 * An interrupt of an imported ADK session, read-only: kind, the status it had at export, what was
 * asked and the answer given (or the upstream's refusal). Unlike the live AnswerableCard there is
 * no form, no Send and no Retry: nothing here reaches an agent server.
 */
export function AdkRecordedInterrupt({ item }: { item: InboxItem }) {
  const status = interruptStatus(item);
  const last = item.lastAnswer;
  return (
    <Card data-testid="recorded-interrupt" data-kind={item.kind} data-status={status} className="gap-2 py-2">
      <InterruptHeader item={item} status={status} compact />
      <CardContent className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{item.prompt}</p>
        {status === "answered" && <AnsweredValue item={item} />}
        {status === "stale" && <StaleNote />}
        {status === "failed" && last && <FailedAnswer answer={last} busy={false} />}
        {status === "pending" && (
          <>
            <p className="text-xs text-muted-foreground" data-testid="recorded-interrupt-waiting">
              Still waiting for an answer when the session was exported.
            </p>
            {item.payload !== undefined && <ReadOnlyJson label="What the agent sent with the request" value={item.payload} collapsed />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
