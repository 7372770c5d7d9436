"use client";

import { useMemo } from "react";
import type { ReactNode } from "react";
import { RawJson } from "@/components/elements/raw-json";
import { Badge } from "@/components/ui/badge";
import { callsOfEntry, stateAt } from "@/lib/protocols/adk/timeline-views";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { formatDuration, formatTokens, plural } from "@/lib/format";
import { formatEventTime } from "./format";
import { StateDiff, StateSnapshot } from "./state-diff";
import { callState } from "./tool-call-card";

export interface EventInspectorProps {
  timeline: TimelineState;
  /** Entry index of the selected event. */
  index: number;
  className?: string;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="flex min-w-0 flex-col gap-1.5">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Field({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  if (value === undefined || value === "") return null;
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className="min-w-0 truncate font-mono" title={value}>
        {value}
      </dd>
    </>
  );
}

/** Everything about one event: ids, the state it left and what it changed, its calls, its raw JSON. */
export function EventInspector({ timeline, index, className }: EventInspectorProps) {
  const entry = timeline.entries[index];
  const state = useMemo(() => stateAt(timeline, index), [timeline, index]);
  const calls = useMemo(() => callsOfEntry(timeline, index), [timeline, index]);
  if (!entry) {
    return (
      <p data-testid="event-inspector-missing" className="p-3 text-xs text-muted-foreground">
        No event at #{index}.
      </p>
    );
  }
  const { event } = entry;
  const changed = new Set(entry.stateChanges.map((c) => c.key));
  const usage = event.usage;

  return (
    <div data-testid="event-inspector" data-entry={index} className={className ?? "flex min-w-0 flex-col gap-4 p-3"}>
      <Section title={`Event #${index}`} testId="inspector-ids">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          <Field label="event id" value={event.id} testId="inspector-event-id" />
          <Field label="invocation" value={event.invocationId} testId="inspector-invocation-id" />
          <Field label="author" value={event.author} testId="inspector-author" />
          <Field label="time" value={formatEventTime(event.timestamp)} testId="inspector-time" />
          <Field label="branch" value={event.branch} testId="inspector-branch" />
          <Field label="node path" value={event.nodeInfo?.path} testId="inspector-node-path" />
          <Field label="model" value={event.modelVersion} testId="inspector-model" />
          <Field label="finish" value={event.finishReason} testId="inspector-finish" />
        </dl>
      </Section>

      <Section title="State changes" testId="inspector-state-changes">
        <StateDiff changes={entry.stateChanges} />
      </Section>

      <Section title={`State after this event (${plural(Object.keys(state).length, "key")})`}>
        <StateSnapshot state={state} changed={changed} />
      </Section>

      {calls.length > 0 && (
        <Section title="Tool calls" testId="inspector-calls">
          <ul className="flex flex-col gap-1 text-xs">
            {calls.map((c) => (
              <li
                key={c.callId}
                data-testid="inspector-call"
                data-call-id={c.callId}
                data-state={callState(c)}
                className="flex flex-wrap items-center gap-1.5"
              >
                <span className="font-mono font-semibold">{c.name}</span>
                <Badge variant="outline">{callState(c)}</Badge>
                <span className="text-muted-foreground tabular-nums">called {formatEventTime(c.callTime)}</span>
                {c.latencyMs !== null && <span className="tabular-nums">{formatDuration(c.latencyMs)}</span>}
                <span className="text-muted-foreground">{plural(c.results.length, "result")}</span>
                <span className="truncate font-mono text-[10px] text-muted-foreground">{c.callId}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {usage && (
        <Section title="Usage" testId="inspector-usage">
          <p className="text-xs tabular-nums">
            {formatTokens(usage.prompt)} prompt · {formatTokens(usage.candidates)} candidates · {formatTokens(usage.total)} total
            {usage.thoughts !== undefined && ` · ${formatTokens(usage.thoughts)} thoughts`}
            {usage.cached !== undefined && ` · ${formatTokens(usage.cached)} cached`}
          </p>
        </Section>
      )}

      <Section title={entry.raws.length > 1 ? `Raw JSON (${entry.raws.length} messages merged)` : "Raw JSON"} testId="inspector-raw">
        {entry.raws.map((raw, i) => (
          <RawJson
            key={i}
            value={raw}
            filename={`adk-event-${event.id || index}-${i}.json`}
            title={entry.raws.length > 1 ? `Message ${i + 1} of ${entry.raws.length}` : "Event"}
          />
        ))}
      </Section>
    </div>
  );
}
