"use client";

import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import { useLiveVirtualizer } from "@/hooks/use-live-virtualizer";
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useLiveVirtualizer({
    count: rows.length,
    scrollRef,
    estimateSize: (i) => ESTIMATE[rows[i]?.type ?? "event"],
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    scrollEndThreshold: 32,
  });

  // The user just sent or answered something: what comes next is what they are waiting for.
  useEffect(() => {
    if (followSignal) virtualizer.scrollToEnd();
  }, [followSignal, virtualizer]);

  // An event selected from outside (the inbox, a search hit) is brought into view; only a change
  // of selection scrolls, so new rows arriving never fight the user's reading position.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  useEffect(() => {
    if (selectedIndex === null) return;
    const at = rowsRef.current.findIndex((r) => r.type !== "invocation" && r.entry === selectedIndex && !(r.type === "event" && r.inFold));
    if (at >= 0) virtualizer.scrollToIndex(at, { align: "auto" });
  }, [selectedIndex, virtualizer]);

  return (
    <div ref={scrollRef} data-testid="timeline-scroll" className="min-h-0 min-w-0 flex-1 overflow-auto">
      {rows.length === 0 ? (
        <p data-testid="timeline-empty" className="p-3 text-xs text-muted-foreground">
          {timeline.entries.length === 0 ? "No events yet." : "No events match the filter."}
        </p>
      ) : (
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.type === "invocation" ? (
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
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
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
