import "server-only";
import type {
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  MessageExtraInfo,
  Transport,
} from "@modelcontextprotocol/client";
import { isRecord } from "@/lib/values";

/*
 * JSON-RPC 2.0 by shape (issue 23): the SDK parsed every message with its zod schemas in the
 * transport, again in Protocol's dispatch (three type guards, two of them failing for a request)
 * and again in `_onresponse`; these checks are the same rules (strict keys, safe-integer or string
 * ids, `_meta` as RequestMetaSchema takes it) without building a parse. The SDK still validates the
 * params of each method it handles. Used by the tap's transports and SDK Server
 * (lib/server/mcp/tap/) and by Loupe's own client (loupe-client.ts, stdio-framing.ts).
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
  return fits(value, false);
}

/** The same, as SDK v1's schema takes it: its result `_meta` is a RequestMetaSchema too (v2's is any object). */
export function isRpcMessageV1(value: unknown): value is JSONRPCMessage {
  return fits(value, true);
}

function fits(value: unknown, v1: boolean): value is JSONRPCMessage {
  if (!isRecord(value) || value.jsonrpc !== "2.0") return false;
  if ("method" in value) {
    if (typeof value.method !== "string" || !onlyKeys(value, CALL_KEYS)) return false;
    const params = value.params;
    return (value.id === undefined || isId(value.id)) && (params === undefined || (isRecord(params) && isRequestMeta(params._meta)));
  }
  if ("result" in value) {
    const result = value.result;
    const meta = isRecord(result) ? result._meta : undefined;
    return (
      isId(value.id) &&
      isRecord(result) &&
      (v1 ? isRequestMeta(meta) : meta === undefined || isRecord(meta)) &&
      onlyKeys(value, RESULT_KEYS)
    );
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

/** Where an SDK Protocol takes each kind of message (its own dispatch methods). */
export interface RpcRoutes {
  request(message: JSONRPCRequest, extra?: MessageExtraInfo): void;
  notification(message: JSONRPCNotification, extra?: MessageExtraInfo): void;
  response(message: JSONRPCResponse): void;
}

/**
 * Replaces the dispatch an SDK Protocol's connect() set on `transport` (zod type guards on every
 * message) with one by shape, for a Protocol whose transport delivers only messages that passed
 * the SDK's schema. Anything else still goes the SDK's way (which reports it). `before`: the
 * transport's handler before connect(), which the SDK's dispatch calls first too.
 */
export function routeByShape(transport: Transport, before: Transport["onmessage"], routes: RpcRoutes): void {
  const sdk = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    if (!isRpcMessage(message)) return sdk?.(message, extra);
    before?.(message, extra);
    if (!("method" in message)) return routes.response(message);
    if (isRpcRequest(message)) return routes.request(message, extra);
    routes.notification(message, extra);
  };
}
