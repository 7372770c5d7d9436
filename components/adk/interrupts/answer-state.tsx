import { RotateCwIcon } from "lucide-react";
import type { InboxItem, StoredAnswer } from "@/lib/contracts/agents";
import { BusyButton } from "@/components/elements/busy-button";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { answerFailureTitle, type AnswerFailureNext } from "@/lib/workbench/answer-failure";

export interface FailedAnswerProps {
  answer: StoredAnswer;
  onRetry?: () => void;
  busy: boolean;
}

/**
 * What to do next after each failure on the live card (answerFailureTitle()): Retry sends the stored
 * answer again, "Change the answer instead" below sends another.
 */
const NEXT: AnswerFailureNext = {
  refused: "change the answer below, or send it again (Retry)",
  cut_off: "check the session, then send it again (Retry) or change the answer below",
  aborted: "check the session, then send it again (Retry) or change the answer below",
  unreachable: "once it is up, send it again (Retry) or change the answer below",
  unreadable: "check the session, then send it again (Retry) or change the answer below",
  not_sent: "send it (Retry) or change the answer below",
};

/**
 * A send that failed: what became of it, read from its error's code (the agent refused it, Loupe's
 * stop cut it off, the agent out of reach…), the upstream's error, and Retry of the stored answer —
 * nothing to retype. Without `onRetry` (a recorded session), what became of it alone.
 */
export function FailedAnswer({ answer, onRetry, busy }: FailedAnswerProps) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3">
      <div data-testid="answer-error" className="flex flex-col gap-0.5 text-sm">
        <span className="font-medium text-destructive">{answerFailureTitle(answer.error?.code, onRetry ? NEXT : undefined)}</span>
        {answer.error ? (
          <span>
            <code className="font-mono text-xs">{answer.error.code}</code> {answer.error.message}
          </span>
        ) : (
          <span className="text-muted-foreground">No error details were recorded.</span>
        )}
      </div>
      <ReadOnlyJson label="Your answer (kept)" value={answer.answer} testId="failed-answer-value" collapsed />
      {onRetry && (
        <BusyButton variant="outline" className="w-fit" data-testid="retry-answer" busy={busy} onClick={onRetry}>
          <RotateCwIcon />
          Retry
        </BusyButton>
      )}
    </div>
  );
}

/** What the session recorded as the answer (the functionResponse), else what Loupe sent. */
export function AnsweredValue({ item }: { item: InboxItem }) {
  const value = item.answer !== undefined ? item.answer : item.lastAnswer?.answer;
  return (
    <div data-testid="answered-value" className="flex flex-col gap-1">
      {value === undefined ? (
        <p className="text-sm text-muted-foreground">Answered outside Loupe; the answer is not in the session.</p>
      ) : (
        <ReadOnlyJson label="Answer" value={value} />
      )}
    </div>
  );
}

/** Not an error: the agent went on (another answer, a new message) and no longer waits (DESIGN.md). */
export function StaleNote() {
  return (
    <p data-testid="stale-note" className="text-sm text-muted-foreground">
      The session moved on without this answer.
    </p>
  );
}
