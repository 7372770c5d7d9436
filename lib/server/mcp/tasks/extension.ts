import "server-only";
import { z } from "zod";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { TASKS_EXTENSION } from "@/lib/contracts/tasks";
import type { RunTaskBody } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { taskRequestError } from "@/lib/server/mcp/tasks/records";

/**
 * The wire of the Tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`, 2026-07-28), which
 * the SDK v2 does not implement: a server that negotiated it may answer tools/call with
 * `resultType: "task"` and a Task (`ttlMs`, `pollIntervalMs`); tasks/get returns the task with its
 * `result`, `error` or `inputRequests` inline; tasks/update carries `inputResponses`; tasks/cancel
 * is an acknowledgement; `notifications/tasks` pushes the same detailed task.
 */

export const ExtensionTask = z
  .object({
    taskId: z.string(),
    status: z.enum(["working", "input_required", "completed", "failed", "cancelled"]),
    statusMessage: z.string().optional(),
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    ttlMs: z.number().nullable().optional(),
    pollIntervalMs: z.number().optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.record(z.string(), z.unknown()).optional(),
    inputRequests: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export type ExtensionTask = z.infer<typeof ExtensionTask>;

export const AnyResult = z.record(z.string(), z.unknown());

/** The same task in the 2025-11-25 shape the records are built from. */
export function toCoreTask(t: ExtensionTask): Task {
  return {
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttl: t.ttlMs ?? null,
    ...(t.pollIntervalMs !== undefined ? { pollInterval: t.pollIntervalMs } : {}),
  };
}

/**
 * Both sides negotiated the extension on a 2026-07-28 session: the server in server/discover's
 * capabilities.extensions, Loupe when tasks are on in the connection's client capabilities (it
 * then declares the extension in every request's clientCapabilities).
 */
export function extensionNegotiated(conn: ConnectionHandle): boolean {
  const extensions = conn.state.capabilities?.extensions;
  const server = isRecord(extensions) && isRecord(extensions[TASKS_EXTENSION]);
  return conn.state.era?.mode === "modern" && server && conn.config.clientCapabilities?.tasks === true;
}

/**
 * tools/call on a session with the extension: the server decides whether to make it a task. The
 * SDK refuses `resultType: "task"` (UnsupportedResultType) after the recording transport recorded
 * the response, so the task is read from that recorded frame, found by the request's id.
 */
export async function createExtensionTask(conn: ConnectionHandle, body: RunTaskBody, timeout: number): Promise<ExtensionTask> {
  const client = conn.requireClient();
  let requestId: string | number | undefined;
  const unwatch = conn.recording?.watchNextRequest("tools/call", (id) => {
    requestId = id;
  });
  let pending: Promise<unknown>;
  try {
    pending = client.request({ method: "tools/call", params: { name: body.name, arguments: body.arguments } }, AnyResult, { timeout });
  } finally {
    unwatch?.();
  }
  try {
    const result = await pending;
    throw new AppError(
      "upstream:task_not_created",
      `"${conn.config.name}" ran ${body.name} at once instead of creating a task (the server decides under the Tasks extension)`,
      { result },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (!isTaskResultError(error) || requestId === undefined) throw taskRequestError(error, "tools/call", timeout);
  }
  return recordedTask(conn, requestId);
}

/** The SDK's refusal of a `resultType: "task"` answer (it implements no Tasks extension). */
export function isTaskResultError(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.UnsupportedResultType &&
    (error.data as { resultType?: unknown } | undefined)?.resultType === "task"
  );
}

/** The task a recorded response to `requestId` carried (the frame is recorded before the SDK reads it). */
export function recordedTask(conn: ConnectionHandle, requestId: string | number): ExtensionTask {
  const frame = conn.hub.store
    .connectionEntriesOfKinds(conn.id, ["message"], undefined, 200)
    .reverse()
    .find((e) => e.direction === "in" && isRecord(e.raw) && e.raw.id === requestId && isRecord(e.raw.result));
  const parsed = ExtensionTask.safeParse(isRecord(frame?.raw) ? frame.raw.result : undefined);
  if (!parsed.success) {
    throw new AppError("upstream:task_not_created", `"${conn.config.name}" answered resultType "task" without a valid task`, {
      issues: parsed.error.issues.slice(0, 5),
    });
  }
  return parsed.data;
}

/** tasks/get: the detailed task. */
export async function getExtensionTask(conn: ConnectionHandle, taskId: string, timeout: number): Promise<ExtensionTask> {
  const raw = await conn.requireClient().request({ method: "tasks/get", params: { taskId } }, AnyResult, { timeout });
  const parsed = ExtensionTask.safeParse(raw);
  if (!parsed.success) throw new AppError("upstream:rpc_error", `tasks/get answered without a valid task`, { result: raw });
  return parsed.data;
}

/** tasks/cancel or tasks/update: an empty acknowledgement. */
export async function sendExtensionRequest(
  conn: ConnectionHandle,
  method: "tasks/cancel" | "tasks/update",
  params: Record<string, unknown>,
  timeout: number,
): Promise<void> {
  await conn.requireClient().request({ method, params }, AnyResult, { timeout });
}
