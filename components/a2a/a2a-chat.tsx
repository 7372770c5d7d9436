"use client";

import { useCallback, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import type { A2aAgentView } from "@/lib/contracts/a2a";
import { A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import { useA2aAnswer, useA2aTaskActions } from "@/hooks/use-a2a";
import { useInbox } from "@/hooks/use-inbox";
import { useA2aFollow } from "@/hooks/use-a2a-follow";
import { a2aTasksQuery } from "@/lib/queries/a2a";
import { QueryError } from "@/components/elements/query-error";
import { readCard } from "@/components/a2a/card-model";
import { A2aComposer, type ComposedSend } from "@/components/a2a/a2a-composer";
import { A2aTaskPane } from "@/components/a2a/a2a-task-pane";
import { A2aTimeline } from "@/components/a2a/a2a-timeline";
import { RawEntryDialog } from "@/components/a2a/raw-entry-dialog";

export interface A2aChatProps {
  agent: A2aAgentView;
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

const short = (id: string) => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

/**
 * Talk to the agent: the open task (?item=) above, the composer below. "Continue" sends into the
 * open context, and into the open task while it is not terminal (A2A: a terminal task takes no
 * more messages; an interrupted one is continued by its taskId). A text continuing a task that
 * waits for input is sent as the answer to its inbox request, so the request reads answered (not
 * stale) and exactly one answer reaches the task. A task whose agent was lost takes no message
 * either (the agent that held it stopped answering): "Continue" sends into its context, a new task.
 */
export function A2aChat({ agent, location, navigate }: A2aChatProps) {
  const tasks = useQuery(a2aTasksQuery(agent.id));
  const { send } = useA2aTaskActions(agent.id);
  const { streaming: canStream, pushNotifications: canPush } = readCard(agent.state.card);
  const openTask = tasks.data?.find((t) => t.taskId === location.item);
  const contextId = location.thread ?? openTask?.contextId ?? null;
  const continueTask = openTask && !openTask.lost && !A2A_TERMINAL_STATES.includes(openTask.state) ? openTask.taskId : null;
  const inbox = useInbox();
  const waiting = continueTask
    ? inbox.data?.find(
        (r) =>
          r.source === "a2a" &&
          r.kind === "input" &&
          r.agentId === agent.id &&
          r.taskId === continueTask &&
          (r.status === "pending" || r.status === "failed"),
      )
    : undefined;
  const answer = useA2aAnswer();
  const continueLabel = contextId
    ? continueTask
      ? `task ${short(continueTask)}${waiting ? " (answers its request)" : ""}`
      : `context ${short(contextId)}`
    : null;

  const onTask = useCallback((taskId: string, ctx: string | null) => navigate({ thread: ctx, item: taskId }), [navigate]);
  const { follow, exchange } = useA2aFollow(agent.id, onTask);

  const [selected, setSelected] = useState<number | null>(null);
  const openEntry = selected === null ? undefined : exchange.find((e) => e.seq === selected);

  const onSend = async ({ parts, stream, blocking, push, target }: ComposedSend) => {
    const only = parts.length === 1 ? parts[0] : undefined;
    if (target === "continue" && waiting && (only?.kind === "text" || only?.kind === "data")) {
      await answer.mutateAsync({
        requestId: waiting.id,
        body: only.kind === "text" ? { kind: "text", text: only.text } : { kind: "data", data: only.data },
      });
      return;
    }
    const into = target === "continue" && contextId ? { contextId, ...(continueTask ? { taskId: continueTask } : {}) } : {};
    const how = { ...(blocking ? {} : { blocking: false }), ...(push ? { push } : {}) };
    const { exchangeId } = await send.mutateAsync({ parts, stream, ...how, ...into });
    // A new context closes the open task, so the reply (a task or a plain message) shows in its place.
    if (!("contextId" in into) && location.item) navigate({ thread: null, item: null });
    follow(exchangeId);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="a2a-chat">
      {location.item ? (
        <A2aTaskPane key={location.item} agent={agent} taskId={location.item} />
      ) : exchange.length > 0 ? (
        // No task (yet, or at all: an agent may answer with a plain message): the exchange itself.
        <div className="flex min-h-0 flex-1 flex-col" data-testid="a2a-exchange">
          <A2aTimeline entries={exchange} selectedSeq={selected} onSelect={setSelected} />
          {openEntry && (
            <RawEntryDialog entry={openEntry} request={exchange.find((e) => e.kind === "a2a_request")} onClose={() => setSelected(null)} />
          )}
        </div>
      ) : (
        <div className="m-auto p-4 text-center text-sm text-muted-foreground" data-testid="a2a-no-task">
          {tasks.isSuccess && tasks.data.length === 0
            ? "No tasks yet — send a message."
            : "Send a message, or open a task from the Tasks tab."}
        </div>
      )}
      {tasks.isError && (
        <QueryError className="mx-3" title="Could not load the tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
      )}
      {send.error && <QueryError className="mx-3" title="The message was not sent" error={send.error} />}
      {answer.error && <QueryError className="mx-3" title="The answer was not sent" error={answer.error} />}
      <A2aComposer
        canStream={canStream}
        canPush={canPush}
        continueLabel={continueLabel}
        onSend={onSend}
        busy={send.isPending || answer.isPending}
      />
    </div>
  );
}
