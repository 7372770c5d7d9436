import type { CallRecord } from "@/lib/contracts/calls";
import { isTerminalTaskStatus } from "@/lib/contracts/tasks";
import type { TaskRecord, TaskStatus } from "@/lib/contracts/tasks";

export const TASK_STATUS_LABEL: Record<TaskStatus, string> = {
  working: "working",
  input_required: "input required",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
};

/** Whether the browser should keep polling this task (tasks/get) on its own. */
export function isPollable(task: TaskRecord, sessionKey: string | null | undefined): boolean {
  if (isTerminalTaskStatus(task.status)) return false;
  if (sessionKey !== undefined && task.sessionKey !== sessionKey) return false;
  // A tasks/get that failed (expired, unknown) stops automatic polling; Poll still tries.
  return task.error?.method !== "tasks/get";
}

/** A fetched task result as the CallRecord the tool result view renders. */
export function taskResultAsCall(task: TaskRecord): CallRecord {
  const result = task.result as { isError?: boolean } | undefined;
  return {
    id: task.taskId,
    connectionId: task.connectionId,
    tool: task.tool ?? "task",
    args: task.args ?? {},
    requestId: null,
    startedAt: task.createdAt,
    endedAt: task.resultFetchedAt ?? task.lastUpdatedAt,
    timeoutMs: 0,
    status: result?.isError ? "tool_error" : "ok",
    result: task.result,
  };
}

export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
