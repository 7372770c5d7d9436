"use client";

import { useMemo } from "react";
import { EventInspector } from "@/components/adk/timeline/event-inspector";
import { InspectorTabs } from "@/components/adk/trace/inspector-tabs";
import { mayHaveModelCall } from "@/components/adk/trace/matchable";
import { ModelCallPanel } from "@/components/adk/trace/model-call-panel";
import { ForkDialog } from "@/components/adk/agents/fork-dialog";
import { stateAtEvent } from "@/lib/protocols/adk/fork";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import type { SessionRef } from "@/lib/queries/agents";

export interface LiveInspectorProps {
  sessionRef: SessionRef;
  timeline: TimelineState;
  index: number;
  onOpenSession?: (ref: SessionRef) => void;
}

/** The inspector of a live session's event: Event | Model call, and "Fork from here". */
export function LiveInspector({ sessionRef, timeline, index, onOpenSession }: LiveInspectorProps) {
  const entry = timeline.entries[index];
  const state = useMemo(
    () =>
      stateAtEvent(
        timeline.initialState,
        timeline.entries.map((e) => e.event),
        index,
      ),
    [timeline, index],
  );
  if (!entry) return null;
  const eventId = entry.event.id;
  return (
    <div className="flex min-w-0 flex-col" data-testid="live-inspector">
      <div className="flex justify-end px-3 pt-1">
        <ForkDialog
          // A fresh dialog per event: its editor starts from that event's state.
          key={entry.key}
          sessionRef={sessionRef}
          eventLabel={eventId ? `event ${eventId}` : `event #${index}`}
          state={state}
          onOpenSession={onOpenSession}
        />
      </div>
      <InspectorTabs
        event={<EventInspector timeline={timeline} index={index} />}
        modelCall={
          mayHaveModelCall(timeline, index) ? (
            <ModelCallPanel agentId={sessionRef.agentId} appName={sessionRef.appName} eventId={eventId} />
          ) : null
        }
      />
    </div>
  );
}
