import "server-only";
import { randomUUID } from "node:crypto";
import {
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
} from "@modelcontextprotocol/server";
import type { McpHttpHandler, Server } from "@modelcontextprotocol/server";
import type { Entry } from "@/lib/contracts/entries";
import { MAX_JSON_BODY_BYTES } from "@/lib/server/http";
import { getHub } from "@/lib/server/hub";
import { logLine } from "@/lib/log-text";
import { isRecord } from "@/lib/values";
import { getRegistry } from "@/lib/server/mcp/registry";
import { TapEventStore, TapReplayBudget } from "@/lib/server/mcp/tap/event-store";
import { runningLinks } from "@/lib/server/mcp/tap/links";
import { endFlows } from "@/lib/server/mcp/tap/modern";
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
  transport: WebStandardStreamableHTTPServerTransport;
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

  async legacy(request: Request, body: unknown): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      if (!session) return jsonRpcError(404, -32001, `Unknown or ended session: ${sessionId}`);
      session.open += 1;
      session.lastSeen = Date.now();
      const done = () => {
        session.open = Math.max(0, session.open - 1);
        session.lastSeen = Date.now();
      };
      // A request is open until its client closes it (the signal) or its answer ends.
      if (request.signal.aborted) done();
      else request.signal.addEventListener("abort", done, { once: true });
      try {
        const response = await session.transport.handleRequest(request, body === undefined ? undefined : { parsedBody: body });
        if (request.method === "GET" && response.ok) session.stream.open();
        if (!response.body || !response.headers.get("content-type")?.includes("text/event-stream")) {
          request.signal.removeEventListener("abort", done);
          done();
        }
        return response;
      } catch (error) {
        request.signal.removeEventListener("abort", done);
        done();
        throw error;
      }
    }
    if (request.method !== "POST" || !isInitializeRequest(body)) {
      return jsonRpcError(400, -32000, "Bad Request: no Mcp-Session-Id; a 2025-11-25 client starts with initialize");
    }
    const subscriptions = new Set<string>();
    const stream = new StreamOpened();
    const server = await createTapServer(this.tap(), this.routing, { era: "legacy", subscriptions, stream });
    // Priming events and a retry hint, so a client whose stream drops mid-call can resume it.
    const store = new TapEventStore(this.replay);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      eventStore: store,
      retryInterval: SSE_RETRY_MS,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, store, subscriptions, stream, lastSeen: Date.now(), open: 0 });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      store.clear();
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    // A refused initialize (bad Accept, bad version…) opens no session: drop its server.
    if (!transport.sessionId)
      void server
        .close()
        .finally(() => store.clear())
        .catch(() => undefined);
    return response;
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
 * Serves one HTTP request of a tap's client (after the key was checked). The entry point for any
 * tap: a connection tap passes nothing else; an aggregate tap (T2) passes the routing that
 * namespaces its connections' names. `body` is the POST body already read and parsed (endpoint.ts
 * applies Loupe's body size limit), undefined for GET and DELETE.
 */
export async function serveTap(
  tap: TapRecord,
  request: Request,
  body: unknown,
  routing: TapRouting = identityRouting(tap.id),
): Promise<Response> {
  const host = tapHostFor(tap, routing);
  const legacy = body === undefined ? await isLegacyRequest(request) : await isLegacyRequest(request, body);
  if (legacy) return host.legacy(request, body);
  const mismatch = await paramHeaderMismatch(request, body, routing);
  if (mismatch) return mismatch;
  return host.modern.fetch(request, body === undefined ? undefined : { parsedBody: body });
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

/** Request `rpcId`'s answer (2025-11-25) was written whole: none of it is kept to resume. */
export const answerDelivered = (tap: string, session: string, rpcId: string) =>
  hosts().get(tap)?.sessions.get(session)?.store.dropRequest(rpcId);
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
