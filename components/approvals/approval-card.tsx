"use client";

import { useEffect, useRef, useState } from "react";
import { AnswerGuard } from "@/components/elements/role";
import { CheckIcon, XIcon } from "lucide-react";
import { BusyButton } from "@/components/elements/busy-button";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { DEFAULT_REJECT_REASON, sameArguments, type ApprovalAnswer, type ToolApproval } from "@/lib/contracts/approvals";
import { useApprovalAnswer, useLiveApproval } from "@/hooks/use-approvals";
import { ApprovalArgs, initialArgsDraft, type ArgsDraft } from "./approval-args";
import { ApprovalHeader } from "./approval-header";
import { ApprovalAnswerError, ApprovalOutcome } from "./approval-outcome";

export interface ApprovalCardViewProps {
  approval: ToolApproval;
  /** The user's answer; the container POSTs it (POST /api/approvals/:id). */
  onAnswer: (answer: ApprovalAnswer) => void;
  sending?: boolean;
  /** Why the last answer POST failed (400, 409, network), shown on the card. */
  error?: Error | null;
  /** Inline in a playground conversation: no asker line. */
  compact?: boolean;
}

/**
 * One gated tool call: the tool, who asks and why it waits, the arguments editable, Approve /
 * Reject with a reason — then the decision. The draft lives in the card, so a failed send (or the
 * call going stale meanwhile) never throws away what was typed.
 */
export function ApprovalCardView({ approval, onAnswer, sending = false, error = null, compact = false }: ApprovalCardViewProps) {
  const [draft, setDraft] = useState<ArgsDraft>(() => initialArgsDraft(approval.arguments));
  const [reason, setReason] = useState("");
  const pending = approval.status === "pending";
  const id = `approval-${approval.id}`;
  const edited = !sameArguments(draft.value, approval.arguments);
  const cardRef = useRef<HTMLDivElement>(null);
  const answeredHere = useRef(false);
  // The button the user pressed leaves with the form: keep keyboard focus on this card (not the
  // page's body) — only when the answer came from here and focus fell nowhere else.
  useEffect(() => {
    const active = document.activeElement;
    if (!pending && answeredHere.current && (!active || active === document.body)) cardRef.current?.focus({ preventScroll: true });
  }, [pending]);
  const answer = (a: ApprovalAnswer) => {
    answeredHere.current = true;
    onAnswer(a);
  };
  return (
    <Card
      ref={cardRef}
      tabIndex={-1}
      data-testid="approval-card"
      data-status={approval.status}
      data-approval-id={approval.id}
      aria-busy={sending || undefined}
      className={cn("outline-none focus-visible:ring-2 focus-visible:ring-ring", compact && "gap-2 py-2")}
    >
      <ApprovalHeader approval={approval} compact={compact} />
      <CardContent className="flex flex-col gap-3">
        {pending ? (
          <AnswerGuard>
            <ApprovalArgs id={id} inputSchema={approval.inputSchema} draft={draft} onDraftChange={setDraft} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reason`} className="text-xs">
                Reason if you reject (the caller receives it)
              </Label>
              <Input
                id={`${id}-reason`}
                data-testid="approval-reason"
                value={reason}
                placeholder={DEFAULT_REJECT_REASON}
                maxLength={4000}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <BusyButton
                data-testid="approval-approve"
                busy={sending}
                disabled={draft.error !== null}
                onClick={() => answer(edited ? { action: "approve", arguments: draft.value } : { action: "approve" })}
              >
                <CheckIcon />
                {edited ? "Approve with edits" : "Approve"}
              </BusyButton>
              <BusyButton
                variant="outline"
                data-testid="approval-reject"
                busy={sending}
                onClick={() => answer(reason.trim() ? { action: "reject", reason: reason.trim() } : { action: "reject" })}
              >
                <XIcon />
                Reject
              </BusyButton>
              {draft.error !== null && <span className="text-xs text-destructive">Fix the arguments to approve.</span>}
            </div>
          </AnswerGuard>
        ) : (
          <>
            {approval.status === "stale" && (
              <ReadOnlyJson label="Arguments asked for" value={approval.arguments} testId="approval-asked-args" collapsed />
            )}
            <ApprovalOutcome approval={approval} />
          </>
        )}
        {error && <ApprovalAnswerError error={error} />}
      </CardContent>
    </Card>
  );
}

export interface ApprovalCardProps {
  approval: ToolApproval;
  compact?: boolean;
}

/**
 * An ApprovalCardView wired to POST /api/approvals/:id, with its own mutation so two cards never
 * share a spinner or an error. Shows the newest copy this tab knows (the answer POST, the inbox
 * the stream keeps current), so a playground can pass the row it has.
 */
export function ApprovalCard({ approval, compact }: ApprovalCardProps) {
  const answer = useApprovalAnswer();
  const live = useLiveApproval(approval);
  const mine = answer.data?.id === approval.id ? answer.data : null;
  const shown = mine && live.status === "pending" ? mine : live;
  return (
    <ApprovalCardView
      key={approval.id}
      approval={shown}
      compact={compact}
      sending={answer.isPending}
      error={answer.error}
      onAnswer={(body) => answer.mutate({ id: approval.id, body })}
    />
  );
}
