import "server-only";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { toMcpError } from "@/lib/server/mcp/errors";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { isTerminalTaskStatus, parseTaskTime } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
// An SDK server's message already carries "MCP error N: ", which the SDK client adds again.
import { rpcErrorText } from "@/lib/protocols/mcp/error-text";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { errorMessage } from "@/lib/values";

/** The MCP requests Loupe sends about tasks (named in errors and on the record's `error`). */
export type TaskMethod = "tools/call" | "tasks/get" | "tasks/result" | "tasks/cancel" | "tasks/list" | "tasks/update";

/** Turns a failed task request into an AppError that says which request failed. */
export function taskRequestError(thrown: unknown, method: TaskMethod, timeoutMs?: number): AppError {
  const error = toMcpError(thrown);
  if (error instanceof AppError) return error;
  if (error instanceof McpError) {
    const details = { code: error.code, data: error.data, method };
    if (error.code === ErrorCode.RequestTimeout) {
      const within = timeoutMs ? ` within ${timeoutMs} ms` : "";
      return new AppError("timeout:task", `No answer to ${method}${within}`, details);
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new AppError("upstream:connection_closed", `The connection closed during ${method}`, details);
    }
    return new AppError("upstream:rpc_error", `${method} failed: ${rpcErrorText(error.message)}`, details);
  }
  const message = errorMessage(error);
  return new AppError("upstream:task_request_failed", `${method} failed: ${message}`, { method });
}

/**
 * The record after what the server said about a task (creation, tasks/get, tasks/list, a
 * notification), merged with Loupe's previous record `prev`. An older report never overwrites a
 * newer one, and a finished task never goes back to running.
 */
export function mergeTaskReport(
  conn: ConnectionHandle,
  prev: TaskRecord | undefined,
  task: Task,
  extra: Partial<TaskRecord>,
  now: number,
): TaskRecord {
  // A record of an earlier session is another task: servers that number their tasks hand the
  // same id out again after a Reconnect or a restart, and the live session's report wins.
  if (prev && prev.sessionKey !== conn.sessionKey) prev = undefined;
  const reported: TaskRecord = {
    taskId: task.taskId,
    connectionId: conn.id,
    sessionKey: prev?.sessionKey ?? conn.sessionKey,
    origin: prev?.origin ?? "server",
    tool: prev?.tool ?? null,
    ...(prev?.args ? { args: prev.args } : {}),
    status: task.status,
    ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}),
    createdAt: parseTaskTime(task.createdAt, prev?.createdAt ?? now),
    lastUpdatedAt: parseTaskTime(task.lastUpdatedAt, now),
    ttl: task.ttl ?? null,
    ...(task.pollInterval !== undefined ? { pollInterval: task.pollInterval } : {}),
    checkedAt: now,
    ...(prev?.result !== undefined ? { result: prev.result, resultFetchedAt: prev.resultFetchedAt } : {}),
    ...(prev?.awaitingResult ? { awaitingResult: true } : {}),
    ...extra,
  };
  if (prev) {
    const stale = reported.lastUpdatedAt < prev.lastUpdatedAt;
    const reverts = isTerminalTaskStatus(prev.status) && !isTerminalTaskStatus(reported.status);
    if (stale || reverts) {
      return { ...reported, status: prev.status, statusMessage: prev.statusMessage, lastUpdatedAt: prev.lastUpdatedAt };
    }
  }
  return reported;
}

/** A record for a task Loupe never saw until its result arrived. */
export function serverOnlyRecord(conn: ConnectionHandle, taskId: string): TaskRecord {
  const now = Date.now();
  return {
    taskId,
    connectionId: conn.id,
    sessionKey: conn.sessionKey,
    origin: "server",
    tool: null,
    status: "completed",
    createdAt: now,
    lastUpdatedAt: now,
    ttl: null,
    checkedAt: now,
  };
}

/** Whether a record changed in a way worth an entry (checkedAt alone is not). */
export function changed(a: TaskRecord, b: TaskRecord): boolean {
  return (
    a.status !== b.status ||
    a.statusMessage !== b.statusMessage ||
    a.lastUpdatedAt !== b.lastUpdatedAt ||
    a.result !== b.result ||
    a.awaitingResult !== b.awaitingResult ||
    JSON.stringify(a.error) !== JSON.stringify(b.error) ||
    a.tool !== b.tool ||
    a.pollInterval !== b.pollInterval
  );
}
