"use client";

import { useMemo, useState } from "react";
import { isKnownInboxRow } from "@/lib/workbench/inbox";
import { adkSessionSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { interruptKey } from "@/lib/protocols/adk/interrupts";
import { storedSessionTimeline } from "@/lib/protocols/adk/stored-timeline";
import type { SessionRef } from "@/lib/queries/agents";
import { EventInspector } from "@/components/adk/timeline/event-inspector";
import { SessionSummary } from "@/components/adk/timeline/session-summary";
import { SessionLayout, useSessionLayout } from "@/components/adk/agents/session-layout";
import { sessionInterrupts } from "@/components/adk/agents/session-interrupts";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import { InspectorTabs } from "@/components/adk/trace/inspector-tabs";
import { mayHaveModelCall } from "@/components/adk/trace/matchable";
import { AdkBundleArtifacts } from "./adk-bundle-artifacts";
import { AdkBundleModelCall, AdkBundleTrace } from "./adk-bundle-trace";
import { AdkRecordedInterrupt } from "./adk-recorded-interrupt";

/** Where the session was recorded: the ids the bundle names (a foreign-format import has the session's own). */
function sessionRefOf(bundle: BundleUnitViewProps["bundle"], session: { id: string; appName: string; userId: string }): SessionRef {
  const unit = bundle.unit.type === "adk-session" ? bundle.unit : null;
  return {
    agentId: unit?.agentId ?? bundle.connection.id,
    appName: unit?.appName ?? session.appName,
    userId: unit?.userId ?? session.userId,
    sessionId: unit?.sessionId ?? session.id,
  };
}

/**
 * An imported ADK session, read-only: the live session view's timeline (built the same way from the
 * stored events and the unstored frames), filter and search, the event inspector with its state
 * diffs, the interrupts as they stood at export with the answers given, and the artifacts stored
 * in the bundle. No composer, no answer form, no fetch: nothing here reaches an agent server.
 */
export function AdkSessionView({ bundle }: BundleUnitViewProps) {
  const parsed = useMemo(() => adkSessionSnapshotSchema.safeParse(bundle.snapshot), [bundle.snapshot]);
  const snapshot = parsed.success ? parsed.data : null;
  const timeline = useMemo(() => (snapshot ? storedSessionTimeline(snapshot.session, snapshot.unstored) : null), [snapshot]);
  // The interrupt cards: the bundle's inbox rows (status and answer at export) over the timeline's own.
  const interrupts = useMemo(
    () =>
      snapshot
        ? sessionInterrupts(sessionRefOf(bundle, snapshot.session), bundle.connection.name, timeline, bundle.inbox.filter(isKnownInboxRow))
        : null,
    [bundle, snapshot, timeline],
  );
  const layout = useSessionLayout();
  const [selected, setSelected] = useState<number | null>(null);

  if (!snapshot || !timeline || !interrupts) {
    return (
      <p role="alert" className="p-3 text-sm text-destructive" data-testid="adk-bundle-invalid">
        This bundle&apos;s session could not be read: {parsed.error?.issues[0]?.message ?? "unknown shape"}
      </p>
    );
  }
  return (
    <div className="@container flex min-h-0 min-w-0 flex-1 flex-col" data-testid="adk-session-bundle" data-session-id={snapshot.session.id}>
      <SessionLayout
        timeline={timeline}
        state={layout}
        selected={selected}
        onSelect={setSelected}
        header={(paneToggle) => (
          <div className="flex flex-col gap-1 border-b px-2 py-1.5">
            <p className="text-xs text-muted-foreground" data-testid="adk-bundle-source">
              <span className="font-medium text-foreground">{bundle.connection.name}</span>
              {bundle.connection.target ? <span className="font-mono"> · {bundle.connection.target}</span> : null} ·{" "}
              <span className="font-mono">
                {snapshot.session.appName} › {snapshot.session.userId} › {snapshot.session.id}
              </span>
            </p>
            <div className="flex flex-wrap items-start gap-1.5">
              <SessionSummary timeline={timeline} className="min-w-0 flex-1" />
              {paneToggle}
            </div>
          </div>
        )}
        renderTrace={(slot) => <AdkBundleTrace trace={snapshot.trace} traceNote={snapshot.traceNote} {...slot} />}
        renderInterrupt={(callId, eventId) => {
          const item = interrupts.get(interruptKey(eventId, callId));
          return item ? <AdkRecordedInterrupt item={item} /> : null;
        }}
        renderInspector={(index) => (
          <InspectorTabs
            event={<EventInspector timeline={timeline} index={index} />}
            modelCall={
              mayHaveModelCall(timeline, index) ? (
                <AdkBundleModelCall trace={snapshot.trace} traceNote={snapshot.traceNote} eventId={timeline.entries[index]!.event.id} />
              ) : null
            }
          />
        )}
        renderArtifacts={(open, onOpen) => (
          <AdkBundleArtifacts artifacts={snapshot.artifacts} note={snapshot.artifactsNote} open={open} onOpen={onOpen} />
        )}
      />
    </div>
  );
}
