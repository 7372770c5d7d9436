"use client";

import { useMemo, useState } from "react";
import type { BundleUnitRef } from "@/lib/contracts/bundle";
import type { AguiRunTimeline } from "@/lib/protocols/agui/types";
import type { RenderRequest } from "./item-bodies";
import { RunFindings } from "./run-findings";
import { RunInspector, type InspectorTarget } from "./run-inspector";
import type { RunRecordView } from "@/lib/queries/agui";
import { AguiTimelineToolbar, type TimelineFilterState } from "./timeline-toolbar";
import { EventRowView, ItemRowView } from "./timeline-row";
import { eventRows, itemRows } from "./timeline-rows";
import { VirtualList } from "@/components/elements/virtual-list";

export interface RunTimelineProps {
  run: RunRecordView;
  timeline: AguiRunTimeline;
  renderRequest?: RenderRequest;
  /** Offers "Export run bundle" for this run (the live thread pane; a bundle's read-only view has none). */
  bundleUnit?: BundleUnitRef;
}

/** The run's events as received, one JSON array, saved by the browser. */
function exportEvents(run: RunRecordView): void {
  const blob = new Blob(
    [
      JSON.stringify(
        run.events.map((e) => e.event),
        null,
        2,
      ),
    ],
    { type: "application/json" },
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `agui-run-${run.runId}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

type Selection = { kind: "item"; index: number } | { kind: "event"; index: number } | null;

const INITIAL: TimelineFilterState = { mode: "items", filters: new Set(), type: null, search: "" };

/** One run: its assembled timeline or its raw events (filter, search), findings, and an inspector. */
export function RunTimeline({ run, timeline, renderRequest, bundleUnit }: RunTimelineProps) {
  const [filter, setFilter] = useState<TimelineFilterState>(INITIAL);
  const [selection, setSelection] = useState<Selection>(null);
  const [reveal, setReveal] = useState<number | null>(null);
  const items = useMemo(() => itemRows(timeline.items, filter.filters, filter.search), [timeline.items, filter.filters, filter.search]);
  const events = useMemo(
    () => (filter.mode === "events" ? eventRows(run.events, filter.type, filter.search) : []),
    [filter.mode, run.events, filter.type, filter.search],
  );
  const findingsAt = useMemo(() => {
    const m = new Map<number, number>();
    for (const f of timeline.findings) m.set(f.index, (m.get(f.index) ?? 0) + 1);
    return m;
  }, [timeline.findings]);
  const start = run.events[0]?.receivedAt ?? 0;

  const openEvent = (index: number) => {
    setFilter((f) => ({ ...f, mode: "events", type: null, search: "" }));
    setSelection({ kind: "event", index });
    setReveal(index);
  };

  const target: InspectorTarget | null =
    selection?.kind === "item" && timeline.items[selection.index]
      ? { kind: "item", item: timeline.items[selection.index]! }
      : selection?.kind === "event" && run.events[selection.index]
        ? {
            kind: "event",
            index: selection.index,
            event: run.events[selection.index]!,
            owner: timeline.items.find((it) => it.first <= selection.index && selection.index <= it.last && it.kind !== "step") ?? null,
          }
        : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="agui-run-timeline" data-run-id={run.runId}>
      <AguiTimelineToolbar
        value={filter}
        onChange={setFilter}
        counts={timeline.counts}
        shown={filter.mode === "items" ? items.length : events.length}
        total={filter.mode === "items" ? timeline.items.length : run.events.length}
        onExport={() => exportEvents(run)}
        {...(bundleUnit ? { bundleUnit } : {})}
        {...(bundleUnit && run.record ? { threadRef: { agentId: run.record.agentId, threadId: run.record.threadId } } : {})}
      />
      <RunFindings findings={timeline.findings} malformed={run.malformed} onOpenEvent={openEvent} />
      <div className="relative flex min-h-0 flex-1">
        {filter.mode === "items" ? (
          <VirtualList
            testId="agui-items"
            rows={items}
            estimate={64}
            empty={timeline.items.length === 0 ? "No events yet." : "Nothing matches the filter."}
            render={(row) => {
              const { index } = row;
              let findings = 0;
              for (let i = row.item.first; i <= row.item.last && findingsAt.size > 0; i++) findings += findingsAt.get(i) ?? 0;
              return (
                <ItemRowView
                  row={row}
                  offsetMs={run.events[row.item.first] ? run.events[row.item.first]!.receivedAt - start : null}
                  selected={selection?.kind === "item" && selection.index === index}
                  onSelect={() => setSelection({ kind: "item", index })}
                  renderRequest={renderRequest}
                  findings={findings}
                />
              );
            }}
          />
        ) : (
          <VirtualList
            testId="agui-events"
            rows={events}
            estimate={24}
            revealKey={reveal === null ? null : events.find((r) => r.index === reveal)?.key}
            empty={run.events.length === 0 ? "No events yet." : "No event matches the filter."}
            render={(row) => (
              <EventRowView
                row={row}
                offsetMs={row.event.receivedAt - start}
                selected={selection?.kind === "event" && selection.index === row.index}
                onSelect={() => setSelection({ kind: "event", index: row.index })}
              />
            )}
          />
        )}
        {target && <RunInspector target={target} events={run.events} onClose={() => setSelection(null)} onOpenEvent={openEvent} />}
      </div>
    </div>
  );
}
