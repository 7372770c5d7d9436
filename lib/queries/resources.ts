import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type {
  CompleteBody,
  CompletionResponse,
  ReadResourceResponse,
  ResourcesListing,
  SubscriptionsResponse,
  TemplatesListing,
} from "@/lib/contracts/resources";
import { connectionScope } from "@/lib/queries/connections";

export type { ReadResourceResponse, ResourcesListing, TemplatesListing };

/** One `notifications/resources/updated` as the UI keeps it (from the loupe `resource_updated` entry). */
export interface ResourceUpdate {
  uri: string;
  at: number;
  seq: number;
  subscribed: boolean;
}

/** How many updates the cache keeps per connection (newest kept). */
export const MAX_KEPT_UPDATES = 200;

export const resourceKeys = {
  all: (connectionId: string) => [...connectionScope(connectionId), "resources"] as const,
  list: (connectionId: string) => [...resourceKeys.all(connectionId), "list"] as const,
  templates: (connectionId: string) => [...resourceKeys.all(connectionId), "templates"] as const,
  read: (connectionId: string, uri: string) => [...resourceKeys.all(connectionId), "read", uri] as const,
  /** Written only by the event stream (resources-stream.ts); never fetched. */
  updates: (connectionId: string) => [...resourceKeys.all(connectionId), "updates"] as const,
};

const base = (id: string) => `/api/connections/${encodeURIComponent(id)}`;

/** `?paged=true&cursor=…` for a later page; nothing for the first (the bounded aggregate). */
const pageQuery = (cursor: string | undefined) => (cursor === undefined ? "" : `?paged=true&cursor=${encodeURIComponent(cursor)}`);

/** A listing as the panel shows it: every loaded page in order, each item once (by `keyOf`). */
export interface FlatListing<T> {
  items: T[];
  pages: number;
  nextCursor?: string;
  listedAt: number;
}

/** Flattens an infinite listing; the first answer may already hold many pages (the aggregate). */
export function flattenPages<P extends { pages: number; nextCursor?: string; listedAt: number }, T>(
  data: InfiniteData<P, string | undefined>,
  itemsOf: (page: P) => readonly T[],
  keyOf: (item: T) => string,
): FlatListing<T> {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of itemsOf(page)) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  const last = data.pages[data.pages.length - 1];
  return {
    items,
    pages: data.pages.reduce((n, p) => n + p.pages, 0),
    ...(last?.nextCursor !== undefined ? { nextCursor: last.nextCursor } : {}),
    listedAt: data.pages[0]?.listedAt ?? 0,
  };
}

/**
 * resources/list: the first page is the server's aggregate (all pages up to a bound); when the
 * bound stopped it, `nextCursor` lets the user load the rest one page at a time (fetchNextPage).
 */
export function resourcesQuery(connectionId: string) {
  return infiniteQueryOptions({
    queryKey: resourceKeys.list(connectionId),
    queryFn: ({ signal, pageParam }) => apiFetch<ResourcesListing>(`${base(connectionId)}/resources${pageQuery(pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) =>
      flattenPages(
        data,
        (p) => p.resources,
        (r) => r.uri,
      ),
  });
}

/** resources/templates/list, paged like resourcesQuery. */
export function resourceTemplatesQuery(connectionId: string) {
  return infiniteQueryOptions({
    queryKey: resourceKeys.templates(connectionId),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<TemplatesListing>(`${base(connectionId)}/resource-templates${pageQuery(pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) =>
      flattenPages(
        data,
        (p) => p.resourceTemplates,
        (t) => t.uriTemplate,
      ),
  });
}

/**
 * Re-lists from the first page: cursors are opaque and may not survive a list change, so the
 * pages loaded after the first are dropped before the refetch instead of being asked for again.
 */
export function relistFromFirstPage(qc: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  qc.setQueryData<InfiniteData<unknown, string | undefined>>(queryKey, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  return qc.invalidateQueries({ queryKey, exact: true });
}

/**
 * resources/read of one URI. Never refetched behind the user's back: an update notification only
 * marks it stale (the panel then offers "Re-read").
 */
export function readResourceQuery(connectionId: string, uri: string) {
  return queryOptions({
    queryKey: resourceKeys.read(connectionId, uri),
    queryFn: ({ signal }) => resourceApi.read(connectionId, uri, signal),
    staleTime: Infinity,
    refetchOnMount: false,
  });
}

/**
 * The stream-fed list of updates. There is nothing to fetch: the query function only hands back
 * what the stream wrote (so an invalidation of the connection's scope never wipes it).
 */
export function resourceUpdatesQuery(connectionId: string) {
  return queryOptions({
    queryKey: resourceKeys.updates(connectionId),
    queryFn: ({ client, queryKey }) => client.getQueryData<ResourceUpdate[]>(queryKey) ?? [],
    initialData: [] as ResourceUpdate[],
    staleTime: Infinity,
  });
}

export const resourceApi = {
  read: (connectionId: string, uri: string, signal?: AbortSignal) =>
    apiFetch<ReadResourceResponse>(`${base(connectionId)}/resources/read`, { method: "POST", body: { uri }, signal }),
  subscribe: (connectionId: string, uri: string) =>
    apiFetch<SubscriptionsResponse>(`${base(connectionId)}/subscriptions`, { method: "POST", body: { uri } }),
  unsubscribe: (connectionId: string, uri: string) =>
    apiFetch<SubscriptionsResponse>(`${base(connectionId)}/subscriptions?uri=${encodeURIComponent(uri)}`, { method: "DELETE" }),
  complete: (connectionId: string, body: CompleteBody, signal?: AbortSignal) =>
    apiFetch<CompletionResponse>(`${base(connectionId)}/complete`, { method: "POST", body, signal }),
};

/** Appends an update, newest last, keeping at most MAX_KEPT_UPDATES and each seq once. */
export function appendUpdate(list: readonly ResourceUpdate[] | undefined, update: ResourceUpdate): ResourceUpdate[] {
  const prev = list ?? [];
  if (prev.some((u) => u.seq === update.seq)) return prev.slice();
  return [...prev, update].slice(-MAX_KEPT_UPDATES);
}

/** The newest update of each URI. */
export function latestUpdateByUri(list: readonly ResourceUpdate[]): Map<string, ResourceUpdate> {
  const out = new Map<string, ResourceUpdate>();
  for (const u of list) {
    const known = out.get(u.uri);
    if (!known || known.at <= u.at) out.set(u.uri, u);
  }
  return out;
}
