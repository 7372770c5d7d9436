import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { RawSpan, TraceAbsent } from "@/lib/protocols/adk/trace";
import { agentScope, refKey, sessionScope } from "@/lib/queries/agents";
import type { SessionRef } from "@/lib/queries/agents";

export type EventTraceAnswer = { attributes: Record<string, unknown> } | TraceAbsent;
export type SessionTraceAnswer = { spans: RawSpan[] } | TraceAbsent;

const enc = encodeURIComponent;

export const traceKeys = {
  event: (agentId: string, appName: string, eventId: string) => [...agentScope(agentId), "trace", appName, eventId] as const,
  session: (r: SessionRef) => [...sessionScope(r.agentId, refKey(r)), "trace"] as const,
};

/** The span behind one event (`…/apps/:app/trace/events/:eventId`); a span never changes once written. */
export function eventTraceQuery(agentId: string, appName: string, eventId: string) {
  return queryOptions({
    queryKey: traceKeys.event(agentId, appName, eventId),
    queryFn: ({ signal }) =>
      apiFetch<EventTraceAnswer>(`/api/agents/${enc(agentId)}/apps/${enc(appName)}/trace/events/${enc(eventId)}`, { signal }),
    staleTime: Infinity,
  });
}

/** Every span of one session (`…/sessions/:sid/trace`); grows with each run, so it is re-read on open. */
export function sessionTraceQuery(r: SessionRef) {
  return queryOptions({
    queryKey: traceKeys.session(r),
    queryFn: ({ signal }) =>
      apiFetch<SessionTraceAnswer>(`/api/agents/${enc(r.agentId)}/apps/${enc(r.appName)}/sessions/${enc(r.sessionId)}/trace`, {
        signal,
      }),
    staleTime: 0,
  });
}
