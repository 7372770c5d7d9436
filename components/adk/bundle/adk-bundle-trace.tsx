"use client";

import { useMemo } from "react";
import type { AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { ATTR, parseModelCall } from "@/lib/protocols/adk/trace";
import { isRecord } from "@/lib/values";
import type { MatchableEvent, RawSpan } from "@/lib/protocols/adk/trace";
import { ModelCallView } from "@/components/adk/trace/model-call-view";
import { TraceView } from "@/components/adk/trace/trace-view";

type Trace = Pick<AdkSessionSnapshot, "trace" | "traceNote">;

/** The bundle's spans as the trace view reads them (a span without an id or attributes gets empty ones). */
const spansOf = (trace: Trace["trace"]): RawSpan[] =>
  (trace ?? []).map((span) => ({
    ...span,
    span_id: typeof span.span_id === "string" ? span.span_id : "",
    attributes: isRecord(span.attributes) ? span.attributes : {},
  }));

export interface AdkBundleTraceProps extends Trace {
  events: readonly MatchableEvent[];
  selectedEventId: string | null;
  onSelectEvent: (eventId: string) => void;
}

/** The Trace pane of an imported session: the spans the bundle carries, or why it carries none. */
export function AdkBundleTrace({ trace, traceNote, ...rest }: AdkBundleTraceProps) {
  const spans = useMemo(() => spansOf(trace), [trace]);
  if (trace === null) {
    return (
      <p data-testid="trace-absent" className="p-3 text-xs text-muted-foreground">
        This bundle has no trace{traceNote ? `: ${traceNote}` : ""}.
      </p>
    );
  }
  return <TraceView spans={spans} {...rest} />;
}

/**
 * The Model call tab of an imported session's event: the span that produced the event, found among
 * the bundle's spans (the live tab asks the agent server for it by event id).
 */
export function AdkBundleModelCall({ trace, traceNote, eventId }: Trace & { eventId: string }) {
  const span = useMemo(() => spansOf(trace).find((s) => s.attributes[ATTR.eventId] === eventId), [trace, eventId]);
  const call = span ? parseModelCall(span.attributes) : null;
  if (call) return <ModelCallView call={call} eventId={eventId} />;
  const text =
    trace === null
      ? `This bundle has no trace${traceNote ? `: ${traceNote}` : ""}.`
      : span
        ? "No model call behind this event: its span is a tool run, not a model request."
        : "No model call behind this event in the bundle's trace (only model calls and tool runs have a span).";
  return (
    <p data-testid="model-call-absent" data-kind={trace === null ? "no-trace" : "no-call"} className="text-xs text-muted-foreground">
      {text}
    </p>
  );
}
