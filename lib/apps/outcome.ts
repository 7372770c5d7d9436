import type { CallRecord, CallStatus } from "@/lib/contracts/calls";
import { isRecord } from "@/lib/values";

/** What the View hears when the call it belongs to ends (SEP-1865 tool-result / tool-cancelled). */
export type CallOutcome = { kind: "result"; result: { content: unknown[]; [k: string]: unknown } } | { kind: "cancelled"; reason: string };

const CANCEL_REASON: Record<Exclude<CallStatus, "running" | "ok" | "tool_error" | "task">, string> = {
  cancelled: "Cancelled by the user",
  timeout: "The call timed out",
  rpc_error: "The server answered with an error",
  failed: "The call failed",
};

/**
 * `ui/notifications/tool-result` carries a CallToolResult (an `isError` one too: the tool ran);
 * a call that produced none (cancelled, timed out, JSON-RPC error, failed) is
 * `ui/notifications/tool-cancelled` with the reason in words. A running call has no outcome yet.
 */
export function outcomeOf(call: CallRecord | null): CallOutcome | null {
  // A call the server made a task has no outcome yet: its work goes on as the task.
  if (!call || call.status === "running" || call.status === "task") return null;
  if (call.status === "ok" || call.status === "tool_error") {
    const r = isRecord(call.result) ? call.result : {};
    return { kind: "result", result: { ...r, content: Array.isArray(r.content) ? r.content : [] } };
  }
  const detail = call.error?.message;
  const why = CANCEL_REASON[call.status] ?? "The call ended without a result";
  return { kind: "cancelled", reason: detail ? `${why}: ${detail}` : why };
}
