"use client";

import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import type { ConnectionView } from "@/lib/contracts/connections";
import { serverTaskSupport } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
import { cn } from "@/lib/cn";
import { taskKeys, tasksQuery } from "@/lib/queries/tasks";
import { formatClock, plural } from "@/lib/format";
import { shortId } from "./format";
import { TaskActions, TaskDetail } from "./task-detail";
import { TaskStatusBadge } from "./task-status-badge";
import { TasksEmpty, tasksUnsupportedText } from "./tasks-empty";
import { useTaskActions } from "./use-task-actions";
import { useTaskPolling } from "./use-task-polling";

/** Why no task request can be sent for this task right now; null when it can. */
export function taskBlockedReason(task: TaskRecord, connected: boolean, sessionKey: string | null | undefined): string | null {
  if (!connected) return "Connect the server to poll, fetch or cancel tasks";
  if (sessionKey !== undefined && task.sessionKey !== sessionKey) {
    return "This task belongs to an earlier session: the server no longer knows it";
  }
  return null;
}

/**
 * The Tasks tab: every task Loupe created or the server listed (tasks/list), with live status
 * (stream entries, status notifications, and polling while a task is unfinished), and one task's
 * detail with its result.
 */
export function TasksPanel({
  connection,
  selected: opened,
  onSelect,
}: {
  connection: ConnectionView;
  selected?: string | null;
  onSelect?: (taskId: string) => void;
}) {
  const qc = useQueryClient();
  const support = serverTaskSupport(connection.state.capabilities);
  const connected = connection.state.status === "connected";
  const query = useQuery(tasksQuery(connection.id));
  const actions = useTaskActions(connection.id);
  // The open task lives in the URL (?task=) when the workbench passes it: a call that became a task links here.
  const [own, setOwn] = useState<string | null>(null);
  const selected = opened !== undefined ? opened : own;
  const setSelected = onSelect ?? setOwn;
  const listing = query.data;
  const tasks = listing?.tasks ?? [];
  useTaskPolling(connection.id, tasks, { sessionKey: listing?.sessionKey ?? null, enabled: connected && listing !== undefined });

  // A reconnect is a new MCP session: re-list so earlier tasks are marked as such.
  const connectedAt = connection.state.connectedAt;
  const firstConnectedAt = useRef(connectedAt);
  useEffect(() => {
    if (connectedAt === firstConnectedAt.current) return;
    firstConnectedAt.current = connectedAt;
    void qc.invalidateQueries({ queryKey: taskKeys.list(connection.id) });
  }, [connectedAt, connection.id, qc]);

  const current = tasks.find((t) => t.taskId === selected) ?? null;
  const unsupported = !support.toolsCall && !support.list;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4" data-testid="tasks-panel">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">Tasks</h2>
        <span className="text-xs text-muted-foreground" data-testid="tasks-count">
          {plural(tasks.length, "task")}
        </span>
        {listing && <span className="text-xs text-muted-foreground">· listed {formatClock(listing.listedAt)}</span>}
        <Button
          size="xs"
          variant="outline"
          className="ml-auto"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
          data-testid="tasks-refresh"
          title={support.list ? "Re-list (tasks/list)" : "Reload Loupe's records"}
        >
          <RotateCwIcon /> Refresh
        </Button>
      </div>
      {unsupported && (
        <p className="rounded-md border bg-muted/30 p-3 text-sm" data-testid="tasks-unsupported">
          {tasksUnsupportedText(connection)}
        </p>
      )}
      {query.isError && <QueryError title="Could not load the tasks" error={query.error} onRetry={() => void query.refetch()} />}
      {listing?.listError && (
        <QueryError
          title="tasks/list failed (Loupe's own records are shown)"
          error={AppError.fromBody({ error: listing.listError }, 502)}
        />
      )}
      {query.isPending && <p className="text-xs text-muted-foreground">Loading tasks…</p>}
      {listing && tasks.length === 0 && !unsupported && <TasksEmpty connection={connection} />}
      {tasks.length > 0 && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-xs" data-testid="tasks-table">
            <thead className="border-b bg-muted/40 text-muted-foreground">
              <tr>
                <th className="px-2 py-1.5 font-medium">Status</th>
                <th className="px-2 py-1.5 font-medium">Tool</th>
                <th className="px-2 py-1.5 font-medium">Task</th>
                <th className="px-2 py-1.5 font-medium">Created</th>
                <th className="px-2 py-1.5 font-medium">Updated</th>
                <th className="px-2 py-1.5 font-medium">Message</th>
                <th className="px-2 py-1.5 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((t) => {
                const earlier = listing?.sessionKey !== undefined && t.sessionKey !== listing.sessionKey;
                return (
                  <tr
                    key={t.taskId}
                    data-testid="task-row"
                    data-task={t.taskId}
                    data-status={t.status}
                    aria-selected={t.taskId === selected}
                    onClick={() => setSelected(t.taskId)}
                    className={cn(
                      "cursor-pointer border-b last:border-0 hover:bg-accent/50",
                      t.taskId === selected && "bg-accent",
                      earlier && "opacity-60",
                    )}
                  >
                    <td className="px-2 py-1.5">
                      <TaskStatusBadge status={t.status} />
                    </td>
                    {/* nowrap: at 800 px the table squeezed these to one letter per line; it scrolls sideways instead. */}
                    <td className="px-2 py-1.5 font-medium whitespace-nowrap" data-testid="task-row-tool">
                      {t.tool ?? <span className="text-muted-foreground">—</span>}
                    </td>
                    <td className="px-2 py-1.5 font-mono whitespace-nowrap" title={t.taskId} data-testid="task-row-id">
                      {shortId(t.taskId)}
                      {earlier && <span className="ml-1 font-sans text-muted-foreground">(earlier session)</span>}
                      {t.flavour === "extension" && (
                        <span className="ml-1 font-sans text-muted-foreground" data-testid="task-row-flavour">
                          · extension
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-1.5 whitespace-nowrap">{formatClock(t.createdAt)}</td>
                    <td className="px-2 py-1.5 whitespace-nowrap">{formatClock(t.lastUpdatedAt)}</td>
                    <td className="max-w-72 truncate px-2 py-1.5" title={t.statusMessage}>
                      {t.status === "input_required" ? (
                        <span className="text-amber-800 dark:text-amber-300">{t.statusMessage ?? "Waiting for input"} · see inbox</span>
                      ) : (
                        (t.error?.message ?? t.statusMessage ?? "")
                      )}
                    </td>
                    <td className="px-2 py-1.5" onClick={(e) => e.stopPropagation()}>
                      <TaskActions
                        task={t}
                        actions={actions}
                        blocked={taskBlockedReason(t, connected, listing?.sessionKey)}
                        canCancel={support.cancel}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {current ? (
        <div className="rounded-md border p-3">
          <TaskDetail
            task={current}
            actions={actions}
            blocked={taskBlockedReason(current, connected, listing?.sessionKey)}
            canCancel={support.cancel}
          />
        </div>
      ) : (
        tasks.length > 0 && <p className="text-xs text-muted-foreground">Select a task to see its detail and result.</p>
      )}
    </div>
  );
}
