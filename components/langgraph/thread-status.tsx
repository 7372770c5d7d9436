import type { LgRunStatus, LgThreadStatus } from "@/lib/contracts/langgraph";
import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";

type KnownThreadStatus = "idle" | "busy" | "interrupted" | "error";

/** Records, so a new status without a label or tone is a type error (STYLE rule 7). */
const THREAD_STATUS: Record<KnownThreadStatus, { label: string; tone: StatusTone }> = {
  idle: { label: "Idle", tone: "ok" },
  busy: { label: "Busy", tone: "running" },
  interrupted: { label: "Interrupted", tone: "pending" },
  error: { label: "Error", tone: "failed" },
};

const RUN_STATUS: Record<LgRunStatus, { label: string; tone: StatusTone }> = {
  running: { label: "Running", tone: "running" },
  success: { label: "Success", tone: "ok" },
  interrupted: { label: "Interrupted", tone: "pending" },
  error: { label: "Error", tone: "failed" },
  cancelled: { label: "Cancelled", tone: "canceled" },
};

const isKnown = (s: string): s is KnownThreadStatus => Object.hasOwn(THREAD_STATUS, s);

/** The filter of the thread list: every status the server knows, and all. */
export const THREAD_FILTERS = ["", "interrupted", "idle", "error", "busy"] as const;
export const threadFilterLabel = (s: string) => (isKnown(s) ? THREAD_STATUS[s].label : "All");

/** A thread's status as the server says it (a status this Loupe does not know is shown as is). */
export function LgThreadStatusBadge({ status }: { status: LgThreadStatus }) {
  const meta = isKnown(status) ? THREAD_STATUS[status] : { label: status, tone: "info" as const };
  return (
    <StatusBadge tone={meta.tone} data-testid="lg-thread-status" data-status={status}>
      {meta.label}
    </StatusBadge>
  );
}

export function LgRunStatusBadge({ status }: { status: LgRunStatus }) {
  const meta = RUN_STATUS[status];
  return (
    <StatusBadge tone={meta.tone} data-testid="lg-run-status" data-status={status}>
      {meta.label}
    </StatusBadge>
  );
}
