"use client";

import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import type { ConnectionView } from "@/lib/contracts/connections";
import { serverTaskSupport } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
import { taskKeys, tasksQuery } from "@/lib/queries/tasks";
import { formatClock, plural } from "@/lib/format";
import { TaskDetail } from "./task-detail";
import { TasksTable, taskBlockedReason } from "./tasks-table";
import { TasksEmpty, tasksUnsupportedText } from "./tasks-empty";
import { useTaskActions } from "./use-task-actions";
import { useTaskPolling } from "./use-task-polling";

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
        <TasksTable
          tasks={tasks}
          listing={listing}
          selected={selected}
          onSelect={setSelected}
          actions={actions}
          connected={connected}
          canCancel={support.cancel}
        />
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
