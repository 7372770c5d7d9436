import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import { CreateTaskResultSchema, ListTasksResultSchema, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { ENTRY_PREVIEW_BYTES } from "@/lib/contracts/entries";
import { isTerminalTaskStatus } from "@/lib/contracts/tasks";
import type { RunTaskBody, TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { taskRequestError } from "@/lib/server/mcp/tasks/records";
import { deleteTask } from "@/lib/server/mcp/tasks/task-store";

/** Bounds a server that keeps answering tasks/list with a nextCursor. */
const MAX_LIST_PAGES = 20;

/** tools/call with a `task` param (2025-11-25 tasks): the server answers at once with the created task. */
export async function createNativeTask(conn: ConnectionHandle, client: Client, body: RunTaskBody): Promise<Task> {
  const timeout = body.timeoutMs ?? conn.config.requestTimeoutMs;
  let raw: unknown;
  try {
    raw = await client.request(
      // 2025-11-25 tasks: `task` in the params asks the server to run the call as a task.
      {
        method: "tools/call",
        params: { name: body.name, arguments: body.arguments, task: body.ttl !== undefined ? { ttl: body.ttl } : {} },
      },
      ResultSchema,
      { timeout },
    );
  } catch (error) {
    throw taskRequestError(error, "tools/call", timeout);
  }
  const created = CreateTaskResultSchema.safeParse(raw);
  if (!created.success) {
    throw new AppError(
      "upstream:task_not_created",
      `"${conn.config.name}" answered tools/call without creating a task (no CreateTaskResult)`,
      { result: raw },
    );
  }
  return created.data.task;
}

/** Every page of the server's tasks/list, each task handed to `apply`; the failure, if any, to show. */
export async function listServerTasks(conn: ConnectionHandle, apply: (task: Task) => void): Promise<TaskListing["listError"]> {
  const timeout = conn.config.requestTimeoutMs;
  try {
    let cursor: string | undefined;
    let pages = 0;
    do {
      // The caller checked the client; it is read again per page, as the manager always did.
      const page = await conn.client!.request(
        { method: "tasks/list", params: cursor === undefined ? {} : { cursor } },
        ListTasksResultSchema,
        { timeout },
      );
      for (const task of page.tasks) apply(task);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < MAX_LIST_PAGES);
  } catch (error) {
    return taskRequestError(error, "tasks/list", timeout).toJSON();
  }
  return undefined;
}

/** Records a task change as a loupe "task" entry (raw = TaskRecord) so the browser's cache follows. */
export function publishTask(conn: ConnectionHandle, record: TaskRecord): void {
  // A large result is already in the tasks/result response frame: keep it out of the entry.
  const large = record.result !== undefined && Buffer.byteLength(JSON.stringify(record.result)) > ENTRY_PREVIEW_BYTES;
  conn.recordEntry("loupe", "local", "task", large ? { ...record, result: undefined, resultOmitted: true } : record);
}

/** Drops the oldest finished records past `max` (memory and store bound). */
export function pruneFinished(conn: ConnectionHandle, map: Map<string, TaskRecord>, max: number): void {
  const finished = [...map.values()].filter((t) => isTerminalTaskStatus(t.status)).sort((a, b) => a.createdAt - b.createdAt);
  for (const t of finished) {
    if (map.size <= max) break;
    map.delete(t.taskId);
    deleteTask(conn.hub.store, conn.id, t.taskId);
  }
}
