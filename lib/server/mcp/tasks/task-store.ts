import "server-only";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";

/**
 * The `mcp_tasks` table (created in lib/server/store.ts): Loupe's task records outlive its
 * process, so after a restart the Tasks tab still shows what ran and what it returned. A task of
 * an earlier session keeps the status the server last reported; its `sessionKey` tells the UI the
 * server no longer knows it.
 */
export function loadTasks(store: Store, connectionId: string): TaskRecord[] {
  const rows = store
    .prepare<{ record: string }>("SELECT record FROM mcp_tasks WHERE connection_id = ? ORDER BY created_at")
    .all(connectionId);
  return rows.map((r) => storedJson<TaskRecord>(r.record));
}

export function saveTask(store: Store, record: TaskRecord): void {
  store.db
    .prepare(
      `INSERT INTO mcp_tasks (connection_id, task_id, created_at, record) VALUES (?, ?, ?, ?)
       ON CONFLICT(connection_id, task_id) DO UPDATE SET record = excluded.record`,
    )
    .run(record.connectionId, record.taskId, record.createdAt, JSON.stringify(record));
}

export function deleteTask(store: Store, connectionId: string, taskId: string): void {
  store.db.prepare("DELETE FROM mcp_tasks WHERE connection_id = ? AND task_id = ?").run(connectionId, taskId);
}
