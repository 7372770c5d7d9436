import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { ReadResourceResponse, ResourcesListing, SubscriptionsResponse, TemplatesListing } from "@/lib/contracts/resources";
import { AppError } from "@/lib/errors";
import { isModern } from "@/lib/server/mcp/era";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { MAX_LIST_PAGES, capabilities, collectPages, listPage, opts, requireFeature, rpc } from "@/lib/server/mcp/resources/errors";
import { refreshListen } from "@/lib/server/mcp/resources/listen";
import { errorMessage } from "@/lib/values";

/** Over this many decoded bytes a read result is flagged `large` (the UI previews, never renders whole). */
export const LARGE_READ_BYTES = 5 * 1024 * 1024;

export interface ListOptions {
  /** One page only (page-by-page browsing), starting at `cursor`. */
  paged?: boolean;
  cursor?: string;
}

export async function listResources(conn: ConnectionHandle, options: ListOptions = {}): Promise<ResourcesListing> {
  const client = requireFeature(conn, "resources");
  const result = await rpc(conn, "resources/list", () =>
    collectPages<Resource>(
      async (cursor) => {
        const page = await listPage(conn, client, "resources/list", cursor);
        return { items: page.resources, nextCursor: page.nextCursor };
      },
      options.cursor,
      options.paged ? 1 : MAX_LIST_PAGES,
    ),
  );
  return {
    resources: result.items,
    pages: result.pages,
    ...(result.nextCursor !== undefined ? { nextCursor: result.nextCursor } : {}),
    ...(!options.paged && result.nextCursor !== undefined ? { truncated: true } : {}),
    listedAt: Date.now(),
  };
}

export async function listResourceTemplates(conn: ConnectionHandle, options: ListOptions = {}): Promise<TemplatesListing> {
  const client = requireFeature(conn, "resources");
  const result = await rpc(conn, "resources/templates/list", () =>
    collectPages<ResourceTemplate>(
      async (cursor) => {
        const page = await listPage(conn, client, "resources/templates/list", cursor);
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      },
      options.cursor,
      options.paged ? 1 : MAX_LIST_PAGES,
    ),
  );
  return {
    resourceTemplates: result.items,
    pages: result.pages,
    ...(result.nextCursor !== undefined ? { nextCursor: result.nextCursor } : {}),
    ...(!options.paged && result.nextCursor !== undefined ? { truncated: true } : {}),
    listedAt: Date.now(),
  };
}

/** Decoded size of the contents: text as UTF-8, blobs from their base64 length. */
export function contentsByteLength(contents: readonly unknown[]): number {
  let total = 0;
  for (const c of contents) {
    if (typeof c !== "object" || c === null) continue;
    const { text, blob } = c as { text?: unknown; blob?: unknown };
    if (typeof text === "string") total += Buffer.byteLength(text, "utf8");
    if (typeof blob === "string") {
      const padding = blob.endsWith("==") ? 2 : blob.endsWith("=") ? 1 : 0;
      total += Math.max(0, Math.floor((blob.length * 3) / 4) - padding);
    }
  }
  return total;
}

export async function readResource(conn: ConnectionHandle, uri: string): Promise<ReadResourceResponse> {
  const client = requireFeature(conn, "resources");
  const started = Date.now();
  const result = await rpc(conn, `resources/read ${uri}`, () => client.readResource({ uri }, opts(conn)));
  const totalBytes = contentsByteLength(Array.isArray(result.contents) ? result.contents : []);
  return {
    uri,
    result,
    readAt: Date.now(),
    ms: Date.now() - started,
    totalBytes,
    ...(totalBytes > LARGE_READ_BYTES ? { large: true } : {}),
  };
}

function subscribeSupported(client: Client): boolean {
  return capabilities(client).resources?.subscribe === true;
}

export function listSubscriptions(conn: ConnectionHandle): SubscriptionsResponse {
  const live = conn.client && conn.state.status === "connected";
  const supported = live && conn.client ? subscribeSupported(conn.client) : false;
  return {
    supported,
    subscriptions: conn.state.subscriptions ?? [],
    ...(live ? { via: isModern(conn.state.era) ? ("subscriptions/listen" as const) : ("resources/subscribe" as const) } : {}),
  };
}

/**
 * 2026-07-28 has no resources/subscribe: the URIs are the `resourceSubscriptions` of the
 * connection's subscriptions/listen filter (listen.ts), so subscribing changes the filter and
 * re-opens the stream. If the server refuses the new stream the change is undone and reported.
 */
async function changeListenFilter(conn: ConnectionHandle, next: string[]): Promise<void> {
  const before = conn.state.subscriptions ?? [];
  conn.setState({ subscriptions: next });
  try {
    await rpc(conn, "subscriptions/listen", () => refreshListen(conn));
  } catch (error) {
    conn.setState({ subscriptions: before });
    throw error;
  }
}

function requireSubscribe(conn: ConnectionHandle): Client {
  const client = requireFeature(conn, "resources");
  if (!subscribeSupported(client)) {
    throw new AppError(
      "conflict:no_subscribe",
      `"${conn.config.name}" does not support resource subscriptions: its "resources" capability has no "subscribe"`,
    );
  }
  return client;
}

