"use client";

import { useCallback, useDeferredValue, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { filterTimeline, timelineAuthors, timelineToolNames, type TimelineFilter } from "./filter";
import { buildRows, type TimelineView } from "./rows";
import { TimelineList } from "./timeline-list";
import { TimelineToolbar } from "./timeline-toolbar";

export interface AdkTimelineProps {
  timeline: TimelineState;
  /** "raw": every event as it happened; "model": what the next LLM call is built from (modelView). */
  view: TimelineView;
  onViewChange: (view: TimelineView) => void;
  filter: TimelineFilter;
  onFilterChange: (filter: TimelineFilter) => void;
  /** Entry index of the selected event (for the EventInspector), or null. */
  selectedIndex: number | null;
  /** Clicking a selected event again passes null. */
  onSelect: (index: number | null) => void;
  /** The interrupt card for a pause call, rendered right below that call. */
  renderInterrupt?: (callId: string, eventId: string) => ReactNode;
  /** An artifact delta was clicked. */
  onOpenArtifact?: (filename: string, version: number) => void;
  /** Changes when the user acts (sends, answers): the list jumps to the newest event and follows. */
  followSignal?: number;
  className?: string;
}

const VIEW_LABEL: Record<TimelineView, string> = { raw: "All events", model: "What the model sees" };

/**
 * The ADK session timeline: events grouped by invocation, tool calls paired with their results,
 * state / artifact deltas, transfers, errors where they happened, compactions as folds —
 * virtualized so a 10,000-event session scrolls smoothly.
 */
export function AdkTimeline({
  timeline,
  view,
  onViewChange,
  filter,
  onFilterChange,
  selectedIndex,
  onSelect,
  renderInterrupt,
  onOpenArtifact,
  followSignal,
  className,
}: AdkTimelineProps) {
  // Typing stays responsive while thousands of events are filtered behind it.
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(() => filterTimeline(timeline, deferredFilter), [timeline, deferredFilter]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => buildRows(timeline, { view, visible, expanded }), [timeline, view, visible, expanded]);
  const authors = useMemo(() => timelineAuthors(timeline), [timeline]);
  const tools = useMemo(() => timelineToolNames(timeline), [timeline]);
  const shown = useMemo(() => rows.filter((r) => r.type === "fold" || (r.type === "event" && !r.inFold)).length, [rows]);
  // A superseded streaming bubble is not an event of the session.
  const total = useMemo(() => timeline.entries.reduce((n, e) => n + (e.superseded ? 0 : 1), 0), [timeline]);
  const toggleFold = useCallback((entry: number) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(entry)) next.add(entry);
      return next;
    });
  }, []);
  const other: TimelineView = view === "raw" ? "model" : "raw";

  return (
    <div data-testid="adk-timeline" data-view={view} className={cn("flex min-h-0 flex-1 flex-col", className)}>
      <div className="flex flex-wrap items-center gap-2 border-b p-2">
        <Button
          size="sm"
          variant={view === "model" ? "secondary" : "outline"}
          data-testid="timeline-view-toggle"
          data-state={view}
          aria-pressed={view === "model"}
          title={`Showing "${VIEW_LABEL[view]}"; click for "${VIEW_LABEL[other]}"`}
          onClick={() => onViewChange(other)}
        >
          {VIEW_LABEL.model}
        </Button>
        <TimelineToolbar
          // Its controls flow in this row beside the toggle and wrap as whole controls: as a box of its
          // own beside the toggle, a narrow column stacked them one per row (215 px at 1024 px).
          className="contents"
          filter={filter}
          onFilterChange={onFilterChange}
          authors={authors}
          tools={tools}
          shown={shown}
          total={total}
        />
      </div>
      <TimelineList
        timeline={timeline}
        rows={rows}
        view={view}
        selectedIndex={selectedIndex}
        onSelect={onSelect}
        onToggleFold={toggleFold}
        renderInterrupt={renderInterrupt}
        onOpenArtifact={onOpenArtifact}
        followSignal={followSignal}
      />
    </div>
  );
}
