import { z } from "zod";
import type { AppErrorBody } from "@/lib/errors";

export const CallToolBody = z.object({
  /** Chosen by the client so it can cancel before the response comes back. */
  callId: z.string().min(1).max(100).optional(),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
  /** Total cap of a call whose timeout resets on every progress message (SDK `maxTotalTimeout`). */
  maxTotalTimeoutMs: z.number().int().min(100).max(86_400_000).optional(),
});

/**
 * Who made a call, when it was not the user on the tool page: a playground model (issue 10), a
 * client of a tap (named by its clientInfo), or an MCP App. Absent: the user, by hand.
 */
export type CallOrigin =
  | { kind: "playground"; conversationId: string; columnId: string; toolCallId: string }
  | { kind: "tap"; tapId: string; client?: { name: string; version?: string } }
  | { kind: "app"; tool: string };

/** The total cap when a call names none: progress may keep a call alive this long, no longer. */
export const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 600_000;
export type CallToolBody = z.infer<typeof CallToolBody>;

export type CallStatus =
  | "running"
  | "ok"
  | "tool_error"
  | "rpc_error"
  | "cancelled"
  | "timeout"
  | "failed"
  /** The server answered with a task (Tasks extension, SEP-2663): the work goes on as `taskId`. */
  | "task";

/**
 * A call row as stored may come from another Loupe version: calls that became a task were once
 * stored as `failed` with `upstream:call_became_task` (its details name the task). They read as
 * status "task" now; any other value is left as it is for the views to show as unknown.
 */
export function normalizeStoredCall(call: CallRecord): CallRecord {
  if (call.status !== "failed" || call.error?.code !== "upstream:call_became_task") return call;
  const taskId = (call.error.details as { taskId?: unknown } | undefined)?.taskId;
  if (typeof taskId !== "string") return call;
  const read: CallRecord = { ...call, status: "task", taskId };
  delete read.error;
  return read;
}

/**
 * One tools/call made through Loupe, kept for the per-tool history. A type, not an interface: it is
 * a JSON object, and the MCP traffic bundle keeps it as one (`Record<string, unknown>`).
 */
export type CallRecord = {
  id: string;
  connectionId: string;
  tool: string;
  args: Record<string, unknown>;
  /** The JSON-RPC id of the tools/call request; progress notifications use it as progressToken. */
  requestId: string | number | null;
  startedAt: number;
  endedAt: number | null;
  timeoutMs: number;
  /** The total cap (absent on calls recorded before it existed). */
  maxTotalTimeoutMs?: number;
  status: CallStatus;
  /** status "task": the task the server made of this call (followed in the Tasks tab). */
  taskId?: string;
  /** The CallToolResult as the server sent it (ok and tool_error). */
  result?: unknown;
  /** rpc_error / timeout / cancelled / failed: JSON-RPC errors keep code and data in details. */
  error?: AppErrorBody;
  /**
   * Only on `loupe/call` stream entries: the result was left out because it is large (the
   * response frame and the calls table already hold it); GET …/calls returns it whole.
   */
  resultOmitted?: boolean;
  /** Only on `loupe/call` stream entries: `args` (over 16 KB) was left out; GET …/calls has it. */
  argsOmitted?: boolean;
  /** Who made the call (absent: the user on the tool page). */
  origin?: CallOrigin;
  /** The approval the call waited for, when a gate asked the user (ToolApproval id). */
  approvalId?: string;
};
