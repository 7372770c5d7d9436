"use client";

import { useQuery } from "@tanstack/react-query";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { PgToolCall } from "@/lib/contracts/playground";
import { inboxQuery } from "@/lib/queries/inbox";

export interface ApprovalSlotProps {
  call: PgToolCall;
  onOpenInbox: () => void;
}

function approvalOf(rows: readonly unknown[] | undefined, id: string | undefined): ToolApproval | undefined {
  if (!id || !rows) return undefined;
  return rows.find((r): r is ToolApproval => (r as { source?: unknown }).source === "approval" && (r as { id?: unknown }).id === id);
}

/**
 * The gate of a waiting call, inline under it: the same approval the inbox lists (one record,
 * answered in either place). Read from the inbox cache, which the stream keeps current.
 */
export function ApprovalSlot({ call, onOpenInbox }: ApprovalSlotProps) {
  const inbox = useQuery(inboxQuery());
  const approval = approvalOf(inbox.data, call.approvalId);
  return (
    <div data-testid="pg-approval" data-approval-id={call.approvalId} data-found={approval ? "yes" : "no"} className="rounded-md border border-amber-500/40 bg-amber-500/5 p-2 text-xs">
      <p>
        Waiting for your approval.{" "}
        <button type="button" className="underline" onClick={onOpenInbox}>
          Open the inbox
        </button>
      </p>
    </div>
  );
}
