import type { CallRecord } from "@/lib/contracts/calls";
import { formatClock } from "@/lib/format";
import { SaveCaseButton } from "@/components/elements/save-case";

/** "Save as test case" for one recorded tools/call (the MCP driver's `call` source). */
export function SaveCallCase({ call, label }: { call: CallRecord; label?: string }) {
  return (
    <SaveCaseButton
      source={{ protocol: "mcp", from: "call", ref: { connectionId: call.connectionId, callId: call.id } }}
      defaultName={`${call.tool} · ${formatClock(call.startedAt)}`}
      startWith={["structural", "is_error"]}
      label={label}
    />
  );
}
