"use client";

import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { pollDelay } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { taskApi, writeTaskRecord } from "@/lib/queries/tasks";
import { isPollable } from "./format";

/**
 * While mounted (a view shows these tasks), polls tasks/get for every unfinished task of the
 * current session, waiting the server's pollInterval between answers. Status notifications make
 * polls mostly redundant, but not every server sends them.
 */
export function useTaskPolling(
  connectionId: string,
  tasks: readonly TaskRecord[],
  opts: { sessionKey?: string | null; enabled: boolean },
): void {
  const qc = useQueryClient();
  const [retry, setRetry] = useState(0);
  const due = opts.enabled ? tasks.filter((t) => isPollable(t, opts.sessionKey)) : [];
  // A new answer (checkedAt) re-arms the timer: one poll in flight per task at a time.
  const signature = due.map((t) => `${t.taskId}@${t.checkedAt}@${t.pollInterval ?? ""}`).join(",");

  useEffect(() => {
    if (!signature) return;
    const ids = signature.split(",").map((s) => s.split("@")[0]!);
    const delay = Math.min(...due.map((t) => pollDelay(t.pollInterval)));
    let stopped = false;
    const timer = setTimeout(() => {
      for (const taskId of ids) {
        taskApi
          .poll(connectionId, taskId)
          .then((record) => {
            if (!stopped) writeTaskRecord(qc, record);
          })
          .catch((error: unknown) => {
            // A server-side failure is kept on the record (and stops polling it); only a lost
            // connection to Loupe itself is worth trying again.
            const code = (error as { code?: unknown } | null)?.code;
            if (!stopped && code === "upstream:network") setTimeout(() => setRetry((n) => n + 1), delay);
          });
      }
    }, delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `due` is summarised by `signature`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connectionId, signature, retry, qc]);
}
