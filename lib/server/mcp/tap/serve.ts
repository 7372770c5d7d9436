import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PROTOCOL_VERSION_META_KEY, createMcpHandler, isInitializeRequest, isLegacyRequest } from "@modelcontextprotocol/server";
import type { McpHttpHandler, RequestId, Server } from "@modelcontextprotocol/server";
import type { Entry } from "@/lib/contracts/entries";
import { MAX_JSON_BODY_BYTES } from "@/lib/server/http";
import { getHub } from "@/lib/server/hub";
import { logLine } from "@/lib/log-text";
import { isRecord } from "@/lib/values";
import { getRegistry } from "@/lib/server/mcp/registry";
import { TapEventStore, TapReplayBudget } from "@/lib/server/mcp/tap/event-store";
import { runningLinks } from "@/lib/server/mcp/tap/links";
import { endFlows } from "@/lib/server/mcp/tap/modern";
import { webRequest, writeRpcError } from "@/lib/server/mcp/tap/node-http";
import { TapHttpTransport } from "@/lib/server/mcp/tap/node-transport";
import { paramHeaderMismatch } from "@/lib/server/mcp/tap/param-headers";
import { StreamOpened } from "@/lib/server/mcp/tap/roots";
import { identityRouting } from "@/lib/server/mcp/tap/routing";
import type { TapRouting } from "@/lib/server/mcp/tap/routing";
import { createTapServer } from "@/lib/server/mcp/tap/tap-server";
import { getTaps } from "@/lib/server/mcp/tap/store";
import type { TapRecord } from "@/lib/server/mcp/tap/store";

/**
 * The tap's Streamable HTTP server, both revisions on one endpoint (`/mcp/<tap id>`):
 * - 2025-11-25 (initialize, no per-request envelope): a session per Mcp-Session-Id, one SDK
 *   Server and transport each, so a tapped call's server→client requests go back on the call's
 *   own SSE stream and list/resource notifications on the session's GET stream.
 * - 2026-07-28 (server/discover, per-request `_meta`): the SDK's stateless handler, one Server
 *   per request; server requests become input_required rounds (modern.ts), change notifications
 *   go to subscriptions/listen streams.
 * The caller (endpoint.ts) has checked Host, Origin and the tap's key already.
 */

const SSE_RETRY_MS = 1000; // the reconnect delay a 2025-11-25 client is told on each SSE stream
interface LegacySession {
  transport: TapHttpTransport;
  server: Server;
  store: TapEventStore;
  subscriptions: Set<string>;
  stream: StreamOpened; // opened by its first GET stream (roots.ts asks the client on it)
  /** When a request of the session last came or ended, and how many are open (GET streams, calls). */
  lastSeen: number;
  open: number;
}

/** A session of another transport on the tap (HTTP+SSE, sse.ts): same notifications, ends with the host. */
export type AttachedSession = { server: Server; subscriptions: Set<string>; close(): Promise<void> };

/**
 * A 2025-11-25 session with no open request and none for this long is ended (its client, say a
 * Claude Desktop that was quit, never sent DELETE); the client's next request gets 404 and it
 * initializes again, as the spec says.
 */
export const SESSION_IDLE_MS = Number(process.env.LOUPE_TAP_SESSION_IDLE_MS) || 30 * 60_000;

