import { queryOptions } from "@tanstack/react-query";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Entry } from "@/lib/contracts/entries";
import { mergeEntries } from "@/lib/queries/traffic";

/**
 * A stream part's batch reducer for protocols whose entries belong to a peer's session (connectionId
 * = the peer, sessionKey = its thread): each session's new entries are appended to its entry cache
 * while that cache holds or is fetching the history (an open thread), in one write per session. `keyOf` names the cache.
 */
export function appendSessionEntries(
  qc: QueryClient,
  entries: readonly Entry[],
  keyOf: (peerId: string, sessionKey: string) => QueryKey,
): void {
  const bySession = new Map<string, { peerId: string; sessionKey: string; batch: Entry[] }>();
  for (const e of entries) {
    if (!e.sessionKey) continue;
    const id = `${e.connectionId}\u0000${e.sessionKey}`;
    const group = bySession.get(id);
    if (group) group.batch.push(e);
    else bySession.set(id, { peerId: e.connectionId, sessionKey: e.sessionKey, batch: [e] });
  }
  for (const { peerId, sessionKey, batch } of bySession.values()) {
    const key = keyOf(peerId, sessionKey);
    // Only into a cache holding the history, or fetching it (its fetch merges what was written
    // here). A cache with neither (the view unmounted and its fetch was cancelled) would take the
    // batch as its whole history and, never stale, not fetch again: the view's next mount fetches.
    const state = qc.getQueryState(key);
    if (!state || (state.data === undefined && state.fetchStatus !== "fetching")) continue;
    qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, batch, Number.MAX_SAFE_INTEGER));
  }
}

/**
 * Every entry of one session, read from `path`. The stream appends to this same cache entry while it
 * exists (appendSessionEntries), so the fetch merges into what is there instead of replacing it.
 */
export function sessionEntriesQuery<K extends QueryKey>(queryKey: K, path: string) {
  // The key names the same session as the path (the caller builds both from its ids).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }) => {
      const history = await apiFetch<Entry[]>(path, { signal });
      return mergeEntries(client.getQueryData<Entry[]>(queryKey), history, Number.MAX_SAFE_INTEGER);
    },
    staleTime: Infinity,
  });
}

/** One entry whole (lists and the stream carry raws over ENTRY_PREVIEW_BYTES as previews). */
export function wholeEntryQuery(seq: number) {
  return queryOptions({
    queryKey: ["entry", seq] as const,
    queryFn: ({ signal }) => apiFetch<Entry>(`/api/entries/${seq}`, { signal }),
    staleTime: Infinity,
  });
}
