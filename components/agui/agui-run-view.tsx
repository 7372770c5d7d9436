"use client";

import { SegmentedTabs } from "@/components/elements/segmented-tabs";
import { useMemo, useState } from "react";
import type { AguiRunStatus } from "@/lib/contracts/agui";
import type { AguiRunSnapshot } from "@/lib/server/bundles/units/agui-run";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { runsOfEntries } from "@/lib/queries/agui";
import { formatDateTime, formatDuration, plural } from "@/lib/format";
import { RunTimeline } from "@/components/agui/run-timeline";
import { RunStatusBadge } from "@/components/agui/thread-list";
import { UsageLine } from "@/components/agui/item-bodies";
import type { RenderRequest } from "@/components/agui/item-bodies";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import { bundleEntries } from "@/lib/bundle-entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import { isRecord } from "@/lib/values";
import { isKnownInboxRow } from "@/lib/workbench/inbox";
import type { RowOf } from "@/lib/workbench/inbox-text";
import { AguiRecordedRequest } from "@/components/agui/agui-recorded-request";
import { RunMessagesBeforeAfter, RunStateBeforeAfter } from "./agui-run-panels";

const TABS = ["timeline", "state", "messages", "requests"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = { timeline: "Run timeline", state: "State", messages: "Messages", requests: "Requests" };

const isAguiRow = (row: InboxRow): row is RowOf<"agui"> => row.source === "agui";

/**
 * An imported AG-UI run, read-only: the live run timeline (assembled items or raw events, filter,
 * search, inspector with state diffs, findings, malformed frames) built from the bundle's entries
 * exactly as the thread pane builds it, the thread's state and messages before and after the run,
 * and the run's front-end tool calls and interrupts with the answers given. No run form, no answer
 * forms: nothing here reaches the agent.
 */
export function AguiRunView({ bundle }: BundleUnitViewProps) {
  const snapshot = bundle.snapshot as AguiRunSnapshot;
  const { runId } = snapshot.run;
  const [tab, setTab] = useState<Tab>("timeline");
  const entries = useMemo(() => bundleEntries(bundle), [bundle]);
  const run = useMemo(() => runsOfEntries(entries).find((r) => r.runId === runId) ?? null, [entries, runId]);
  const timeline = useMemo(() => {
    if (!run) return null;
    // A next run of a response has no input of its own: it starts where the run before it left (before.state).
    const initialState = isRecord(run.input) ? run.input.state : snapshot.before.state;
    return normalizeAguiRun(
      run.events.map((e) => e.event),
      { initialState },
    );
  }, [run, snapshot]);
  const requests = bundle.inbox.filter(isKnownInboxRow).filter(isAguiRow);
  const renderRequest: RenderRequest = ({ toolCallId, interruptId }) => {
    const r = requests.find(
      (q) =>
        q.runId === runId &&
        ((toolCallId && q.kind === "tool" && q.toolCallId === toolCallId) || (interruptId && q.interrupt?.id === interruptId)),
    );
    return r ? <AguiRecordedRequest row={r} /> : null;
  };
  const record = snapshot.run;
  const error = record.error as { code?: string; message?: string } | undefined;

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="agui-run-view" data-run-id={runId}>
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2 text-xs" data-testid="agui-run-view-header">
        <RunStatusBadge status={record.status as AguiRunStatus} />
        <span className="font-mono text-muted-foreground">run {runId}</span>
        <span className="font-mono text-muted-foreground">thread {record.threadId}</span>
        <span className="text-muted-foreground">
          {plural(record.eventCount, "event")} · started {formatDateTime(record.startedAt)}
          {record.endedAt !== null ? ` · took ${formatDuration(record.endedAt - record.startedAt)}` : ""}
        </span>
        <span className="text-muted-foreground">
          Agent <span className="font-medium text-foreground">{bundle.connection.name}</span>
          {bundle.connection.target ? <span className="font-mono"> · {bundle.connection.target}</span> : null}
        </span>
        <SegmentedTabs
          tabs={TABS}
          value={tab}
          onChange={setTab}
          label={(t) => (t === "requests" ? `${TAB_LABEL[t]} (${requests.length})` : TAB_LABEL[t])}
          testIdPrefix="agui-view-tab-"
        />
      </div>
      {error?.message && (
        <p role="alert" className="border-b bg-destructive/5 px-3 py-1.5 text-xs text-destructive" data-testid="agui-run-failure">
          {error.message} {error.code && <code className="font-mono">({error.code})</code>}
        </p>
      )}
      {timeline && timeline.usage.length > 0 && (
        <div className="border-b px-3 py-1 text-[11px]">
          <UsageLine usage={timeline.usage} />
        </div>
      )}
      {tab === "timeline" ? (
        run && timeline ? (
          <RunTimeline run={run} timeline={timeline} renderRequest={renderRequest} />
        ) : (
          <p className="p-3 text-xs text-muted-foreground">The bundle holds no entry of run {runId}.</p>
        )
      ) : tab === "state" ? (
        <RunStateBeforeAfter before={snapshot.before} after={snapshot.after} />
      ) : tab === "messages" ? (
        <RunMessagesBeforeAfter before={snapshot.before} after={snapshot.after} />
      ) : (
        <section className="flex flex-col gap-2 overflow-auto p-3" aria-label="Human requests" data-testid="agui-recorded-requests">
          {requests.length === 0 && <p className="text-xs text-muted-foreground">This run asked nothing of the user.</p>}
          {requests.map((r) => (
            <AguiRecordedRequest key={r.id} row={r} />
          ))}
        </section>
      )}
    </div>
  );
}
