"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryError } from "@/components/elements/query-error";
import type { MatchableEvent } from "@/lib/protocols/adk/trace";
import { sessionTraceQuery } from "@/lib/queries/adk-trace";
import type { SessionRef } from "@/lib/queries/agents";
import { sentence } from "./model-call-panel";
import { TraceView } from "./trace-view";

export interface SessionTracePanelProps {
  sessionRef: SessionRef;
  events: readonly MatchableEvent[];
  selectedEventId?: string | null;
  onSelectEvent?: (eventId: string) => void;
}

/** The Trace view of a live session: the spans read from the agent server each time it opens. */
export function SessionTracePanel({ sessionRef, ...rest }: SessionTracePanelProps) {
  const { data, error, isPending, refetch } = useQuery(sessionTraceQuery(sessionRef));
  if (error) return <QueryError className="m-2" title="Could not read the trace" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <p className="p-3 text-xs text-muted-foreground">Reading the trace…</p>;
  if ("absent" in data) {
    return (
      <p data-testid="trace-absent" className="p-3 text-xs text-muted-foreground">
        {sentence(data.reason)}.
      </p>
    );
  }
  return <TraceView spans={data.spans} {...rest} />;
}
