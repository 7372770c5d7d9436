import type { StatusTone } from "@/components/elements/status-badge";
import type { CallStatus } from "@/lib/contracts/calls";

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

const isCallStatus = (status: string): status is CallStatus => Object.hasOwn(CALL_TONE, status);

/** The tone of any status a call carries; one this build does not know reads as plain info. */
export function callStatusTone(status: string): StatusTone {
  return isCallStatus(status) ? CALL_TONE[status] : "info";
}
