"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { A2aAgentView } from "@/lib/contracts/a2a";
import { A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import { useA2aTask } from "@/hooks/use-a2a-task";
import { useA2aTaskActions } from "@/hooks/use-a2a";
import { useInbox } from "@/hooks/use-inbox";
import { entryExchangeId } from "@/lib/queries/a2a";
import { QueryError } from "@/components/elements/query-error";
import { A2aTimeline } from "@/components/a2a/a2a-timeline";
import { RawEntryDialog } from "@/components/a2a/raw-entry-dialog";
import { A2aRequestCard } from "@/components/a2a/a2a-request-card";
import { TaskHeader } from "@/components/a2a/task-header";
import { readCard } from "@/components/a2a/card-model";
import { taskTimeline } from "@/components/a2a/task-model";
import { TaskSummary } from "@/components/a2a/task-summary";
import { ExportBundleButton } from "@/components/elements/export-bundle-button";
import { SaveCaseButton } from "@/components/elements/save-case";

export interface A2aTaskPaneProps {
  agent: A2aAgentView;
  taskId: string;
}

/** One task: its state and actions, a pending question answered in place, and its timeline. */
export function A2aTaskPane({ agent, taskId }: A2aTaskPaneProps) {
  const { detail, stored, entries, reading } = useA2aTask(agent.id, taskId);
  const actions = useA2aTaskActions(agent.id);
  const inbox = useInbox();
  const [selected, setSelected] = useState<number | null>(null);
  const request = useMemo(
    () => (inbox.data ?? []).find((r) => r.source === "a2a" && r.taskId === taskId && (r.status === "pending" || r.status === "failed")),
    [inbox.data, taskId],
  );
  const timeline = useMemo(() => taskTimeline(entries, taskId), [entries, taskId]);
  // A question that appears is brought into view, its button included (a short window hid it).
  const requestBox = useRef<HTMLDivElement>(null);
  const requestId = request?.id;
  useEffect(() => {
    if (requestId) requestBox.current?.scrollIntoView({ block: "nearest" });
  }, [requestId]);
  const open = selected === null ? undefined : entries.find((e) => e.seq === selected);
  const exchange = open ? entryExchangeId(open) : null;
  const requestEntry = exchange ? entries.find((e) => e.kind === "a2a_request" && entryExchangeId(e) === exchange) : undefined;

  if (detail.isError)
    return <QueryError className="m-3" title="Could not load the task" error={detail.error} onRetry={() => void detail.refetch()} />;
  if (detail.isPending) return <p className="p-4 text-sm text-muted-foreground">Loading the task…</p>;
  const task = detail.data;
  const terminal = A2A_TERMINAL_STATES.includes(task.state);
  const mutationError = actions.refresh.error ?? actions.cancel.error ?? actions.resubscribe.error ?? actions.registerPush.error;
  return (
    // Scrolls as one box: a tall question (a schema form) neither runs under the chat's composer
    // (which then took the clicks meant for "Send answer") nor is squeezed into a box of its own
    // too short for its button (1024×768); the timeline keeps its few rows below it.
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto" data-testid="a2a-task-pane" data-task-id={taskId} data-state={task.state}>
      <TaskHeader
        task={task}
        canPush={readCard(agent.state.card).pushNotifications}
        busy={{
          refresh: actions.refresh.isPending,
          cancel: actions.cancel.isPending,
          resubscribe: actions.resubscribe.isPending,
          push: actions.registerPush.isPending,
        }}
        onRefresh={() => actions.refresh.mutate(taskId)}
        onCancel={() => actions.cancel.mutate(taskId)}
        onResubscribe={() => actions.resubscribe.mutate(taskId)}
        onRegisterPush={() => actions.registerPush.mutate(taskId)}
        terminal={terminal}
        extra={
          <>
            <ExportBundleButton
              unit={{ type: "a2a-task", agentId: agent.id, taskId }}
              label="Export bundle"
              testId="a2a-export-bundle"
              className="ml-auto"
            />
            {/* Issue 24: the task's message, the answers at its pauses and what came back, as a case (A2A's driver). */}
            <SaveCaseButton
              source={{ protocol: "a2a", from: "task", ref: { agentId: agent.id, taskId } }}
              defaultName={`task ${taskId.slice(0, 8)}`}
              startWith={["trajectory", "final_response"]}
            />
          </>
        }
      />
      {mutationError && <QueryError className="mx-3 mt-2" title="The agent refused" error={mutationError} />}
      {stored.isError && (
        <QueryError
          className="mx-3 mt-2"
          title="Could not load the task's frames"
          error={stored.error}
          onRetry={() => void stored.refetch()}
        />
      )}
      {request && request.source === "a2a" && (
        <div ref={requestBox} className="shrink-0 border-b p-3" data-testid="a2a-inline-request">
          <A2aRequestCard row={request} compact />
        </div>
      )}
      {timeline && <TaskSummary timeline={timeline} onOpenSeq={setSelected} over={terminal || Boolean(task.lost)} />}
      <A2aTimeline entries={entries} loading={reading} selectedSeq={selected} onSelect={setSelected} />
      {open && <RawEntryDialog entry={open} request={requestEntry} onClose={() => setSelected(null)} />}
    </div>
  );
}
