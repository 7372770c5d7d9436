"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { InboxIcon } from "lucide-react";
import { JsonBlock } from "@/components/elements/json-block";
import { ToolResultView } from "@/components/elements/tool-result/tool-result-view";
import { QueryError } from "@/components/elements/query-error";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { taskQuery } from "@/lib/queries/tasks";
import { formatClock } from "@/lib/format";
import { taskResultAsCall } from "./format";
import { TaskStatusBadge } from "./task-status-badge";
import { TaskFlavourBadge } from "./task-flavour-badge";
import type { useTaskActions } from "./use-task-actions";
import { TaskActions } from "./task-actions";

/** The server is waiting for an answer: its question is in the shared inbox. */
export function InputRequiredHint() {
  return (
    <div
      role="status"
      data-testid="task-input-required"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 p-2 text-xs"
    >
      <InboxIcon className="size-4 text-amber-700 dark:text-amber-300" />
      <span>The server needs input before this task can go on.</span>
      <Link href="/?view=inbox" className="font-medium underline underline-offset-2" data-testid="task-open-inbox">
        Answer it in the inbox
      </Link>
    </div>
  );
}

export interface TaskDetailProps {
  task: TaskRecord;
  actions: ReturnType<typeof useTaskActions>;
  blocked: string | null;
  canCancel: boolean;
  /** The tool's outputSchema, when known, so structuredContent is validated. */
  outputSchema?: unknown;
}

/** One task: status, times, arguments, the last failed request, and the result once fetched. */
export function TaskDetail({ task, actions, blocked, canCancel, outputSchema }: TaskDetailProps) {
  // A large result is left out of stream entries: fetch the record whole to show it.
  const whole = useQuery({ ...taskQuery(task.connectionId, task.taskId), enabled: task.resultOmitted === true });
  const shown = task.resultOmitted && whole.data?.result !== undefined ? whole.data : task;
  const actionError = actions.errorFor(task.taskId);
  return (
    <section className="flex flex-col gap-3" data-testid="task-detail" data-task={task.taskId}>
      <div className="flex flex-wrap items-center gap-2">
        <TaskStatusBadge status={task.status} />
        <TaskFlavourBadge flavour={task.flavour} />
        <span className="text-sm font-medium">{task.tool ?? "(not started from Loupe)"}</span>
        <code className="font-mono text-xs text-muted-foreground" data-testid="task-id">
          {task.taskId}
        </code>
        <div className="ml-auto">
          <TaskActions task={task} actions={actions} blocked={blocked} canCancel={canCancel} />
        </div>
      </div>
      {task.statusMessage && (
        <p className="text-sm" data-testid="task-status-message">
          {task.statusMessage}
        </p>
      )}
      {task.status === "input_required" && <InputRequiredHint />}
      {blocked && <p className="text-xs text-muted-foreground">{blocked}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatClock(task.createdAt)}</dd>
        <dt className="text-muted-foreground">Last update</dt>
        <dd>{formatClock(task.lastUpdatedAt)}</dd>
        <dt className="text-muted-foreground">Checked</dt>
        <dd>{formatClock(task.checkedAt)}</dd>
        <dt className="text-muted-foreground">TTL</dt>
        <dd>{task.ttl === null ? "unlimited" : `${task.ttl.toLocaleString()} ms`}</dd>
        {task.pollInterval !== undefined && (
          <>
            <dt className="text-muted-foreground">Poll interval</dt>
            <dd>{task.pollInterval.toLocaleString()} ms</dd>
          </>
        )}
      </dl>
      {task.args && <JsonBlock title="Arguments" value={task.args} />}
      {actionError && <QueryError title="The task request failed" error={actionError} />}
      {task.error && !actionError && (
        <p role="alert" className="text-xs text-destructive" data-testid="task-error">
          {task.error.message}
        </p>
      )}
      {task.awaitingResult && (
        <p className="text-xs text-muted-foreground" data-testid="task-awaiting-result">
          Waiting for tasks/result: the server answers it when the task ends.
        </p>
      )}
      {shown.result !== undefined ? (
        <ToolResultView call={taskResultAsCall(shown)} outputSchema={outputSchema} />
      ) : task.resultOmitted ? (
        <p className="text-xs text-muted-foreground">
          {whole.isError ? `Could not load the result: ${whole.error.message}` : "Loading the full result…"}
        </p>
      ) : null}
    </section>
  );
}
