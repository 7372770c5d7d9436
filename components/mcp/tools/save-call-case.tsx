import type { CallRecord } from "@/lib/contracts/calls";
import { formatClock } from "@/lib/format";
import { SaveCaseButton } from "@/components/elements/save-case";

/** "Save as case" for one recorded tools/call (the MCP driver's `call` source). */
export function SaveCallCase({ call }: { call: CallRecord }) {
  return (
    <SaveCaseButton
      source={{ protocol: "mcp", from: "call", ref: { connectionId: call.connectionId, callId: call.id } }}
      defaultName={`${call.tool} · ${formatClock(call.startedAt)}`}
      startWith={["structural", "is_error"]}
    />
  );
}
