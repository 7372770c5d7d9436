import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";

/**
 * Where a human request stands, the same for every source: waits for the user, the last send
 * failed (Retry), answered, or no longer answerable.
 */
export type RequestStatus = "pending" | "failed" | "answered" | "stale";

/** A Record, so a new status without a label or tone is a type error (STYLE.md rule 7). */
export const REQUEST_STATUS_META: Record<RequestStatus, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "pending" },
  failed: { label: "Failed", tone: "failed" },
  answered: { label: "Answered", tone: "ok" },
  stale: { label: "Stale", tone: "stale" },
};

/** A request's status as a badge (`interrupt-status`, with `data-status`). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const meta = REQUEST_STATUS_META[status];
  return (
    <StatusBadge tone={meta.tone} data-testid="interrupt-status" data-status={status}>
      {meta.label}
    </StatusBadge>
  );
}
