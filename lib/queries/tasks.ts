import { queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { mergeTaskRecord, mergeTaskRecords } from "@/lib/contracts/tasks";
import type { RunTaskBody, TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { connectionScope } from "@/lib/queries/connections";

export const taskKeys = {
  /** The merged listing (Loupe's records + tasks/list). */
  list: (connectionId: string) => [...connectionScope(connectionId), "tasks"] as const,
  /** One record with its whole result. */
  one: (connectionId: string, taskId: string) => [...connectionScope(connectionId), "task", taskId] as const,
  /** The automatic tasks/get polling of one task (use-task-polling.ts); its data is the last answer. */
  poll: (connectionId: string, taskId: string) => [...connectionScope(connectionId), "task-poll", taskId] as const,
};

const base = (connectionId: string) => `/api/connections/${encodeURIComponent(connectionId)}/tasks`;
const one = (connectionId: string, taskId: string) => `${base(connectionId)}/${encodeURIComponent(taskId)}`;

/** GET …/tasks: each fetch also asks the server (tasks/list), so it is not refetched on focus. */
export function tasksQuery(connectionId: string) {
  return queryOptions({
    queryKey: taskKeys.list(connectionId),
    queryFn: ({ signal }) => apiFetch<TaskListing>(base(connectionId), { signal }),
    refetchOnWindowFocus: false,
  });
}

/** GET …/tasks/:taskId: Loupe's record (no request to the server); the stream keeps it current. */
export function taskQuery(connectionId: string, taskId: string) {
  return queryOptions({
    queryKey: taskKeys.one(connectionId, taskId),
    queryFn: ({ signal }) => apiFetch<TaskRecord>(one(connectionId, taskId), { signal }),
    staleTime: Infinity,
  });
}

export const taskApi = {
  /** tools/call with `task`: answers with the created task (201). */
  run: (connectionId: string, body: RunTaskBody) => apiFetch<TaskRecord>(base(connectionId), { method: "POST", body }),
  poll: (connectionId: string, taskId: string) => apiFetch<TaskRecord>(`${one(connectionId, taskId)}/poll`, { method: "POST" }),
  result: (connectionId: string, taskId: string) => apiFetch<TaskRecord>(`${one(connectionId, taskId)}/result`, { method: "POST" }),
  cancel: (connectionId: string, taskId: string) => apiFetch<TaskRecord>(`${one(connectionId, taskId)}/cancel`, { method: "POST" }),
};

/**
 * Writes a record (from the stream or an API answer) into every cache that holds it: the listing
 * when it was fetched, and the single-task query when it exists.
 */
export function writeTaskRecord(qc: QueryClient, record: TaskRecord): void {
  const listKey = taskKeys.list(record.connectionId);
  if (qc.getQueryData(listKey)) {
    qc.setQueryData<TaskListing>(listKey, (prev) => (prev ? { ...prev, tasks: mergeTaskRecords(prev.tasks, [record]) } : prev));
  }
  const oneKey = taskKeys.one(record.connectionId, record.taskId);
  if (qc.getQueryData(oneKey)) {
    qc.setQueryData<TaskRecord>(oneKey, (prev) => mergeTaskRecord(prev, record));
  }
}
