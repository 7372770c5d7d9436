import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResponse } from "@modelcontextprotocol/server";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { TAP_PREFIX } from "@/lib/launcher/tap-gate";
import { AppError } from "@/lib/errors";
import { errorMessage } from "@/lib/values";
import { pipeResponse, readBody, webRequest } from "@/lib/server/mcp/tap/node-http";
import { routingFor } from "@/lib/server/mcp/tap/aggregate";
import { MAX_JSON_BODY_BYTES } from "@/lib/server/http";
import { roomForSession } from "@/lib/server/mcp/tap/load";
import type { TapLoad } from "@/lib/server/mcp/tap/load";
import { idInUse, readRpcBody } from "@/lib/server/mcp/tap/rpc-body";
import { jsonRpcError, tapHostFor } from "@/lib/server/mcp/tap/serve";
import type { AttachedSession } from "@/lib/server/mcp/tap/serve";
import { TapSseTransport } from "@/lib/server/mcp/tap/sse-transport";
import type { TapRecord } from "@/lib/server/mcp/tap/store";
import { UPSTREAM_FAILED } from "@/lib/server/mcp/tap/upstream";
import { createTapServer } from "@/lib/server/mcp/tap/tap-server";

/**
 * The legacy HTTP+SSE transport on a tap (issue 23), for clients that speak only it (the SDKs'
 * `SSEClientTransport`): `GET /mcp/<tap id>/sse` opens the event stream, whose first event names
 * `POST /mcp/<tap id>/messages?sessionId=<id>` for the client's messages. As the spec's
 * backwards-compatibility section has it, a GET of the tap's own URL without Mcp-Session-Id that
 * accepts text/event-stream (what such a client sends when given the Streamable HTTP URL) opens
 * the same stream. endpoint.ts has checked the key and the load before this runs; each session is
 * a 2025-11-25 tap session like the Streamable HTTP ones (createTapServer: same recording, same
 * approval gate, same roots), counted against the same session cap, its stream and each request
 * still unanswered against the same in-flight cap.
 */

/** Which leg of the SSE transport a request is, for which tap; undefined: not the SSE transport. */
export interface SseLeg {
  tapId: string;
  leg: "stream" | "message";
}

const LEGS: Record<string, SseLeg["leg"]> = { sse: "stream", messages: "message" };

export function sseLegOf(method: string, header: (name: string) => string | undefined, pathname: string): SseLeg | undefined {
  if (!pathname.startsWith(TAP_PREFIX)) return undefined;
  const parts = pathname.slice(TAP_PREFIX.length).replace(/\/$/, "").split("/");
  let tapId: string;
  try {
    tapId = decodeURIComponent(parts[0] ?? "");
  } catch {
    return undefined;
  }
  if (!tapId) return undefined;
  const leg = parts.length === 2 ? LEGS[parts[1]!] : undefined;
  if (leg) return { tapId, leg };
  const plainSseGet =
    parts.length === 1 &&
    method === "GET" &&
    header("mcp-session-id") === undefined &&
    (header("accept") ?? "").includes("text/event-stream");
  return plainSseGet ? { tapId, leg: "stream" } : undefined;
}

interface SseSession {
  tapId: string;
  transport: TapSseTransport;
  /** Requests the client sent that the tap has not answered yet: JSON id → releases its in-flight place. */
  pending: Map<string, () => void>;
}

const SESSIONS_KEY = Symbol.for("loupe.tapSseSessions");
type SessionsGlobal = typeof globalThis & { [SESSIONS_KEY]?: Map<string, SseSession> };
function sessions(): Map<string, SseSession> {
  const g = globalThis as SessionsGlobal;
  return (g[SESSIONS_KEY] ??= new Map());
}

/**
 * Who an SSE session is for the per-client session cap (load.ts): its client names itself only in
 * initialize, after the stream is open, so SSE sessions share one name.
 */
const SSE_CLIENT = "(a legacy SSE client)";

