"use client";

import { useQuery } from "@tanstack/react-query";
import type { PgToolCall } from "@/lib/contracts/playground";
import { approvalQuery } from "@/lib/queries/approvals";
import { inboxQuery, isApprovalRow } from "@/lib/queries/inbox";
import { ApprovalCard } from "@/components/approvals";

export interface ApprovalSlotProps {
  call: PgToolCall;
  onOpenInbox: () => void;
}

/**
 * The gate of a waiting call, inline under it: the very approval the inbox lists (one record,
 * answered in either place). Read from the inbox cache, which the stream keeps current; fetched
 * on its own only when the inbox does not hold it (yet).
 */
export function ApprovalSlot({ call, onOpenInbox }: ApprovalSlotProps) {
  const inbox = useQuery(inboxQuery());
  const id = call.approvalId;
  const row = id ? inbox.data?.filter(isApprovalRow).find((r) => r.id === id) : undefined;
  const one = useQuery({ ...approvalQuery(id ?? ""), enabled: Boolean(id) && !row && inbox.isFetched });
  const approval = row ?? one.data;
  if (approval) return <ApprovalCard approval={approval} compact />;
  return (
    <div
      data-testid="pg-approval-waiting"
      data-approval-id={id}
      className="rounded-md border border-amber-500/40 bg-amber-500/5 p-2 text-xs"
    >
      <p>
        {one.isError ? `Waiting for approval (the card could not be loaded: ${one.error.message}). ` : "Waiting for approval… "}
        <button type="button" className="underline" onClick={onOpenInbox}>
          Open the inbox
        </button>
      </p>
    </div>
  );
}
