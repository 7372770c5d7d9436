import { queryOptions } from "@tanstack/react-query";
import type { QueryKey } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { CallRecord, CallToolBody } from "@/lib/contracts/calls";
import { connectionScope } from "@/lib/queries/connections";

export const CALL_HISTORY_LIMIT = 50;

export const callKeys = {
  all: (connectionId: string) => [...connectionScope(connectionId), "calls"] as const,
  /** `tool: null` is the connection-wide history. */
  list: (connectionId: string, tool: string | null) => [...callKeys.all(connectionId), tool] as const,
};

/** The tool filter a calls key was built with (see callKeys.list). */
export function toolOfCallKey(key: QueryKey): string | null | undefined {
  const t = key[3];
  return typeof t === "string" || t === null ? t : undefined;
}

export function callsQuery(connectionId: string, tool: string | null) {
  return queryOptions({
    queryKey: callKeys.list(connectionId, tool),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ limit: String(CALL_HISTORY_LIMIT) });
      if (tool) qs.set("tool", tool);
      return apiFetch<CallRecord[]>(`/api/connections/${encodeURIComponent(connectionId)}/calls?${qs}`, { signal });
    },
  });
}

/** One call with its whole result: the history leaves large results out (`resultOmitted`). */
export function callQuery(connectionId: string, callId: string) {
  return queryOptions({
    // Outside callKeys.all: the history lists under it are arrays the stream upserts into.
    queryKey: [...connectionScope(connectionId), "call", callId] as const,
    queryFn: ({ signal }) =>
      apiFetch<CallRecord>(`/api/connections/${encodeURIComponent(connectionId)}/calls/${encodeURIComponent(callId)}`, { signal }),
    // An ended call never changes; one read while it still ran is read again when next needed.
    staleTime: (query) => (query.state.data?.status === "running" ? 0 : Infinity),
  });
}

export const callApi = {
  /** Resolves with the final record; the stream shows the start record (with requestId) meanwhile. */
  run: (connectionId: string, body: CallToolBody) =>
    apiFetch<CallRecord>(`/api/connections/${encodeURIComponent(connectionId)}/tools/call`, {
      method: "POST",
      body,
    }),
  cancel: (connectionId: string, callId: string, reason = "Cancelled in Loupe") =>
    apiFetch<{ ok: true }>(`/api/connections/${encodeURIComponent(connectionId)}/calls/${encodeURIComponent(callId)}/cancel`, {
      method: "POST",
      body: { reason },
    }),
};

/**
 * Puts a record into a newest-first history: replaces the one with the same id (a call is
 * recorded at start and at the end), otherwise inserts it by startedAt. Capped at the limit.
 */
export function upsertCall(list: CallRecord[] | undefined, call: CallRecord): CallRecord[] | undefined {
  if (!list) return list;
  const i = list.findIndex((c) => c.id === call.id);
  if (i !== -1) {
    const next = list.slice();
    next[i] = call;
    return next;
  }
  const at = list.findIndex((c) => c.startedAt < call.startedAt);
  const next = list.slice();
  next.splice(at === -1 ? next.length : at, 0, call);
  return next.slice(0, CALL_HISTORY_LIMIT);
}