/** Everything one tap serves; kept per tap id for the life of the process (or until the tap goes). */
class TapHost {
  readonly sessions = new Map<string, LegacySession>();
  readonly attached = new Set<AttachedSession>();
  readonly replay = new TapReplayBudget(); // bounds all its sessions' resumption events together
  readonly modern: McpHttpHandler;
  private unwatch: (() => void) | null = null;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly tapId: string,
    readonly routing: TapRouting,
  ) {
    this.modern = createMcpHandler(async () => createTapServer(this.tap(), this.routing, { era: "modern" }), {
      legacy: "reject",
      maxRequestBodySize: MAX_JSON_BODY_BYTES,
      onerror: (error) => logLine("[loupe] tap (2026-07-28):", error.message),
    });
    this.watchUpstream();
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.min(SESSION_IDLE_MS / 4, 60_000)));
    this.sweeper.unref?.();
  }

  /** The tap as stored now (policy changes apply to the next call). */
  tap(): TapRecord {
    return getTaps().require(this.tapId);
  }

  /**
   * A 2025-11-25 request, on the Node request and response (node-transport.ts): its session's own
   * transport, or an initialize that opens a session (`opened` is told its id). Resolves with the
   * status written first.
   */
  async legacy(req: IncomingMessage, res: ServerResponse, body: unknown, opened?: (id: string) => void): Promise<number> {
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = this.sessions.get(sessionId);
      if (!session) return writeRpcError(res, 404, -32001, `Unknown or ended session: ${sessionId}`);
      // A request is open until its answer ends or its client closes it.
      session.open += 1;
      session.lastSeen = Date.now();
      res.once("close", () => {
        session.open = Math.max(0, session.open - 1);
        session.lastSeen = Date.now();
      });
      const status = await session.transport.handle(req, res, body);
      if (req.method === "GET" && status === 200) session.stream.open();
      return status;
    }
    if (req.method !== "POST" || !isInitializeRequest(body))
      return writeRpcError(res, 400, -32000, "Bad Request: no Mcp-Session-Id; a 2025-11-25 client starts with initialize");
    const subscriptions = new Set<string>();
    const stream = new StreamOpened();
    // Priming events and a retry hint, so a client whose stream drops mid-call can resume it.
    const store = new TapEventStore(this.replay);
    const transport: TapHttpTransport = new TapHttpTransport({
      store,
      retryMs: SSE_RETRY_MS,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, store, subscriptions, stream, lastSeen: Date.now(), open: 0 });
        opened?.(id);
      },
      onsessionclosed: (id) => this.sessions.delete(id),
    });
    const leg = (id: RequestId) => transport.legSignal(id);
    const server = await createTapServer(this.tap(), this.routing, { era: "legacy", subscriptions, stream, leg });
    transport.onclose = () => {
      store.clear();
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const status = await transport.handle(req, res, body);
    // A refused initialize (bad Accept, bad version…) opens no session: drop its server.
    if (!transport.sessionId)
      void server
        .close()
        .finally(() => store.clear())
        .catch(() => undefined);
    return status;
  }

  /**
   * Upstream notifications (list changes, resource updates, log messages) reach the tap's clients:
   * 2025-11-25 sessions on their GET stream, 2026-07-28 clients on their subscriptions/listen streams.
   * Progress is not among them: each tapped call forwards its own with the client's token.
   */
  private watchUpstream(): void {
    const hub = getHub();
    const ids = new Set(this.routing.connectionIds);
    this.unwatch = hub.subscribe(hub.maxSeq(), (entry: Entry) => {
      if (entry.protocol !== "mcp" || entry.kind !== "message" || entry.direction !== "in" || !ids.has(entry.connectionId)) return;
      const raw = entry.raw;
      if (!isRecord(raw) || typeof raw.method !== "string" || raw.id !== undefined) return;
      this.notify(entry.connectionId, raw.method, isRecord(raw.params) ? raw.params : undefined);
    });
  }

  private notify(connectionId: string, method: string, params: Record<string, unknown> | undefined): void {
    const uri = typeof params?.uri === "string" ? params.uri : undefined;
    const send = (session: { server: Server }) =>
      void session.server.notification({ method, ...(params ? { params } : {}) }).catch(() => undefined);
    switch (method) {
      case "notifications/tools/list_changed":
        this.modern.notify.toolsChanged();
        break;
      case "notifications/prompts/list_changed":
        this.modern.notify.promptsChanged();
        break;
      case "notifications/resources/list_changed":
        this.modern.notify.resourcesChanged();
        break;
      case "notifications/resources/updated":
        if (uri) this.modern.notify.resourceUpdated(uri);
        for (const session of [...this.sessions.values(), ...this.attached]) if (uri && session.subscriptions.has(uri)) send(session);
        return;
      case "notifications/message": {
        // During tapped calls, a log message goes on those calls' own streams (where a client
        // reads what its call logged); otherwise on the sessions' GET streams. This tap's calls
        // only: every tap serving the connection gets the message, and sends it to its own clients.
        const calls = runningLinks(connectionId).filter((link) => link.tapId === this.tapId);
        if (calls.length > 0) {
          for (const link of calls) link.notify({ method, params: params ?? {} });
          return;
        }
        break;
      }
      default:
        return;
    }
    for (const session of [...this.sessions.values(), ...this.attached]) send(session);
  }

  /** Ends the sessions idle past SESSION_IDLE_MS (checked on each new session and periodically). */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) {
      if (session.open === 0 && now - session.lastSeen >= SESSION_IDLE_MS) {
        this.sessions.delete(id);
        void session.transport.close().catch(() => undefined);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.unwatch?.();
    await this.modern.close().catch(() => undefined);
    await Promise.all([...this.sessions.values()].map((s) => s.transport.close().catch(() => undefined)));
    await Promise.all([...this.attached].map((s) => s.close().catch(() => undefined)));
    this.sessions.clear();
    this.attached.clear();
  }
}

