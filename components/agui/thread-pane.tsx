"use client";

import { useState } from "react";
import type { AguiAgentView } from "@/lib/contracts/agui";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import type { AguiActions } from "@/hooks/use-agui";
import { useAguiThread } from "@/hooks/use-agui-thread";
import { QueryError } from "@/components/elements/query-error";
import { cn } from "@/lib/cn";
import { AguiRequestCard } from "./agui-request-card";
import { RunForm } from "./run-form";
import { RunTimeline } from "./run-timeline";
import { ThreadRunBar, type ThreadTab } from "./thread-run-bar";
import { MessagesPanel, StatePanel } from "./thread-panels";
import { RawFrame, UsageLine } from "./item-bodies-run";

export interface ThreadPaneProps {
  agent: AguiAgentView;
  threadId: string | null;
  runId: string | null;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
  actions: AguiActions;
}

/** One thread: its runs, the chosen run's timeline, the thread's state and messages, and the next run. */
export function ThreadPane({ agent, threadId, runId, navigate, actions }: ThreadPaneProps) {
  const [tab, setTab] = useState<ThreadTab>("timeline");
  const { detail, entries, runs, run, timeline, running } = useAguiThread(agent.id, threadId, runId);
  const liveState = running && timeline ? timeline.state : (detail.data?.state ?? timeline?.state);

  const renderRequest = ({ toolCallId, interruptId }: { toolCallId?: string; interruptId?: string }) => {
    const request = run?.requests.find(
      (r) => (toolCallId && r.toolCallId === toolCallId && r.kind === "tool") || (interruptId && r.interrupt?.id === interruptId),
    );
    return request ? <AguiRequestCard row={request} compact /> : null;
  };

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="agui-thread-pane" data-thread-id={threadId ?? ""}>
      {threadId === null ? (
        <div className="m-auto max-w-md p-6 text-center text-sm text-muted-foreground" data-testid="agui-new-thread-hint">
          A new thread starts with the next run. Type a message below; open “State, context, tools” to send a state, context entries,
          forwardedProps or front-end tools.
        </div>
      ) : entries.isError ? (
        <div className="flex-1">
          <QueryError
            className="m-3"
            title="Could not load the thread's events"
            error={entries.error}
            onRetry={() => void entries.refetch()}
          />
        </div>
      ) : entries.isPending ? (
        <p className="flex-1 p-3 text-xs text-muted-foreground">Loading the thread…</p>
      ) : (
        <>
          <ThreadRunBar
            runs={runs}
            openRunId={run?.runId ?? null}
            onOpenRun={(runId) => navigate({ view: "agui", peerId: agent.id, thread: threadId, item: runId })}
            tab={tab}
            onTab={setTab}
          />
          {run?.record?.error && (
            <div role="alert" className="border-b bg-destructive/5 px-3 py-1.5 text-xs text-destructive" data-testid="agui-run-failure">
              {run.record.error.message} <code className="font-mono">({run.record.error.code})</code>
              <RawFrame details={run.record.error.details} />
            </div>
          )}
          {timeline && timeline.usage.length > 0 && (
            <div className="border-b px-3 py-1 text-[11px]">
              <UsageLine usage={timeline.usage} />
            </div>
          )}
          <div className={cn("flex min-h-0 flex-1 flex-col")}>
            {tab === "timeline" ? (
              run && timeline ? (
                <RunTimeline
                  key={run.runId}
                  run={run}
                  timeline={timeline}
                  renderRequest={renderRequest}
                  bundleUnit={{ type: "agui-run", agentId: agent.id, runId: run.runId }}
                />
              ) : (
                <p className="p-3 text-xs text-muted-foreground">{runId ? `No run ${runId} in this thread.` : "No run yet."}</p>
              )
            ) : tab === "state" ? (
              <StatePanel
                state={liveState}
                source={running ? "Live: as the running run's events leave it" : "The thread's state after its last run"}
              />
            ) : (
              <MessagesPanel messages={detail.data?.messages ?? []} />
            )}
          </div>
        </>
      )}
      {detail.isError && threadId !== null && (
        <QueryError
          className="m-2"
          title="Could not load the thread's state and messages"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      )}
      <RunForm
        key={threadId ?? "new"}
        agent={agent}
        threadId={threadId}
        threadState={liveState ?? {}}
        runningRunId={running}
        actions={actions}
        onStarted={(s) => navigate({ view: "agui", peerId: agent.id, thread: s.threadId, item: s.runId })}
      />
    </div>
  );
}
