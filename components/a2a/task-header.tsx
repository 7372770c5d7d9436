import type { ReactNode } from "react";
import { BanIcon, BellIcon, RefreshCwIcon, RadioIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { A2aTaskDetail } from "@/lib/contracts/a2a";
import { plural } from "@/lib/format";
import { A2aStateBadge } from "@/components/a2a/state-badge";
import { CopyButton } from "@/components/elements/copy-button";
import { StatusBadge } from "@/components/elements/status-badge";

export interface TaskHeaderProps {
  task: A2aTaskDetail;
  terminal: boolean;
  canPush: boolean;
  busy: Record<"refresh" | "cancel" | "resubscribe" | "push", boolean>;
  onRefresh: () => void;
  onCancel: () => void;
  onResubscribe: () => void;
  onRegisterPush: () => void;
  /** More actions at the end of the row (the pane's Export bundle). */
  extra?: ReactNode;
}

export interface TaskIdentityProps {
  task: Pick<A2aTaskDetail, "state" | "taskId" | "contextId" | "artifactCount" | "statusText" | "lost"> & { streaming?: boolean };
}

/** The task's state, ids, artifact count and status text (the live pane and a bundle's read-only view). */
export function TaskIdentity({ task }: TaskIdentityProps) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <A2aStateBadge state={task.state} />
        {task.lost && (
          <StatusBadge tone="failed" data-testid="a2a-task-lost-badge">
            agent lost
          </StatusBadge>
        )}
        {task.streaming && (
          <span className="inline-flex items-center gap-1 text-xs text-sky-700 dark:text-sky-300" data-testid="a2a-task-streaming">
            <RadioIcon className="size-3.5 animate-pulse" aria-hidden /> stream open
          </span>
        )}
        <span className="font-mono text-xs text-muted-foreground" title="taskId">
          task {task.taskId}
        </span>
        <CopyButton variant="ghost" getText={() => task.taskId} label="" ariaLabel="Copy task id" />
        <span className="font-mono text-xs text-muted-foreground" title="contextId">
          context {task.contextId}
        </span>
        <span className="text-xs text-muted-foreground" data-testid="a2a-task-artifact-count">
          {plural(task.artifactCount, "artifact")}
        </span>
      </div>
      {task.lost && (
        <p className="text-sm whitespace-pre-wrap text-destructive" data-testid="a2a-task-lost">
          {task.lost.reason} · the last state the agent reported was {task.state}. Refresh asks the agent whether it is back; Cancel,
          Resubscribe and push need it back first, and a new message starts a new task.
        </p>
      )}
      {task.statusText && <p className="text-sm whitespace-pre-wrap">{task.statusText}</p>}
    </>
  );
}

/** What a lost task's agent-bound buttons say: only Refresh (tasks/get) can tell whether the agent is back. */
const NEEDS_AGENT = "The agent stopped answering: Refresh (tasks/get) first to see whether it is back";

/** The task's state and ids, and what can be done to it: tasks/get, cancel, resubscribe, push webhook, export. */
export function TaskHeader({ task, terminal, canPush, busy, onRefresh, onCancel, onResubscribe, onRegisterPush, extra }: TaskHeaderProps) {
  const lost = Boolean(task.lost);
  return (
    <div className="flex flex-col gap-1.5 border-b px-3 py-2" data-testid="a2a-task-header">
      <TaskIdentity task={task} />
      <div className="flex flex-wrap items-center gap-1.5">
        <Button size="xs" variant="outline" onClick={onRefresh} disabled={busy.refresh} data-testid="a2a-task-refresh">
          <RefreshCwIcon className={busy.refresh ? "animate-spin" : undefined} /> Refresh (tasks/get)
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={onCancel}
          disabled={terminal || lost || busy.cancel}
          title={lost ? NEEDS_AGENT : undefined}
          data-testid="a2a-task-cancel"
        >
          <BanIcon /> Cancel
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={onResubscribe}
          disabled={terminal || lost || task.streaming || busy.resubscribe}
          data-testid="a2a-task-resubscribe"
          title={lost ? NEEDS_AGENT : "Reopen the event stream after a drop"}
        >
          <RadioIcon /> Resubscribe
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={onRegisterPush}
          disabled={!canPush || terminal || lost || busy.push || Boolean(task.push)}
          title={lost ? NEEDS_AGENT : "Register a push notification webhook for this task (Loupe's receiver)"}
          data-testid="a2a-task-push"
        >
          <BellIcon /> {task.push ? "Webhook registered" : "Register webhook"}
        </Button>
        {task.push && (
          <span className="text-xs text-muted-foreground" data-testid="a2a-push-info">
            {plural(task.push.received, "push notification")} received{task.push.error ? ` · ${task.push.error}` : ""} ·{" "}
            <span className="font-mono">{task.push.url}</span>
          </span>
        )}
        {extra}
      </div>
    </div>
  );
}
