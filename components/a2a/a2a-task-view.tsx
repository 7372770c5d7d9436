"use client";

import { useMemo, useState } from "react";
import { A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { A2aTaskSnapshot } from "@/lib/server/bundles/units/a2a-task";
import { entryExchangeId } from "@/lib/queries/a2a";
import { formatDateTime } from "@/lib/format";
import { JsonView } from "@/components/elements/json-view";
import { A2aTimeline } from "@/components/a2a/a2a-timeline";
import { RawEntryDialog } from "@/components/a2a/raw-entry-dialog";
import { TaskIdentity } from "@/components/a2a/task-header";
import { taskTimeline } from "@/components/a2a/task-model";
import { TaskSummary } from "@/components/a2a/task-summary";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import { bundleEntries } from "@/lib/bundle-entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import { isKnownInboxRow } from "@/lib/workbench/inbox";
import type { RowOf } from "@/lib/workbench/inbox-text";
import { A2aRecordedRequest } from "@/components/a2a/a2a-recorded-request";

const isA2aRow = (row: InboxRow): row is RowOf<"a2a"> => row.source === "a2a";

/**
 * An imported A2A task, read-only: the task pane's state path, messages, assembled artifacts and
 * transition findings, its frame timeline with each raw entry (and the request it answers), the
 * human requests with the answers given, and the agent card as it was fetched. No refresh,
 * cancel, resubscribe, push or answer: nothing here reaches the agent.
 */
export function A2aTaskView({ bundle }: BundleUnitViewProps) {
  const snapshot = bundle.snapshot as A2aTaskSnapshot;
  const taskId = snapshot.task.taskId;
  const entries = useMemo(() => bundleEntries(bundle), [bundle]);
  const timeline = useMemo(() => taskTimeline(entries, taskId), [entries, taskId]);
  const [selected, setSelected] = useState<number | null>(null);
  const open = selected === null ? undefined : entries.find((e) => e.seq === selected);
  const exchange = open ? entryExchangeId(open) : null;
  const requestEntry = exchange ? entries.find((e) => e.kind === "a2a_request" && entryExchangeId(e) === exchange) : undefined;
  const requests = bundle.inbox.filter(isKnownInboxRow).filter(isA2aRow);
  const answers = new Map(snapshot.answers.map((a) => [a.requestId, a.message]));
  const task = { ...snapshot.task, state: snapshot.task.state as A2aTaskState };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="a2a-task-view" data-task-id={taskId} data-state={task.state}>
      <div className="flex flex-col gap-1.5 border-b px-3 py-2" data-testid="a2a-task-header">
        <TaskIdentity task={task} />
        <p className="text-xs text-muted-foreground">
          Agent <span className="font-medium text-foreground">{bundle.connection.name}</span>
          {bundle.connection.target ? <span className="font-mono"> · {bundle.connection.target}</span> : null}
          {bundle.connection.transport ? ` · ${bundle.connection.transport}` : ""} · last update {formatDateTime(task.updatedAt)}
        </p>
        {snapshot.card && (
          <details className="text-xs" data-testid="a2a-bundle-card">
            <summary className="cursor-pointer text-muted-foreground select-none">
              Agent card as fetched{snapshot.card.cardUrl ? ` from ${snapshot.card.cardUrl}` : ""}
              {snapshot.card.protocolVersion ? ` (A2A ${snapshot.card.protocolVersion})` : ""}
            </summary>
            <JsonView value={snapshot.card.card} className="max-h-80" />
          </details>
        )}
      </div>
      {requests.length > 0 && (
        <section
          className="grid max-h-[30%] shrink-0 gap-2 overflow-auto border-b p-3"
          aria-label="Human requests"
          data-testid="a2a-recorded-requests"
        >
          {requests.map((r) => (
            <A2aRecordedRequest key={r.id} row={r} answer={answers.get(r.id)} />
          ))}
        </section>
      )}
      {timeline && <TaskSummary timeline={timeline} onOpenSeq={setSelected} over={A2A_TERMINAL_STATES.includes(task.state)} />}
      <A2aTimeline entries={entries} selectedSeq={selected} onSelect={setSelected} />
      {open && <RawEntryDialog entry={open} request={requestEntry} onClose={() => setSelected(null)} />}
    </div>
  );
}
