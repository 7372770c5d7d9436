"use client";

import { useQueries } from "@tanstack/react-query";
import type { Query } from "@tanstack/react-query";
import { pollDelay } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { taskApi, taskKeys, writeTaskRecord } from "@/lib/queries/tasks";
import { isPollable } from "./format";

/** A lost connection to Loupe itself is worth trying again; a server-side failure is not. */
function isNetworkError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "upstream:network";
}

/**
 * How long to wait before the next tasks/get, as a function of the last answer: the server's
 * pollInterval while the task is unfinished, nothing once it is terminal or a poll failed on
 * the server's side (the failure is kept on the record). react-query skips the interval while
 * the tab is hidden (refetchIntervalInBackground is off).
 */
export function nextPollDelay(query: Pick<Query<TaskRecord>, "state">, sessionKey?: string | null): number | false {
  const { data, error } = query.state;
  if (error && !isNetworkError(error)) return false;
  if (!data || !isPollable(data, sessionKey)) return false;
  return pollDelay(data.pollInterval);
}

/**
 * While mounted (a view shows these tasks), polls tasks/get for every unfinished task of the
 * current session, waiting the server's pollInterval between answers. Status notifications make
 * polls mostly redundant, but not every server sends them. One poll query per task, so two views
 * of the same task share its polling.
 */
export function useTaskPolling(
  connectionId: string,
  tasks: readonly TaskRecord[],
  opts: { sessionKey?: string | null; enabled: boolean },
): void {
  const due = opts.enabled ? tasks.filter((t) => isPollable(t, opts.sessionKey)) : [];
  useQueries({
    queries: due.map((task) => ({
      queryKey: taskKeys.poll(connectionId, task.taskId),
      queryFn: async ({ client }) => {
        const record = await taskApi.poll(connectionId, task.taskId);
        writeTaskRecord(client, record);
        return record;
      },
      // The record in hand is the first answer: the first poll waits a pollInterval, like the rest.
      initialData: task,
      initialDataUpdatedAt: task.checkedAt,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: (query: Query<TaskRecord>) => nextPollDelay(query, opts.sessionKey),
      // A failed poll is not retried on its own: after a network error the interval tries again.
      retry: false,
    })),
  });
}