/**
 * Who holds each subscription of a connection: the user in Loupe's UI ("loupe") and each tap
 * client session. The upstream subscription goes only when its last holder lets go, so a tap
 * client's resources/unsubscribe cannot drop one the user (or another tap client) made.
 */
const holders = new WeakMap<ConnectionHandle, Map<string, Set<string>>>();

function holdersOf(conn: ConnectionHandle, uri: string): Set<string> {
  let byUri = holders.get(conn);
  if (!byUri) holders.set(conn, (byUri = new Map()));
  let set = byUri.get(uri);
  if (!set) byUri.set(uri, (set = new Set()));
  return set;
}

/** resources/subscribe (2026-07-28: the listen filter); the URI joins `state.subscriptions` (cleared on every reconnect). */
export async function subscribe(conn: ConnectionHandle, uri: string, holder = "loupe"): Promise<SubscriptionsResponse> {
  const client = requireSubscribe(conn);
  holdersOf(conn, uri).add(holder);
  if (isModern(conn.state.era)) {
    const current = conn.state.subscriptions ?? [];
    if (!current.includes(uri)) await changeListenFilter(conn, [...current, uri]);
    return listSubscriptions(conn);
  }
  const gen = conn.generation;
  await rpc(conn, `resources/subscribe ${uri}`, () => client.subscribeResource({ uri }, opts(conn)));
  // A reconnect while the request was out started a new session that is not subscribed.
  if (gen === conn.generation) {
    const current = conn.state.subscriptions ?? [];
    if (!current.includes(uri)) conn.setState({ subscriptions: [...current, uri] });
  }
  return listSubscriptions(conn);
}

export async function unsubscribe(conn: ConnectionHandle, uri: string, holder = "loupe"): Promise<SubscriptionsResponse> {
  const client = requireSubscribe(conn);
  const held = holdersOf(conn, uri);
  held.delete(holder);
  // Another holder still wants its updates: the upstream subscription stays.
  if (held.size > 0 && (conn.state.subscriptions ?? []).includes(uri)) return listSubscriptions(conn);
  if (isModern(conn.state.era)) {
    const current = conn.state.subscriptions ?? [];
    if (current.includes(uri))
      await changeListenFilter(
        conn,
        current.filter((u) => u !== uri),
      );
    return listSubscriptions(conn);
  }
  const gen = conn.generation;
  await rpc(conn, `resources/unsubscribe ${uri}`, () => client.unsubscribeResource({ uri }, opts(conn)));
  if (gen === conn.generation) {
    const current = conn.state.subscriptions ?? [];
    if (current.includes(uri)) conn.setState({ subscriptions: current.filter((u) => u !== uri) });
  }
  return listSubscriptions(conn);
}

/** What `restoreSubscriptions` did; also recorded as a loupe `subscriptions_restored` entry. */
export interface RestoredSubscriptions {
  /** Why the subscriptions had to be made again. */
  after: "session_reset" | "reconnect";
  restored: string[];
  failed: { uri: string; error: string }[];
}

/**
 * Subscriptions belong to an MCP session: after a new one replaced a lost one (a server restart)
 * the URIs the old session was subscribed to are subscribed again, so updates keep arriving.
 * Those that work join `state.subscriptions`; each failure is recorded with its reason.
 */
export async function restoreSubscriptions(
  conn: ConnectionHandle,
  uris: readonly string[],
  after: RestoredSubscriptions["after"],
): Promise<RestoredSubscriptions> {
  const gen = conn.generation;
  const outcome: RestoredSubscriptions = { after, restored: [], failed: [] };
  let client: Client;
  try {
    client = requireSubscribe(conn);
  } catch (error) {
    const message = errorMessage(error);
    outcome.failed = uris.map((uri) => ({ uri, error: message }));
    conn.recordEntry("loupe", "local", "subscriptions_restored", outcome);
    return outcome;
  }
  if (isModern(conn.state.era)) {
    // One listen stream carries them all: it is accepted or refused as a whole.
    const current = conn.state.subscriptions ?? [];
    try {
      await changeListenFilter(conn, [...new Set([...current, ...uris])]);
      outcome.restored = [...uris];
    } catch (error) {
      const message = errorMessage(error);
      outcome.failed = uris.map((uri) => ({ uri, error: message }));
    }
    conn.recordEntry("loupe", "local", "subscriptions_restored", outcome);
    return outcome;
  }
  const results = await Promise.allSettled(
    uris.map((uri) => rpc(conn, `resources/subscribe ${uri}`, () => client.subscribeResource({ uri }, opts(conn)))),
  );
  results.forEach((result, i) => {
    const uri = uris[i]!;
    if (result.status === "fulfilled") outcome.restored.push(uri);
    else outcome.failed.push({ uri, error: errorMessage(result.reason) });
  });
  conn.recordEntry("loupe", "local", "subscriptions_restored", outcome);
  // A newer session (a reconnect meanwhile) is not subscribed to these.
  if (gen === conn.generation && outcome.restored.length) {
    const current = conn.state.subscriptions ?? [];
    conn.setState({ subscriptions: [...new Set([...current, ...outcome.restored])] });
  }
  return outcome;
}