/** Serves one request of the SSE transport on the Node request and response (after endpoint.ts checked the key and the in-flight cap). */
export async function serveTapSse(
  tap: TapRecord,
  leg: SseLeg,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  load: TapLoad,
): Promise<void> {
  let request: Request;
  if (leg.leg === "message" && req.method === "POST") {
    let text: string;
    try {
      text = await readBody(req, MAX_JSON_BODY_BYTES);
    } catch (error) {
      const appError = AppError.from(error);
      return pipeResponse(res, jsonRpcError(appError.status === 413 ? 413 : 400, -32600, appError.message));
    }
    request = webRequest(req, res, url, text);
  } else request = webRequest(req, res, url);
  const response = leg.leg === "stream" ? await openStream(tap, request, load) : await postMessage(tap, request, load);
  if (leg.leg === "stream" && response.ok) {
    // The stream is an open request for as long as it lasts (its close also ends the session: the request's signal).
    load.inflight += 1;
    res.once("close", () => (load.inflight = Math.max(0, load.inflight - 1)));
  }
  await pipeResponse(res, response);
}

async function openStream(tap: TapRecord, request: Request, load: TapLoad): Promise<Response> {
  if (request.method !== "GET") {
    return jsonRpcError(405, -32000, "Method not allowed: open the SSE stream with GET", { Allow: "GET" });
  }
  const room = await roomForSession(tap, load, SSE_CLIENT);
  if (!room.ok) return jsonRpcError(room.status, -32000, room.message, { "Retry-After": room.status === 429 ? "1" : "5" });
  const routing = routingFor(tap);
  const host = tapHostFor(tap, routing);
  const id = randomUUID();
  const subscriptions = new Set<string>();
  const pending = new Map<string, () => void>();
  const endpoint = `${TAP_PREFIX}${encodeURIComponent(tap.id)}/messages?sessionId=${id}`;
  const transport = new TapSseTransport(id, endpoint, request, (message: JSONRPCMessage) => {
    // The tap's answer to one of the client's requests: that request no longer counts.
    if (isJSONRPCResponse(message) && message.id !== undefined) pending.get(JSON.stringify(message.id))?.();
  });
  let server;
  try {
    server = await createTapServer(tap, routing, { era: "legacy", subscriptions });
  } catch (error) {
    return jsonRpcError(502, UPSTREAM_FAILED, errorMessage(error));
  }
  const attached: AttachedSession = { server, subscriptions, close: () => transport.close() };
  await server.connect(transport);
  const protocolClose = transport.onclose;
  transport.onclose = () => {
    protocolClose?.();
    sessions().delete(id);
    load.sessions.delete(id);
    host.attached.delete(attached);
    for (const release of [...pending.values()]) release();
  };
  if (transport.isClosed) {
    void server.close().catch(() => undefined);
    return jsonRpcError(400, -32000, "The client closed the stream before it opened");
  }
  sessions().set(id, { tapId: tap.id, transport, pending });
  host.attached.add(attached);
  // The stream is this session's open request for as long as it lasts (never idle, never evicted).
  load.sessions.set(id, { client: SSE_CLIENT, lastSeen: Date.now(), open: 1 });
  return new Response(transport.body, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive" },
  });
}

async function postMessage(tap: TapRecord, request: Request, load: TapLoad): Promise<Response> {
  if (request.method !== "POST") {
    return jsonRpcError(405, -32000, "Method not allowed: send messages with POST", { Allow: "POST" });
  }
  const sessionId = new URL(request.url).searchParams.get("sessionId") ?? "";
  const session = sessions().get(sessionId);
  if (!session || session.tapId !== tap.id || session.transport.isClosed) {
    return jsonRpcError(
      404,
      -32001,
      `Unknown or ended session: ${sessionId || "(no sessionId)"}; open a new stream (GET ${TAP_PREFIX}${encodeURIComponent(tap.id)}/sse)`,
    );
  }
  const read = await readRpcBody(request);
  if (!read.ok) return read.response;
  const message: unknown = read.body;
  if (!isJSONRPCRequest(message) && !isJSONRPCNotification(message) && !isJSONRPCResponse(message)) {
    return jsonRpcError(400, -32600, "Invalid request: the body is not one JSON-RPC message (the SSE transport takes no batches)");
  }
  const seen = load.sessions.get(sessionId);
  if (seen) seen.lastSeen = Date.now();
  if (isJSONRPCRequest(message)) {
    const key = JSON.stringify(message.id);
    if (session.pending.has(key)) return idInUse(message.id);
    let held = true;
    load.inflight += 1;
    session.pending.set(key, () => {
      if (!held) return;
      held = false;
      session.pending.delete(key);
      load.inflight = Math.max(0, load.inflight - 1);
    });
  }
  session.transport.receive(message);
  return new Response("Accepted", { status: 202 });
}