const HOSTS_KEY = Symbol.for("loupe.tapHosts");
type HostsGlobal = typeof globalThis & { [HOSTS_KEY]?: Map<string, TapHost> };

/** The hosts of the taps served so far; a deleted connection ends those serving it (its taps are gone from the store). */
function hosts(): Map<string, TapHost> {
  const g = globalThis as HostsGlobal;
  if (!g[HOSTS_KEY]) {
    const all = new Map<string, TapHost>();
    g[HOSTS_KEY] = all;
    getRegistry().onRemove((connectionId) => {
      for (const host of [...all.values()]) if (host.routing.connectionIds.includes(connectionId)) void closeTapHost(host.tapId);
    });
  }
  return g[HOSTS_KEY];
}

/**
 * Serves one HTTP request of a tap's client (after the key was checked): a 2025-11-25 session's on
 * the Node request and response (answered: the status written first), a 2026-07-28 one through the
 * SDK's handler (its Response, for the caller to write). A connection tap passes nothing else; an
 * aggregate tap passes the routing that namespaces its connections' names. `body` is the POST body
 * already read and parsed (endpoint.ts applies Loupe's body size limit), undefined for GET and DELETE.
 */
export async function serveTap(
  tap: TapRecord,
  node: { req: IncomingMessage; res: ServerResponse; url: URL },
  body: unknown,
  routing: TapRouting = identityRouting(tap.id),
  opened?: (sessionId: string) => void,
): Promise<number | Response> {
  const host = tapHostFor(tap, routing);
  // A session's request goes straight to it: only 2025-11-25 has sessions (a 2026-07-28 request
  // carries its envelope in _meta and is classified by the SDK, as any request without a session).
  const sessionId = node.req.headers["mcp-session-id"];
  if (typeof sessionId === "string" && host.sessions.has(sessionId) && !hasEnvelope(body))
    return host.legacy(node.req, node.res, body, opened);
  const request = webRequest(node.req, node.res, node.url);
  const legacy = body === undefined ? await isLegacyRequest(request) : await isLegacyRequest(request, body);
  if (legacy) return host.legacy(node.req, node.res, body, opened);
  const mismatch = await paramHeaderMismatch(request, body, routing);
  if (mismatch) return mismatch;
  return host.modern.fetch(request, body === undefined ? undefined : { parsedBody: body });
}

function hasEnvelope(body: unknown): boolean {
  const meta = isRecord(body) && isRecord(body.params) ? body.params._meta : undefined;
  return isRecord(meta) && PROTOCOL_VERSION_META_KEY in meta;
}

/** The host serving a tap with this routing (a new one when its connections changed). */
export function tapHostFor(tap: TapRecord, routing: TapRouting): TapHost {
  let host = hosts().get(tap.id);
  if (!host || host.routing.connectionIds.join("\n") !== routing.connectionIds.join("\n")) {
    void host?.close();
    host = new TapHost(tap.id, routing);
    hosts().set(tap.id, host);
  }
  return host;
}

/** Ends one 2025-11-25 session of a tap (load.ts: a session given up for another client's). */
export async function endTapSession(tapId: string, sessionId: string): Promise<void> {
  const host = hosts().get(tapId);
  const session = host?.sessions.get(sessionId);
  host?.sessions.delete(sessionId);
  await session?.transport.close().catch(() => undefined);
}
/** Bytes of events a tap's sessions keep for resumption (tests). */
export const tapReplayBytes = (tapId: string): number => hosts().get(tapId)?.replay.bytes() ?? 0;

/** Ends a tap's sessions (the tap was turned off or its key rotated); later requests start anew. */
export async function closeTapHost(tapId: string): Promise<void> {
  endFlows(tapId, "The tap was turned off or its key rotated");
  const host = hosts().get(tapId);
  hosts().delete(tapId);
  await host?.close();
}

/** Ends every tap's idle 2025-11-25 sessions as of `now` (the periodic sweep; tests pass a later time). */
export function sweepTapSessions(now = Date.now()): void {
  for (const host of hosts().values()) host.sweep(now);
}

/** Every tap's sessions (tests, shutdown). */
export async function closeAllTapHosts(): Promise<void> {
  await Promise.all([...hosts().keys()].map((id) => closeTapHost(id)));
}

export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code, message } }, { status, headers });
}
