"use client";

import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { serverTaskSupport } from "@/lib/contracts/tasks";
import { taskQuery } from "@/lib/queries/tasks";
import { QueryError } from "@/components/elements/query-error";
import { TaskDetail } from "./task-detail";
import { useTaskActions } from "./use-task-actions";
import { useTaskPolling } from "./use-task-polling";

export interface TaskRunViewProps {
  connection: ConnectionView;
  taskId: string;
  outputSchema?: unknown;
}

/**
 * The task a tool page just created: live status (polled while unfinished), Poll / Result /
 * Cancel, and the result, fetched once on its own when the task completes.
 */
export function TaskRunView({ connection, taskId, outputSchema }: TaskRunViewProps) {
  const query = useQuery(taskQuery(connection.id, taskId));
  const actions = useTaskActions(connection.id);
  const connected = connection.state.status === "connected";
  const task = query.data;
  useTaskPolling(connection.id, task ? [task] : [], { enabled: connected });

  const fetched = useRef(false);
  const { result } = actions;
  const wantsResult = task?.status === "completed" && task.result === undefined && !task.awaitingResult && !task.resultOmitted;
  useEffect(() => {
    if (!wantsResult || fetched.current || !connected) return;
    fetched.current = true;
    result(taskId);
  }, [wantsResult, connected, result, taskId]);

  if (query.isError) return <QueryError title="Could not load the task" error={query.error} onRetry={() => void query.refetch()} />;
  if (!task) return <p className="text-xs text-muted-foreground">Loading the task…</p>;
  return (
    <div className="rounded-md border p-3" data-testid="task-run-view">
      <TaskDetail
        task={task}
        actions={actions}
        blocked={connected ? null : "Connect the server to poll, fetch or cancel the task"}
        canCancel={serverTaskSupport(connection.state.capabilities).cancel}
        outputSchema={outputSchema}
      />
    </div>
  );
}
