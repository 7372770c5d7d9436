import { queryOptions } from "@tanstack/react-query";
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

export function resourcesQuery(connectionId: string) {
  return queryOptions({
    queryKey: resourceKeys.list(connectionId),
    queryFn: ({ signal }) => apiFetch<ResourcesListing>(`${base(connectionId)}/resources`, { signal }),
  });
}

export function resourceTemplatesQuery(connectionId: string) {
  return queryOptions({
    queryKey: resourceKeys.templates(connectionId),
    queryFn: ({ signal }) => apiFetch<TemplatesListing>(`${base(connectionId)}/resource-templates`, { signal }),
  });
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
  /** One page only, from `cursor` (absent = first page). */
  listPage: (connectionId: string, cursor?: string) =>
    apiFetch<ResourcesListing>(
      `${base(connectionId)}/resources?paged=true${cursor !== undefined ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    ),
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
