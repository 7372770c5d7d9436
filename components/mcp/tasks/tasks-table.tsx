"use client";

import type { TaskRecord, TaskListing } from "@/lib/contracts/tasks";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";
import { shortId } from "./format";
import { TaskActions } from "./task-actions";
import { TaskStatusBadge } from "./task-status-badge";
import type { useTaskActions } from "./use-task-actions";

/** Why no task request can be sent for this task right now; null when it can. */
export function taskBlockedReason(task: TaskRecord, connected: boolean, sessionKey: string | null | undefined): string | null {
  if (!connected) return "Connect the server to poll, fetch or cancel tasks";
  if (sessionKey !== undefined && task.sessionKey !== sessionKey) {
    return "This task belongs to an earlier session: the server no longer knows it";
  }
  return null;
}

export interface TasksTableProps {
  tasks: TaskRecord[];
  listing: TaskListing | undefined;
  selected: string | null;
  onSelect: (taskId: string) => void;
  actions: ReturnType<typeof useTaskActions>;
  connected: boolean;
  canCancel: boolean;
}

/** The tasks, newest first: status, tool, id (an earlier session's dimmed), times, message and the actions. */
export function TasksTable({ tasks, listing, selected, onSelect: setSelected, actions, connected, canCancel }: TasksTableProps) {
  return (
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
                    canCancel={canCancel}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
