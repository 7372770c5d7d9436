import "server-only";
import { setServerRequestRouter } from "@/lib/server/mcp/requests";
import type { ServerRequestRouter } from "@/lib/server/mcp/requests";
import { isRecord } from "@/lib/values";
import { declares, downstreamFor } from "@/lib/server/mcp/tap/links";
import { jsonRpcError, serveTap } from "@/lib/server/mcp/tap/serve";
import { routingFor } from "@/lib/server/mcp/tap/aggregate";
import { loadOf, releasing, roomForSession, sessionsFull, tapMaxInflight } from "@/lib/server/mcp/tap/load";
import type { TapLoad } from "@/lib/server/mcp/tap/load";
import { proofOf } from "@/lib/server/mcp/tap/proof";
import { idInUse, readRpcBody } from "@/lib/server/mcp/tap/rpc-body";
import { answerRoots } from "@/lib/server/mcp/tap/roots";
import { serveTapSse, sseLegOf } from "@/lib/server/mcp/tap/sse";
import { getTaps, sameKey } from "@/lib/server/mcp/tap/store";
import type { TapRecord } from "@/lib/server/mcp/tap/store";

/**
 * `/mcp/<tap id>` on Loupe's own port. The launcher (lib/launcher/tap-gate.ts) has refused a
 * foreign Host or a browser Origin before this runs; here the tap's own key is checked
 * (`Authorization: Bearer <key>`, constant time). Loupe's login token is never accepted (it is
 * not the key, and `x-loupe-token` is ignored), and the tap key opens nothing but its tap.
 */

export const TAP_PATH_PREFIX = "/mcp/";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="loupe-tap"' };

function bearer(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The tap id of a `/mcp/<id>` path; undefined for anything else. */
export function tapIdOf(pathname: string): string | undefined {
  if (!pathname.startsWith(TAP_PATH_PREFIX)) return undefined;
  const rest = pathname.slice(TAP_PATH_PREFIX.length).replace(/\/$/, "");
  if (!rest || rest.includes("/")) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

/** Answers one request to a tap: 401 without the right key, 413 over the body limit, else the MCP exchange. */
export async function handleTapRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const proof = proofOf(request, url);
  if (proof) return proof;
  const sse = sseLegOf(request, url.pathname);
  const tapId = sse?.tapId ?? tapIdOf(url.pathname);
  if (tapId === undefined) return jsonRpcError(404, -32600, "Not found: a tap's endpoint is /mcp/<tap id> (or /mcp/<tap id>/sse)");
  // One answer for an unknown tap and a wrong key: the endpoint does not say which taps exist.
  const tap = getTaps().get(tapId);
  const presented = bearer(request);
  if (!tap || !sameKey(presented, tap.key)) {
    const message = presented
      ? "Wrong tap key: use the key Loupe showed when the tap was turned on (Authorization: Bearer <key>)"
      : "Missing tap key: send Authorization: Bearer <key> with the key Loupe showed when the tap was turned on";
    return jsonRpcError(401, -32001, message, CHALLENGE);
  }
  const load = loadOf(tap.id);
  if (load.inflight >= tapMaxInflight()) {
    return jsonRpcError(
      429,
      -32000,
      `Too many requests at once on this tap (${tapMaxInflight()}, LOUPE_TAP_MAX_INFLIGHT): wait for some to finish and retry`,
      { "Retry-After": "1" },
    );
  }
  // The legacy HTTP+SSE transport keeps its own sessions and counts (sse.ts).
  if (sse) return serveTapSse(tap, sse, request, load);
  load.inflight += 1;
  const sessionId = request.headers.get("mcp-session-id") ?? undefined;
  const session = sessionId ? load.sessions.get(sessionId) : undefined;
  if (session) {
    session.open += 1;
    session.lastSeen = Date.now();
  }
  // The request id this request holds on its session while it runs (see `answer`).
  let heldId: string | undefined;
  const release = () => {
    load.inflight = Math.max(0, load.inflight - 1);
    if (heldId !== undefined) session?.ids?.delete(heldId);
    if (session) {
      session.open = Math.max(0, session.open - 1);
      session.lastSeen = Date.now();
    }
  };
  let response: Response;
  try {
    response = await answer(tap, request, load, sessionId, (id) => {
      // A client that reuses the id of a request still running on its session would have one of
      // the two answers lost (the transport maps ids to streams) and the other request hang.
      if (!session) return true;
      const ids = (session.ids ??= new Set());
      if (ids.has(id)) return false;
      ids.add(id);
      heldId = id;
      return true;
    });
  } catch (error) {
    release();
    throw error;
  }
  if (sessionId && (response.status === 404 || request.method === "DELETE")) load.sessions.delete(sessionId);
  return releasing(response, release);
}

async function answer(
  tap: TapRecord,
  request: Request,
  load: TapLoad,
  sessionId: string | undefined,
  holdId: (id: string) => boolean,
): Promise<Response> {
  let body: unknown;
  if (request.method === "POST") {
    const read = await readRpcBody(request);
    if (!read.ok) return read.response;
    const text = read.text;
    body = read.body;
    const rpc = isRecord(body) ? body : undefined;
    if (rpc && typeof rpc.method === "string" && (typeof rpc.id === "string" || typeof rpc.id === "number")) {
      if (!holdId(JSON.stringify(rpc.id))) {
        return idInUse(rpc.id);
      }
    }
    // The SDK reads the body again from the request it is given.
    request = new Request(request.url, { method: "POST", headers: request.headers, body: text, signal: request.signal });
  }
  // Only a 2025-11-25 initialize opens a session (2026-07-28 has none).
  const opens = !sessionId && isRecord(body) && body.method === "initialize";
  if (opens && !(await roomForSession(tap, load, request.url))) return sessionsFull();
  const response = await serveTap(tap, request, body, routingFor(tap));
  const opened = opens ? response.headers.get("mcp-session-id") : null;
  if (opened) load.sessions.set(opened, { lastSeen: Date.now(), open: 0 });
  return response;
}

/**
 * Server requests of a tapped call (sampling, elicitation, roots) go to the tap's client when it
 * declared the capability; roots asked outside a call go to the tapped client holding them
 * (roots.ts); otherwise (undefined) Loupe's inbox, or Loupe's own roots, answer as for any call.
 */
const routeToTapClient: ServerRequestRouter = (conn, method, params, signal, id) => {
  const link = downstreamFor(conn, method, params, id);
  if (!link || !declares(link.capabilities, method, params)) {
    // Roots asked outside a tapped call: the client that holds this server's roots (roots.ts).
    return method === "roots/list" ? answerRoots(conn, signal) : undefined;
  }
  conn.recordEntry("loupe", "local", "tap_forward", {
    tapId: link.tapId,
    method,
    ...(link.callId ? { callId: link.callId } : {}),
    ...(link.client ? { client: link.client } : {}),
  });
  return link.send(method, params, signal, id);
};

const ENDPOINT_KEY = Symbol.for("loupe.tapEndpoint");
type EndpointGlobal = typeof globalThis & { [ENDPOINT_KEY]?: (request: Request) => Promise<Response> };

/**
 * Offers the tap endpoint to the launcher (server.ts serves `/mcp/*` with it, outside Next) and
 * routes tapped calls' server requests to their clients. Called once at boot (and by tests).
 */
export function installTapEndpoint(): void {
  (globalThis as EndpointGlobal)[ENDPOINT_KEY] = handleTapRequest;
  setServerRequestRouter(routeToTapClient);
}
