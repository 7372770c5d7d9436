"use client";

import { BanIcon, DownloadIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { isTerminalTaskStatus } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import type { useTaskActions } from "./use-task-actions";

export interface TaskActionsProps {
  task: TaskRecord;
  actions: ReturnType<typeof useTaskActions>;
  /** Why no request can be sent (not connected, earlier session); null when they can. */
  blocked: string | null;
  canCancel: boolean;
}

/** Poll (tasks/get), Result (tasks/result) and Cancel (tasks/cancel) for one task. */
export function TaskActions({ task, actions, blocked, canCancel }: TaskActionsProps) {
  const terminal = isTerminalTaskStatus(task.status);
  const off = blocked !== null;
  return (
    <div className="flex items-center gap-1" data-testid="task-actions">
      <Button
        size="xs"
        variant="outline"
        disabled={off || actions.busy("poll", task.taskId)}
        title={blocked ?? "Ask the server for the task's status (tasks/get)"}
        onClick={() => actions.poll(task.taskId)}
        data-testid="task-poll"
      >
        <RefreshCwIcon /> Poll
      </Button>
      <Button
        size="xs"
        variant="outline"
        disabled={off || task.status === "cancelled" || task.awaitingResult === true || actions.busy("result", task.taskId)}
        title={blocked ?? (terminal ? "Fetch the result (tasks/result)" : "Wait for the result (tasks/result answers when the task ends)")}
        onClick={() => actions.result(task.taskId)}
        data-testid="task-result"
      >
        <DownloadIcon /> {task.result !== undefined ? "Fetch again" : "Result"}
      </Button>
      {!terminal && canCancel && (
        <Button
          size="xs"
          variant="outline"
          disabled={off || actions.busy("cancel", task.taskId)}
          title={blocked ?? "Cancel the task (tasks/cancel)"}
          onClick={() => actions.cancel(task.taskId)}
          data-testid="task-cancel"
        >
          <BanIcon /> Cancel
        </Button>
      )}
    </div>
  );
}
