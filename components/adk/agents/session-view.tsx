"use client";

import { useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { SessionRef } from "@/lib/queries/agents";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { inboxQuery } from "@/lib/queries/inbox";
import { useAgentSession } from "@/hooks/use-agent-session";
import { QueryError } from "@/components/elements/query-error";
import { SessionSummary } from "@/components/adk/timeline/session-summary";
import { AnswerableCard } from "@/components/adk/agents/answerable-card";
import { ArtifactsPanel } from "@/components/adk/agents/artifacts-panel";
import { SessionLayout, useSessionLayout } from "@/components/adk/agents/session-layout";
import { SessionComposer } from "@/components/adk/agents/session-composer";
import { sessionInterrupts } from "@/components/adk/agents/session-interrupts";
import { interruptKey } from "@/lib/protocols/adk/interrupts";
import { useAgentRun } from "@/hooks/use-agent-run";
import { ExportBundleButton } from "@/components/elements/export-bundle-button";
import { SaveCaseButton } from "@/components/elements/save-case";
import { SessionTracePanel } from "@/components/adk/trace/session-trace-panel";
import { LiveInspector } from "@/components/adk/agents/live-inspector";
import { SessionLabelEditor } from "@/components/adk/agents/session-label-editor";

/**
 * How the URL names an entry: its event id; `#<index>` for one without an id yet (the user's own
 * message stands in until the stored session is read back, and has none).
 */
function entryRef(timeline: TimelineState | null | undefined, index: number): string | null {
  const entry = timeline?.entries[index];
  if (!entry) return null;
  return entry.event.id || `#${index}`;
}

function entryIndexOf(timeline: TimelineState | null | undefined, ref: string | null | undefined): number | null {
  if (!timeline || !ref) return null;
  if (ref.startsWith("#")) {
    const index = Number(ref.slice(1));
    return Number.isInteger(index) && timeline.entries[index] ? index : null;
  }
  const index = timeline.byEventId.get(ref) ?? timeline.entries.findIndex((e) => e.key === ref);
  return index >= 0 ? index : null;
}

export interface SessionViewProps {
  sessionRef: SessionRef;
  agentName: string;
  /** The event open in the inspector (?e=), by ADK event id. */
  selectedEventId?: string | null;
  onSelectEvent?: (eventId: string | null) => void;
  /** Session actions shown beside the summary (e.g. "Compare with…"). */
  actions?: ReactNode;
  /** Opens another session of this server (a fork just created). */
  onOpenSession?: (ref: SessionRef) => void;
}

/**
 * One open ADK session: summary, the timeline (answerable pauses inline), the selected event and
 * the artifacts beside it, and the composer under it.
 */
export function SessionView({ sessionRef, agentName, selectedEventId, onSelectEvent, actions, onOpenSession }: SessionViewProps) {
  const { timeline, isPending, error, refetch } = useAgentSession(sessionRef);
  const inbox = useQuery(inboxQuery());
  const [ownSelected, setOwnSelected] = useState<number | null>(null);
  const controlled = selectedEventId !== undefined;
  const selected = controlled ? entryIndexOf(timeline, selectedEventId) : ownSelected;
  // Under the timeline (a narrow view) the details start folded, unless the URL opens an event.
  const layout = useSessionLayout(Boolean(selectedEventId));
  const setSelected = (index: number | null) => {
    if (controlled) onSelectEvent?.(index === null ? null : entryRef(timeline, index));
    else setOwnSelected(index);
  };
  // Every run started here (a message or an answer) brings the newest events into view.
  const { runs } = useAgentRun(sessionRef);
  const interrupts = useMemo(
    () => sessionInterrupts(sessionRef, agentName, timeline, inbox.data),
    [sessionRef, agentName, timeline, inbox.data],
  );

  return (
    <div className="@container flex min-h-0 min-w-0 flex-1 flex-col" data-testid="session-view" data-session-id={sessionRef.sessionId}>
      {error ? (
        <QueryError className="m-2" title="Could not load the session" error={error} onRetry={() => void refetch()} />
      ) : isPending || !timeline ? (
        <p className="p-3 text-xs text-muted-foreground">Loading the session…</p>
      ) : (
        <SessionLayout
          timeline={timeline}
          state={layout}
          selected={selected}
          onSelect={setSelected}
          header={(paneToggle) => (
            <>
              <SessionLabelEditor sessionRef={sessionRef} />
              <div className="flex flex-wrap items-start gap-1.5 border-b px-2 py-1.5">
                {/* A floor on the summary's width: past it the actions wrap under it instead of squeezing it into a column. */}
                <SessionSummary timeline={timeline} className="min-w-0 flex-1 basis-64" />
                {/* Wraps within itself: at 800 px the actions are wider than the pane (Save as case went off the page). */}
                <div className="flex max-w-full flex-wrap items-center gap-1">
                  {paneToggle}
                  {actions}
                  <ExportBundleButton unit={{ type: "adk-session", ...sessionRef }} />
                  {/* Issue 24: the session's turns, the answers at its pauses and what came back, as a case (ADK's driver). */}
                  <SaveCaseButton
                    source={{ protocol: "adk", from: "session", ref: { ...sessionRef } }}
                    defaultName={`${agentName} · ${sessionRef.sessionId.slice(0, 8)}`}
                    startWith={["trajectory", "final_response"]}
                  />
                </div>
              </div>
            </>
          )}
          renderTrace={(slot) => <SessionTracePanel sessionRef={sessionRef} {...slot} />}
          renderInterrupt={(callId, eventId) => {
            const item = interrupts.get(interruptKey(eventId, callId));
            return item ? <AnswerableCard item={item} compact /> : null;
          }}
          renderInspector={(index) => (
            <LiveInspector sessionRef={sessionRef} timeline={timeline} index={index} onOpenSession={onOpenSession} />
          )}
          renderArtifacts={(open, onOpen) => <ArtifactsPanel sessionRef={sessionRef} open={open} onOpen={onOpen} />}
          followSignal={runs.length}
        />
      )}
      <SessionComposer sessionRef={sessionRef} />
    </div>
  );
}
