"use client";

import type { InboxItem } from "@/lib/contracts/agents";
import { useAdkAnswers } from "@/hooks/use-inbox";
import { InterruptCard } from "@/components/adk/interrupts/interrupt-card";
import { QueryError } from "@/components/elements/query-error";

export interface AnswerableCardProps {
  item: InboxItem;
  compact?: boolean;
  onOpenSession?: () => void;
}

/**
 * An InterruptCard wired to the answers API, with its own mutation state so two cards never
 * share a spinner or an error. A request that fails outright shows under the card; an upstream
 * refusal comes back as a failed StoredAnswer, which the card shows with Retry.
 */
export function AnswerableCard({ item, compact, onOpenSession }: AnswerableCardProps) {
  const { answer, retry } = useAdkAnswers();
  const latest = [answer.data?.answer, retry.data?.answer].filter((a) => a !== undefined).sort((a, b) => b.createdAt - a.createdAt)[0];
  // Our own answer may be newer than the item (an interrupt the inbox has not listed yet).
  const shown = latest && latest.createdAt > (item.lastAnswer?.createdAt ?? -1) ? { ...item, lastAnswer: latest } : item;
  const last = shown.lastAnswer;
  const error = answer.error ?? retry.error;
  return (
    <div className="flex flex-col gap-1.5" data-testid="answerable-card">
      <InterruptCard
        item={shown}
        compact={compact}
        sending={answer.isPending || retry.isPending}
        onAnswer={(a) => answer.mutate({ item, answer: a })}
        onRetry={last ? () => retry.mutate({ agentId: item.agentId, answerId: last.id }) : undefined}
        onOpenSession={onOpenSession}
      />
      {error && <QueryError title="Could not send the answer" error={error} />}
    </div>
  );
}
