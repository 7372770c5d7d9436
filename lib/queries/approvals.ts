import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ApprovalAnswer, ApprovalStatus, ToolApproval } from "@/lib/contracts/approvals";
import type { EntryHandler } from "@/lib/queries/entry-handler";
import { inboxKeys, upsertApproval, type InboxRow } from "@/lib/queries/inbox";
import { isReplayFrame } from "@/lib/queries/inbox-stream";

export const approvalKeys = {
  all: () => ["approvals"] as const,
  list: (status?: ApprovalStatus) => ["approvals", "list", status ?? "all"] as const,
  one: (id: string) => ["approvals", "one", id] as const,
};

/** GET /api/approvals: pending first, then newest first (`status` narrows it). */
export function approvalsQuery(status?: ApprovalStatus) {
  return queryOptions({
    queryKey: approvalKeys.list(status),
    queryFn: ({ signal }) => apiFetch<ToolApproval[]>(`/api/approvals${status ? `?status=${status}` : ""}`, { signal }),
  });
}

export function approvalQuery(id: string) {
  return queryOptions({
    queryKey: approvalKeys.one(id),
    queryFn: ({ signal }) => apiFetch<ToolApproval>(`/api/approvals/${encodeURIComponent(id)}`, { signal }),
  });
}

export const approvalsApi = {
  /** Approve (arguments absent: the caller's) or reject; 409 once it is answered or stale. */
  answer: (id: string, body: ApprovalAnswer) =>
    apiFetch<ToolApproval>(`/api/approvals/${encodeURIComponent(id)}`, { method: "POST", body }),
};

/** The more settled of two copies of one approval: an answered or stale copy never reopens. */
export function newerApproval(a: ToolApproval, b: ToolApproval | null | undefined): ToolApproval {
  if (!b || b.id !== a.id) return a;
  if (a.status === "pending" && b.status !== "pending") return b;
  return a;
}

function upsertList(list: ToolApproval[] | undefined, approval: ToolApproval, status: ApprovalStatus | "all"): ToolApproval[] | undefined {
  if (!list) return list;
  const known = list.find((a) => a.id === approval.id);
  const shown = known ? newerApproval(known, approval) : approval;
  const rest = list.filter((a) => a.id !== approval.id);
  const keep = status === "all" || shown.status === status;
  return [...(keep ? [shown] : []), ...rest].sort(
    (a, b) => Number(b.status === "pending") - Number(a.status === "pending") || b.createdAt - a.createdAt,
  );
}

/**
 * One approval as it is now (a stream entry or an answer POST) → every cache that holds it; a test
 * replay's (`inInbox: false`) joins the approvals lists but not the inbox, which leaves it out.
 */
export function putApproval(qc: QueryClient, approval: ToolApproval, { inInbox = true }: { inInbox?: boolean } = {}): void {
  if (inInbox && qc.getQueryState(inboxKeys.list()))
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertApproval(list, approval));
  for (const status of ["all", "pending", "answered", "stale"] as const) {
    const key = approvalKeys.list(status === "all" ? undefined : status);
    if (qc.getQueryState(key)) qc.setQueryData<ToolApproval[]>(key, (list) => upsertList(list, approval, status));
  }
  const one = approvalKeys.one(approval.id);
  if (qc.getQueryState(one)) qc.setQueryData<ToolApproval>(one, (known) => (known ? newerApproval(known, approval) : approval));
}

/**
 * `loupe/tool_approval` (raw = ToolApproval, recorded whole on every change) → the inbox and the
 * approvals caches. Only lists that exist are updated (a partial list would hide the other rows).
 * A preview cut for transport (large arguments) never replaces a full row: the lists are re-read.
 */
export const applyApprovalEntry: EntryHandler<"tool_approval"> = (qc, approval, e) => {
  if (e.truncated) {
    if (qc.getQueryState(inboxKeys.list())) void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    void qc.invalidateQueries({ queryKey: approvalKeys.all() });
    return;
  }
  if (approval) putApproval(qc, approval, { inInbox: !isReplayFrame(e) });
};
