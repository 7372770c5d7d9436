"use client";

import { useState } from "react";
import type { LgAssistant } from "@/lib/contracts/langgraph";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import type { LgActions } from "@/hooks/use-langgraph";
import { useLgThread } from "@/hooks/use-lg-thread";
import { QueryError } from "@/components/elements/query-error";
import { SegmentedTabs } from "@/components/elements/segmented-tabs";
import { LgRunComposer } from "./lg-run-composer";
import { LgStatePanel } from "./lg-state-panel";
import { LgThreadGraph } from "./lg-thread-graph";
import { LgThreadHeader } from "./lg-thread-header";
import { SaveCaseButton } from "@/components/elements/save-case";
import { LgThreadTimeline } from "./timeline";
import { LgTimeTravelPanel } from "./time-travel";

const TABS = ["timeline", "graph", "state", "checkpoints"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = { timeline: "Timeline", graph: "Graph", state: "State", checkpoints: "Checkpoints" };

export interface LgThreadViewProps extends Pick<WorkbenchPaneProps, "navigate"> {
  deploymentId: string;
  assistants: readonly LgAssistant[];
  threadId: string;
  actions: LgActions;
}

/** One thread: header, its timeline / graph / state / checkpoints, and the next run. */
export function LgThreadView({ deploymentId, assistants, threadId, actions, navigate }: LgThreadViewProps) {
  const [tab, setTab] = useState<Tab>("timeline");
  const { detail, entries, running, path, requests } = useLgThread(deploymentId, threadId);
  const thread = detail.data;
  const pending = requests.filter((r) => r.status === "pending" || r.status === "failed").length;
  const assistantId = thread?.assistantId;

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="lg-thread-view" data-thread-id={threadId}>
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
        {thread ? (
          <LgThreadHeader
            thread={thread}
            assistantName={assistants.find((a) => a.assistantId === assistantId)?.name ?? null}
            pendingRequests={pending}
          />
        ) : detail.isError ? null : (
          <span className="text-xs text-muted-foreground">Loading the thread…</span>
        )}
        {/* Issue 24: the thread's runs, the answers at its interrupts and its state, as a case (LangGraph's driver). */}
        <SaveCaseButton
          source={{ protocol: "langgraph", from: "thread", ref: { deploymentId, threadId } }}
          defaultName={`thread ${threadId.slice(0, 8)}`}
          startWith={["trajectory", "final_response"]}
        />
        <SegmentedTabs
          tabs={TABS}
          value={tab}
          onChange={setTab}
          label={(t) => (t === "state" && pending ? `${TAB_LABEL[t]} (${pending})` : TAB_LABEL[t])}
          testIdPrefix="lg-thread-tab-"
        />
      </div>
      {detail.isError && (
        <QueryError
          className="m-2"
          title="Could not load the thread from the server"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      )}
      <div className="flex min-h-0 flex-1 flex-col">
        {tab === "timeline" ? (
          entries.isError ? (
            <QueryError
              className="m-3"
              title="Could not load the thread's entries"
              error={entries.error}
              onRetry={() => void entries.refetch()}
            />
          ) : entries.isPending ? (
            <p className="p-3 text-xs text-muted-foreground">Loading the thread&apos;s entries…</p>
          ) : (
            <LgThreadTimeline entries={entries.data} />
          )
        ) : tab === "graph" ? (
          <LgThreadGraph
            deploymentId={deploymentId}
            assistantId={assistantId}
            threadId={threadId}
            interrupted={thread?.status === "interrupted"}
            path={path}
          />
        ) : tab === "state" ? (
          thread ? (
            <LgStatePanel thread={thread} requests={requests} />
          ) : null
        ) : (
          <LgTimeTravelPanel deploymentId={deploymentId} threadId={threadId} assistantId={assistantId} />
        )}
      </div>
      <LgRunComposer
        key={threadId}
        deploymentId={deploymentId}
        assistants={assistants}
        assistantId={assistantId}
        threadId={threadId}
        runningRunId={running}
        actions={actions}
        onStarted={(s) => navigate({ view: "langgraph", peerId: deploymentId, thread: s.threadId, item: s.runId })}
      />
    </div>
  );
}
