import type { CallStatus } from "@/lib/contracts/calls";
import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";
import { callStatusMeta } from "@/lib/tool-result/status";

const CALL_TONE: Record<CallStatus, StatusTone> = {
  running: "running",
  ok: "ok",
  tool_error: "failed",
  rpc_error: "failed",
  cancelled: "canceled",
  timeout: "warning",
  failed: "failed",
  task: "info",
};

/** The tone of any status a call carries; one this build does not know reads as plain info. */
export function callStatusTone(status: string): StatusTone {
  return Object.hasOwn(CALL_TONE, status) ? CALL_TONE[status as CallStatus] : "info";
}

/** The status of a call in lists; labels come from the one CallStatus map. */
export function CallStatusBadge({ status }: { status: CallStatus }) {
  return (
    <StatusBadge tone={callStatusTone(status)} data-status={status} className="px-1 py-0 text-[10px]">
      {callStatusMeta(status).label}
    </StatusBadge>
  );
}
