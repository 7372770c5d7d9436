"use client";

import { useMemo } from "react";
import { cn } from "@/lib/cn";
import { openCalls, timelineInterrupts } from "@/lib/protocols/adk/timeline-views";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { formatTokens } from "@/lib/format";

export interface SessionSummaryProps {
  timeline: TimelineState;
  className?: string;
}

interface Figure {
  id: string;
  label: string;
  value: string;
  /** Draws the eye: open calls and pending interrupts need the user. */
  attention?: boolean;
}

/** The session at a glance: invocations, events, tokens, what is still waiting, state size. */
export function SessionSummary({ timeline, className }: SessionSummaryProps) {
  const figures = useMemo<Figure[]>(() => {
    // A streamed bubble the stored final event superseded is not an event of the session (issue 23).
    const events = timeline.entries.filter((e) => e.event.shape === "event" && !e.superseded).length;
    const open = openCalls(timeline).length;
    // Stale pauses (the session moved past them) no longer wait for anyone.
    const pending = timelineInterrupts(timeline, { connectionId: "", sessionKey: "" }).filter((i) => i.status === "pending").length;
    const { usage } = timeline;
    return [
      { id: "invocations", label: "Invocations", value: String(timeline.invocations.size) },
      { id: "events", label: "Events", value: String(events) },
      { id: "tokens-prompt", label: "Prompt tokens", value: formatTokens(usage.prompt) },
      { id: "tokens-candidates", label: "Candidate tokens", value: formatTokens(usage.candidates) },
      { id: "tokens-total", label: "Total tokens", value: formatTokens(usage.total) },
      { id: "open-calls", label: "Open calls", value: String(open), attention: open > 0 },
      { id: "pending-interrupts", label: "Pending interrupts", value: String(pending), attention: pending > 0 },
      { id: "state-size", label: "State keys", value: String(Object.keys(timeline.state).length) },
    ];
  }, [timeline]);

  return (
    <dl data-testid="session-summary" className={cn("flex flex-wrap gap-1.5", className)}>
      {figures.map((f) => (
        <div
          key={f.id}
          data-state={f.attention ? "attention" : "ok"}
          className={cn("flex items-baseline gap-1.5 rounded-md border px-2 py-0.5", f.attention && "border-amber-500/50 bg-amber-500/10")}
        >
          <dt className="text-[11px] text-muted-foreground">{f.label}</dt>
          <dd data-testid={`summary-${f.id}`} className="text-xs font-semibold tabular-nums">
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
