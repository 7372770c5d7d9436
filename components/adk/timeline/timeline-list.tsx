"use client";

import type { ReactNode } from "react";
import { VirtualList } from "@/components/elements/virtual-list";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { CompactionFold } from "./compaction-fold";
import { EventRow } from "./event-row";
import { InvocationHeader } from "./invocation-header";
import type { TimelineRow, TimelineView } from "./rows";

/** First guesses only; every rendered row is measured (rows vary from one line to large cards). */
const ESTIMATE: Record<TimelineRow["type"], number> = { invocation: 28, event: 72, fold: 56 };

export interface TimelineListProps {
  timeline: TimelineState;
  rows: TimelineRow[];
  view: TimelineView;
  selectedIndex: number | null;
  onSelect: (index: number | null) => void;
  onToggleFold: (entry: number) => void;
  renderInterrupt?: (callId: string, eventId: string) => ReactNode;
  onOpenArtifact?: (filename: string, version: number) => void;
  followSignal?: number;
}

/** Virtualized rows with measured heights (STYLE.md 8): only what is on screen is in the DOM. */
export function TimelineList({
  timeline,
  rows,
  view,
  selectedIndex,
  onSelect,
  onToggleFold,
  renderInterrupt,
  onOpenArtifact,
  followSignal,
}: TimelineListProps) {
  // An event selected from outside (the inbox, a search hit) is brought into view.
  const revealKey =
    selectedIndex === null
      ? null
      : rows.find((r) => r.type !== "invocation" && r.entry === selectedIndex && !(r.type === "event" && r.inFold))?.key;
  return (
    <VirtualList
      testId="timeline-scroll"
      rows={rows}
      estimate={(row) => ESTIMATE[row.type]}
      overscan={6}
      // The user just sent or answered something: what comes next is what they are waiting for.
      followSignal={followSignal}
      revealKey={revealKey}
      emptyTestId="timeline-empty"
      empty={timeline.entries.length === 0 ? "No events yet." : "No events match the filter."}
      render={(row) =>
        row.type === "invocation" ? (
          <InvocationHeader invocationId={row.invocationId} invocation={timeline.invocations.get(row.invocationId)} />
        ) : row.type === "fold" ? (
          <CompactionFold
            timeline={timeline}
            entry={row.entry}
            covered={row.covered}
            summary={row.summary}
            expanded={row.expanded}
            view={view}
            selected={selectedIndex === row.entry}
            onToggle={onToggleFold}
            onSelect={onSelect}
          />
        ) : (
          <RowEvent
            row={row}
            timeline={timeline}
            selectedIndex={selectedIndex}
            onSelect={onSelect}
            renderInterrupt={renderInterrupt}
            onOpenArtifact={onOpenArtifact}
          />
        )
      }
    />
  );
}

type EventRowData = Extract<TimelineRow, { type: "event" }>;

function RowEvent({
  row,
  timeline,
  selectedIndex,
  ...rest
}: Pick<TimelineListProps, "timeline" | "selectedIndex" | "onSelect" | "renderInterrupt" | "onOpenArtifact"> & { row: EventRowData }) {
  const entry = timeline.entries[row.entry];
  if (!entry) return null;
  return (
    <EventRow
      timeline={timeline}
      entry={entry}
      depth={row.depth}
      inFold={row.inFold}
      compacted={row.compacted}
      selected={selectedIndex === row.entry}
      {...rest}
    />
  );
}
