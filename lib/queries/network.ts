import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { HttpExchange, NetworkLog } from "@/lib/contracts/network";
import { connectionScope } from "@/lib/queries/connections";

export type ListedExchange = HttpExchange & { seq: number };

export const networkKeys = {
  log: (connectionId: string) => [...connectionScope(connectionId), "network"] as const,
};

/** How many exchanges the browser keeps per connection (the store keeps the rest). */
export const NETWORK_CACHE_LIMIT = 2000;

/**
 * Exchanges merged by id — an event stream's final record replaces its open one in place —
 * oldest first, the newest NETWORK_CACHE_LIMIT kept.
 */
export function mergeExchanges(prev: readonly ListedExchange[] | undefined, next: readonly ListedExchange[]): ListedExchange[] {
  const byId = new Map<string, ListedExchange>();
  for (const x of prev ?? []) byId.set(x.id, x);
  for (const x of next) {
    const known = byId.get(x.id);
    byId.set(x.id, known ? { ...x, seq: Math.min(known.seq, x.seq) } : x);
  }
  const list = [...byId.values()].sort((a, b) => a.seq - b.seq);
  return list.length > NETWORK_CACHE_LIMIT ? list.slice(-NETWORK_CACHE_LIMIT) : list;
}

/** The Network view's exchanges; the stream upserts into the same cache entry, so fetches merge. */
export function networkLogQuery(connectionId: string) {
  const queryKey = networkKeys.log(connectionId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client, queryKey }) => {
      const log = await apiFetch<NetworkLog>(`/api/connections/${encodeURIComponent(connectionId)}/network?limit=1000`, { signal });
      return mergeExchanges(client.getQueryData<ListedExchange[]>(queryKey), log.exchanges);
    },
    staleTime: Infinity,
  });
}
