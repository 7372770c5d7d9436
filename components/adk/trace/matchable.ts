import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import type { MatchableEvent } from "@/lib/protocols/adk/trace";

/** The timeline's events as the trace view matches spans to them (ids and function-response ids). */
export function matchableEvents(timeline: TimelineState): MatchableEvent[] {
  return timeline.entries
    .filter((e) => e.event.id)
    .map((e) => ({
      id: e.event.id,
      responseIds: e.event.parts.flatMap((p) => (p.kind === "function_response" ? [p.response.id] : [])),
    }));
}

/**
 * An event a model call can be behind: one the agent wrote with an id and something a model
 * answers with (text, a call, usage). A tool's result event comes from the tool run, not the model.
 */
export function mayHaveModelCall(timeline: TimelineState, index: number): boolean {
  const event = timeline.entries[index]?.event;
  if (!event || !event.id || !event.author || event.author === "user") return false;
  return event.usage !== undefined || event.parts.some((p) => p.kind !== "function_response");
}
