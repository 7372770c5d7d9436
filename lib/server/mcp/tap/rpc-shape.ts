import "server-only";
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCResultResponse } from "@modelcontextprotocol/server";
import { isJsonContentType } from "@modelcontextprotocol/server";

/* What the tap's 2025-11-25 transport (node-transport.ts) says and refuses as the SDK's transport does; messages are checked by shape in lib/server/mcp/jsonrpc-shape.ts. */

/** The message when it answers a request (a result or an error). */
export function answerOf(message: JSONRPCMessage): JSONRPCResultResponse | JSONRPCErrorResponse | undefined {
  return "method" in message ? undefined : message;
}

/** One SSE `message` event. */
export function sseEvent(message: JSONRPCMessage, eventId: string): string {
  return `event: message\nid: ${eventId}\ndata: ${JSON.stringify(message)}\n\n`;
}

/** Why a request is refused, as the SDK's transport says it: HTTP status, JSON-RPC code, words. */
export type Refusal = [status: number, code: number, message: string];

const MAX_BATCH = 100;

/** What the SDK's transport refuses a POST for before reading its messages (headers, batch size). */
export function postRefusal(accept: string | undefined, contentType: string | undefined, body: unknown): Refusal | undefined {
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream"))
    return [406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream"];
  if (!isJsonContentType(contentType ?? null)) return [415, -32000, "Unsupported Media Type: Content-Type must be application/json"];
  if (Array.isArray(body) && body.length > MAX_BATCH) return [400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`];
  return undefined;
}

/** The SDK transport's session and protocol-version checks of a request after initialize (`session`: its id once initialized). */
export function sessionRefusal(
  session: string | undefined,
  sessionId: string | undefined,
  version: string | undefined,
  versions: string[],
): Refusal | undefined {
  if (!session) return [400, -32000, "Bad Request: Server not initialized"];
  if (!sessionId) return [400, -32000, "Bad Request: Mcp-Session-Id header is required"];
  if (sessionId !== session) return [404, -32001, "Session not found"];
  if (version !== undefined && !versions.includes(version))
    return [400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${versions.join(", ")})`];
  return undefined;
}
