import type { CallStatus } from "@/lib/contracts/calls";
import { StatusBadge } from "@/components/elements/status-badge";
import { callStatusTone } from "./call-tone";
import { callStatusMeta } from "@/lib/tool-result/status";

/** The status of a call in lists; labels come from the one CallStatus map. */
export function CallStatusBadge({ status }: { status: CallStatus }) {
  return (
    <StatusBadge tone={callStatusTone(status)} data-status={status} className="px-1 py-0 text-[10px]">
      {callStatusMeta(status).label}
    </StatusBadge>
  );
}
