import "server-only";
import { hash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { setServerRequestRouter } from "@/lib/server/mcp/requests";
import type { ServerRequestRouter } from "@/lib/server/mcp/requests";
import { MAX_JSON_BODY_BYTES } from "@/lib/server/http";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import { declares, downstreamFor } from "@/lib/server/mcp/tap/links";
import { serveTap } from "@/lib/server/mcp/tap/serve";
import { routingFor } from "@/lib/server/mcp/tap/aggregate";
import { endedWhy, loadOf, roomForSession, tapMaxInflight } from "@/lib/server/mcp/tap/load";
import { header, pipeResponse, readBody, writeJson, writeRpcError } from "@/lib/server/mcp/tap/node-http";
import type { TapLoad } from "@/lib/server/mcp/tap/load";
import { proofOf } from "@/lib/server/mcp/tap/proof";
import { parseRpcText } from "@/lib/server/mcp/tap/rpc-body";
import { relayTap, tapHeldElsewhere } from "@/lib/server/mcp/tap/relay";
import { answerRoots } from "@/lib/server/mcp/tap/roots";
import { serveTapSse, sseLegOf } from "@/lib/server/mcp/tap/sse";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { noteTurnedAway } from "@/lib/server/mcp/tap/turned-away";
import type { TapRecord } from "@/lib/server/mcp/tap/store";

/**
 * `/mcp/<tap id>` on Loupe's own port. The launcher (lib/launcher/tap-gate.ts) has refused a
 * foreign Host or a browser Origin before this runs; here the tap's own key is checked
 * (`Authorization: Bearer <key>`, constant time). Loupe's login token is never accepted (it is
 * not the key, and `x-loupe-token` is ignored), and the tap key opens nothing but its tap.
 */

export const TAP_PATH_PREFIX = "/mcp/";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="loupe-tap"' };

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The digest of the last tap key compared (issue 23: hashing both sides of every request cost the tap 2 % of its CPU). */
let keyDigest: { key: string; digest: Buffer } | undefined;

/** Constant-time: hashes first, so neither the content nor the length of the key leaks by timing. */
function sameKey(presented: string | undefined, key: string): boolean {
  if (!presented) return false;
  if (keyDigest?.key !== key) keyDigest = { key, digest: hash("sha256", key, "buffer") };
  return timingSafeEqual(hash("sha256", presented, "buffer"), keyDigest.digest);
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

/**
 * Answers one request to a tap on the Node request and response: 401 without the right key, 413
 * over the body limit, 429 over the limits (load.ts), else the MCP exchange (serve.ts).
 */
export async function handleTapRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  const proof = proofOf(req.method ?? "GET", url);
  if (proof) return writeJson(res, proof.status, proof.body, proof.headers);
  const sse = sseLegOf(req.method ?? "GET", (name) => header(req, name), url.pathname);
  const tapId = sse?.tapId ?? tapIdOf(url.pathname);
  if (tapId === undefined)
    return void writeRpcError(res, 404, -32600, "Not found: a tap's endpoint is /mcp/<tap id> (or /mcp/<tap id>/sse)");
  // One answer for an unknown tap and a wrong key: the endpoint does not say which taps exist.
  const tap = getTaps().get(tapId);
  const presented = bearer(req);
  if (!tap || !sameKey(presented, tap.key)) {
    const message = presented
      ? "Wrong tap key: use the key Loupe showed when the tap was turned on (Authorization: Bearer <key>)"
      : "Missing tap key: send Authorization: Bearer <key> with the key Loupe showed when the tap was turned on";
    return void writeRpcError(res, 401, -32001, message, CHALLENGE);
  }
  // Several instances (issue 25): the instance holding the tap serves it (relay.ts says why).
  const holder = tapHeldElsewhere(tap, req);
  if (holder) return relayTap(holder, req, res);
  const load = loadOf(tap.id);
  if (load.inflight >= tapMaxInflight()) {
    const message = `Too many requests at once on this tap (${tapMaxInflight()}, LOUPE_TAP_MAX_INFLIGHT): wait for some to finish and retry`;
    noteTurnedAway(tap.id, { kind: "refused", status: 429, message });
    return void writeRpcError(res, 429, -32000, message, { "Retry-After": "1" });
  }
  // The legacy HTTP+SSE transport keeps its own sessions and counts (sse.ts).
  if (sse) return serveTapSse(tap, sse, req, res, url, load);
  const sessionId = header(req, "mcp-session-id");
  const ended = sessionId && !load.sessions.has(sessionId) ? endedWhy(load, sessionId) : undefined;
  if (ended) return void writeRpcError(res, 404, -32001, ended);
  load.inflight += 1;
  const session = sessionId ? load.sessions.get(sessionId) : undefined;
  if (session) {
    session.open += 1;
    session.lastSeen = Date.now();
  }
  // The request id this request holds on its session while it runs (see `answer`).
  let heldId: string | undefined;
  // Released once the answer ended or the client went away ('close' comes after 'finish').
  res.once("close", () => {
    load.inflight = Math.max(0, load.inflight - 1);
    if (heldId !== undefined) session?.ids?.delete(heldId);
    if (session) {
      session.open = Math.max(0, session.open - 1);
      session.lastSeen = Date.now();
    }
  });
  await answer(tap, req, res, url, load, sessionId, (id) => {
    // A client that reuses the id of a request still running on its session would have one of
    // the two answers lost (the transport maps ids to streams) and the other request hang.
    if (!session) return true;
    const ids = (session.ids ??= new Set());
    if (ids.has(id)) return false;
    ids.add(id);
    heldId = id;
    return true;
  });
}

async function answer(
  tap: TapRecord,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  load: TapLoad,
  sessionId: string | undefined,
  holdId: (id: string) => boolean,
): Promise<void> {
  let body: unknown;
  let rpcId: string | undefined;
  if (req.method === "POST") {
    let text: string;
    try {
      text = await readBody(req, MAX_JSON_BODY_BYTES);
    } catch (error) {
      const appError = AppError.from(error);
      return void writeRpcError(res, appError.status === 413 ? 413 : 400, -32600, appError.message);
    }
    const parsed = parseRpcText(text);
    if (!parsed.ok) return void writeRpcError(res, 400, parsed.code, parsed.message);
    body = parsed.body;
    const rpc = isRecord(body) ? body : undefined;
    if (rpc && typeof rpc.method === "string" && (typeof rpc.id === "string" || typeof rpc.id === "number")) {
      rpcId = JSON.stringify(rpc.id);
      if (!holdId(rpcId)) {
        const message = `Invalid request: id ${rpcId} is already used by a request still running on this session; use a new id`;
        return writeJson(res, 400, { jsonrpc: "2.0", id: rpc.id, error: { code: -32600, message } });
      }
    }
  }
  // Only a 2025-11-25 initialize opens a session (2026-07-28 has none).
  const opens = !sessionId && isRecord(body) && body.method === "initialize";
  const client = opens && isRecord(body) ? clientName(body) : "";
  if (opens) {
    const room = await roomForSession(tap, load, client);
    if (!room.ok) return void writeRpcError(res, room.status, -32000, room.message, { "Retry-After": room.status === 429 ? "1" : "5" });
  }
  const opened = (id: string) => load.sessions.set(id, { client, lastSeen: Date.now(), open: 0 });
  const served = await serveTap(tap, { req, res, url }, body, routingFor(tap), opens ? opened : undefined);
  const status = typeof served === "number" ? served : served.status;
  if (sessionId && (status === 404 || req.method === "DELETE")) load.sessions.delete(sessionId);
  if (typeof served !== "number") await pipeResponse(res, served);
}

/** Who opened a session, for the per-client cap: its initialize's clientInfo name. */
function clientName(body: Record<string, unknown>): string {
  const info = isRecord(body.params) ? body.params.clientInfo : undefined;
  return isRecord(info) && typeof info.name === "string" ? info.name.slice(0, 200) : "(unnamed client)";
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
type EndpointGlobal = typeof globalThis & { [ENDPOINT_KEY]?: (req: IncomingMessage, res: ServerResponse) => Promise<void> };

/**
 * Offers the tap endpoint to the launcher (server.ts serves `/mcp/*` with it, outside Next) and
 * routes tapped calls' server requests to their clients. Called once at boot (and by tests).
 */
export function installTapEndpoint(): void {
  (globalThis as EndpointGlobal)[ENDPOINT_KEY] = handleTapRequest;
  setServerRequestRouter(routeToTapClient);
}
