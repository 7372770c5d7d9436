import "server-only";
import { RELATED_TASK_META_KEY } from "@modelcontextprotocol/sdk/types.js";
import type { CallRecord, CallStatus } from "@/lib/contracts/calls";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { callStore, stillRunning } from "@/lib/server/mcp/call-store";

/**
 * What ties a server → client request to the tools/call or task it belongs to, and how that call's
 * ending makes the request stale (used by the registry, registry.ts).
 */

/** How the tools/call a request belongs to ended, for its stale reason. */
const CALL_ENDED: Record<CallStatus, string> = {
  running: "is still running",
  ok: "finished",
  tool_error: "finished with a tool error",
  rpc_error: "failed with an error",
  cancelled: "cancelled",
  timeout: "timed out",
  failed: "failed",
  task: "became a task",
};

/**
 * Call endings that abandon the server's handler (Loupe cancelled it, gave up on it, or lost the
 * connection). A call that returned (a result, a tool error or an RPC error) while its request
 * is still unanswered did not wait for it: the server still does, or cancels it itself.
 */
export const ABANDONED: ReadonlySet<CallStatus> = new Set<CallStatus>(["cancelled", "timeout", "failed"]);

export function callEndedReason(call: Pick<CallRecord, "tool" | "status">): string {
  return `The call to ${call.tool} ended: ${CALL_ENDED[call.status] ?? call.status}; the server no longer waits for this answer`;
}

/** The task a server request is asked for, from its `_meta` (io.modelcontextprotocol/related-task). */
export function relatedTaskId(params: Record<string, unknown>): string | undefined {
  const meta = params._meta;
  if (typeof meta !== "object" || meta === null) return undefined;
  const related = (meta as Record<string, unknown>)[RELATED_TASK_META_KEY];
  const taskId = typeof related === "object" && related !== null ? (related as { taskId?: unknown }).taskId : undefined;
  return typeof taskId === "string" ? taskId : undefined;
}

/**
 * The tools/call a server request most likely belongs to. Nothing on the stdio wire links a
 * server→client request to the call that caused it (and the SDK hides which Streamable HTTP
 * stream it came on), so Loupe names a call only when it is the one tools/call of this session
 * still running — never a guess between several.
 */
export function onlyRunningCall(conn: ConnectionHandle): McpClientRequest["relatedCall"] | undefined {
  const since = conn.state.connectedAt ?? 0;
  const running = callStore(conn.hub.store)
    .list(conn.id, { limit: 50 })
    .filter((c) => stillRunning(c) && c.startedAt >= since);
  return running.length === 1 ? { callId: running[0]!.id, tool: running[0]!.tool } : undefined;
}
