import "server-only";
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCRequest, JSONRPCResultResponse } from "@modelcontextprotocol/server";
import { isJsonContentType } from "@modelcontextprotocol/server";
import { isRecord } from "@/lib/values";

/*
 * JSON-RPC 2.0 by shape, for the tap's transport (node-transport.ts): the SDK's transport parsed every
 * message with its zod schemas, then the Server parsed it again; these checks are the same rules
 * (strict keys, integer or string ids) without building a parse, and the Server still validates the
 * params of each method it handles.
 */

/** zod 4's int() is a safe integer. */
const isId = (value: unknown) => typeof value === "string" || Number.isSafeInteger(value);

const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** A request's or notification's `_meta`, as the SDK's RequestMetaSchema takes it (absent, or an object whose known keys fit). */
function isRequestMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isRecord(meta) || (meta.progressToken !== undefined && !isId(meta.progressToken))) return false;
  const related = meta[RELATED_TASK];
  return related === undefined || (isRecord(related) && typeof related.taskId === "string");
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

const CALL_KEYS = ["jsonrpc", "id", "method", "params"] as const;
const RESULT_KEYS = ["jsonrpc", "id", "result"] as const;
const ERROR_KEYS = ["jsonrpc", "id", "error"] as const;

/** A JSON-RPC request, notification, result or error, as the SDK's JSONRPCMessageSchema accepts. */
export function isRpcMessage(value: unknown): value is JSONRPCMessage {
  if (!isRecord(value) || value.jsonrpc !== "2.0") return false;
  if ("method" in value) {
    if (typeof value.method !== "string" || !onlyKeys(value, CALL_KEYS)) return false;
    const params = value.params;
    return (value.id === undefined || isId(value.id)) && (params === undefined || (isRecord(params) && isRequestMeta(params._meta)));
  }
  if ("result" in value) {
    const result = value.result;
    return isId(value.id) && isRecord(result) && (result._meta === undefined || isRecord(result._meta)) && onlyKeys(value, RESULT_KEYS);
  }
  const error = value.error;
  return (
    (value.id === undefined || isId(value.id)) &&
    isRecord(error) &&
    Number.isSafeInteger(error.code) &&
    typeof error.message === "string" &&
    onlyKeys(value, ERROR_KEYS)
  );
}

/** A request (a method and an id), as opposed to a notification or an answer. */
export function isRpcRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return "method" in message && "id" in message && message.id !== undefined;
}

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
