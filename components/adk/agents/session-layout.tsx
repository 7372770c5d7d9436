"use client";

import { useMemo, useState, type ReactNode } from "react";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import type { MatchableEvent } from "@/lib/protocols/adk/trace";
import { AdkTimeline } from "@/components/adk/timeline/adk-timeline";
import { DEFAULT_TIMELINE_FILTER, type TimelineFilter } from "@/components/adk/timeline/filter";
import type { TimelineView } from "@/components/adk/timeline/rows";
import type { OpenArtifact } from "@/components/adk/agents/artifact-list";
import { SessionDetails } from "@/components/adk/agents/session-details";
import { SessionPaneToggle, type SessionPane } from "@/components/adk/trace/pane-toggle";
import { matchableEvents } from "@/components/adk/trace/matchable";

/**
 * What the reader has set up in a session view. Held by the view itself (not the layout) so it
 * lasts while the layout is away, e.g. while a live session shows a load error.
 */
export function useSessionLayout(initialDetailsOpen = false) {
  const [view, setView] = useState<TimelineView>("raw");
  const [filter, setFilter] = useState<TimelineFilter>(DEFAULT_TIMELINE_FILTER);
  const [pane, setPane] = useState<SessionPane>("timeline");
  const [detailsOpen, setDetailsOpen] = useState(initialDetailsOpen);
  const [artifact, setArtifact] = useState<OpenArtifact | null>(null);
  return { view, setView, filter, setFilter, pane, setPane, detailsOpen, setDetailsOpen, artifact, setArtifact };
}

export type SessionLayoutState = ReturnType<typeof useSessionLayout>;

export interface SessionTraceSlot {
  events: MatchableEvent[];
  selectedEventId: string | null;
  onSelectEvent: (eventId: string) => void;
}

export interface SessionLayoutProps {
  timeline: TimelineState;
  state: SessionLayoutState;
  selected: number | null;
  onSelect: (index: number | null) => void;
  /** Above the timeline (summary, source, actions); given the Timeline/Trace toggle to place. */
  header: (paneToggle: ReactNode) => ReactNode;
  renderTrace: (slot: SessionTraceSlot) => ReactNode;
  renderInterrupt: (callId: string, eventId: string) => ReactNode;
  /** The selected entry's inspector. */
  renderInspector: (index: number) => ReactNode;
  renderArtifacts: (open: OpenArtifact | null, onOpen: (artifact: OpenArtifact | null) => void) => ReactNode;
  followSignal?: number;
}

/**
 * The timeline and inspector of one ADK session, shared by the live view and the read-only bundle
 * view: what differs (where the trace, the artifacts and the interrupts come from, what the header
 * holds) comes in through the slots.
 */
export function SessionLayout({ timeline, state, selected, onSelect, header, followSignal, ...slots }: SessionLayoutProps) {
  const { setDetailsOpen, setArtifact } = state;
  const traceEvents = useMemo(() => matchableEvents(timeline), [timeline]);
  const select = (index: number | null) => {
    if (index !== null) setDetailsOpen(true);
    onSelect(index);
  };
  const openArtifact = (next: OpenArtifact | null) => {
    if (next) setDetailsOpen(true);
    setArtifact(next);
  };
  return (
    // Stacked (a narrow view: 1024×768 with both sidebars, an 800 px window): the timeline keeps room for its rows
    // and the details give way (issue 23: an open event's inspector took the whole height, no event row left). The
    // header, the summary and the filters wrap to several rows in a narrow column: past a floor the session scrolls as
    // a whole, so the rows (and a pause's Approve and Reject) are never squeezed to a sliver between them and the details.
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto @3xl:flex-row @3xl:overflow-visible">
      <div className="flex min-h-[34rem] min-w-0 flex-1 flex-col @3xl:min-h-0 @3xl:min-w-48">
        {header(<SessionPaneToggle pane={state.pane} onChange={state.setPane} />)}
        {state.pane === "trace" ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            {slots.renderTrace({
              events: traceEvents,
              selectedEventId: selected === null ? null : (timeline.entries[selected]?.event.id ?? null),
              onSelectEvent: (eventId) => {
                const index = timeline.byEventId.get(eventId);
                if (index !== undefined) select(index);
              },
            })}
          </div>
        ) : (
          <AdkTimeline
            timeline={timeline}
            view={state.view}
            onViewChange={state.setView}
            filter={state.filter}
            onFilterChange={state.setFilter}
            selectedIndex={selected}
            onSelect={select}
            renderInterrupt={slots.renderInterrupt}
            onOpenArtifact={(name, version) => openArtifact({ name, version })}
            followSignal={followSignal}
          />
        )}
      </div>
      <SessionDetails open={state.detailsOpen} onOpenChange={setDetailsOpen} wide={selected !== null}>
        {selected !== null && timeline.entries[selected] && <div className="border-b p-2">{slots.renderInspector(selected)}</div>}
        {slots.renderArtifacts(state.artifact, setArtifact)}
      </SessionDetails>
    </div>
  );
}
