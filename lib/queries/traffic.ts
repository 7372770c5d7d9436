import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Entry } from "@/lib/contracts/entries";
import { connectionScope } from "@/lib/queries/connections";
import type { StreamPart } from "@/lib/queries/entry-handler";

/** How many entries of one connection the browser keeps; older ones are re-fetched on demand. */
export const TRAFFIC_CAP = 20_000;
export const TRAFFIC_PAGE = 500;

export const trafficKeys = {
  list: (connectionId: string) => [...connectionScope(connectionId), "traffic"] as const,
};

const path = (id: string) => `/api/connections/${encodeURIComponent(id)}/traffic`;

export function fetchTraffic(connectionId: string, opts: { before?: number; limit?: number; signal?: AbortSignal } = {}) {
  const qs = new URLSearchParams({ limit: String(opts.limit ?? TRAFFIC_PAGE) });
  if (opts.before !== undefined) qs.set("before", String(opts.before));
  return apiFetch<Entry[]>(`${path(connectionId)}?${qs}`, { signal: opts.signal });
}

/**
 * The traffic of one connection. The stream appends to this same cache entry, so the fetch
 * merges history into what is already there instead of replacing it (the two overlap).
 */
export function trafficQuery(connectionId: string) {
  const queryKey = trafficKeys.list(connectionId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client, queryKey }) => {
      const history = await fetchTraffic(connectionId, { signal });
      return mergeEntries(client.getQueryData<Entry[]>(queryKey), history);
    },
    // The stream keeps it current; refetching would only re-download what we have.
    staleTime: Infinity,
  });
}

export function fetchEntry(seq: number) {
  return apiFetch<Entry>(`/api/entries/${seq}`);
}

/**
 * Merges entries into a seq-ascending list: no seq twice (the later copy wins, so a full entry
 * replaces its truncated preview), sorted, and only the newest `cap` kept.
 */
export function mergeEntries(prev: readonly Entry[] | undefined, incoming: readonly Entry[], cap = TRAFFIC_CAP): Entry[] {
  const base = prev ?? [];
  if (incoming.length === 0) return base.slice(-cap);
  const last = base[base.length - 1];
  // Fast path for the stream: one newer entry appended in order.
  if (incoming.length === 1 && (!last || incoming[0]!.seq > last.seq)) {
    const next = [...base, incoming[0]!];
    return next.length > cap ? next.slice(next.length - cap) : next;
  }
  const bySeq = new Map<number, Entry>();
  for (const e of base) bySeq.set(e.seq, e);
  for (const e of incoming) bySeq.set(e.seq, e);
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return merged.length > cap ? merged.slice(merged.length - cap) : merged;
}

/**
 * The traffic half of the stream reducer: entries join their connection's traffic, only for
 * connections whose traffic query already exists. A view that has not fetched its history yet will
 * fetch it (with these entries) when it opens, while writing a partial list first would make that
 * view believe it already had the history.
 */
export function applyTrafficEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const byConnection = new Map<string, Entry[]>();
  for (const e of entries) {
    const list = byConnection.get(e.connectionId);
    if (list) list.push(e);
    else byConnection.set(e.connectionId, [e]);
  }
  for (const [id, batch] of byConnection) {
    const key = trafficKeys.list(id);
    if (!qc.getQueryState(key)) continue;
    qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, batch));
  }
}

/** MCP's part of the stream reducer: its frames only join the connection's traffic. */
export const mcpStream: StreamPart<"mcp"> = {
  handlers: { message: null, stderr: null, transport_error: null, unparsed: null },
  applyEntries: applyTrafficEntries,
};
