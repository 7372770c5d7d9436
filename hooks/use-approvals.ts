"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApprovalAnswer, ApprovalStatus, ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { approvalKeys, approvalQuery, approvalsApi, approvalsQuery, newerApproval, putApproval } from "@/lib/queries/approvals";
import { inboxKeys, inboxQuery, isApprovalRow } from "@/lib/queries/inbox";

/** Tool approvals (GET /api/approvals); the stream's loupe/tool_approval keeps them current. */
export function useApprovals(status?: ApprovalStatus) {
  return useQuery(approvalsQuery(status));
}

/**
 * Answering one approval. Each card owns one, so two cards never share a spinner or an error. The
 * answered approval goes into every cache at once; the stream's entry follows (and cannot reopen it).
 */
export function useApprovalAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApprovalAnswer }) => approvalsApi.answer(id, body),
    onSuccess: (approval: ToolApproval) => putApproval(qc, approval),
    // 409: it no longer waits (answered elsewhere, or stale); re-read so the card shows what became of it.
    onError: (error, { id }) => {
      if (!(error instanceof AppError) || error.status !== 409) return;
      void qc.invalidateQueries({ queryKey: inboxKeys.list() });
      void qc.invalidateQueries({ queryKey: approvalKeys.all() });
      void qc.fetchQuery(approvalQuery(id)).then(
        (a) => putApproval(qc, a),
        () => undefined,
      );
    },
  });
}

/**
 * The newest copy of an approval this tab knows: the one given (a playground row may be older),
 * or the inbox's (kept current by the stream), whichever is more settled.
 */
export function useLiveApproval(approval: ToolApproval): ToolApproval {
  const { data } = useQuery(inboxQuery());
  const row = data?.find((r) => isApprovalRow(r) && r.id === approval.id) as ToolApproval | undefined;
  return newerApproval(approval, row);
}
