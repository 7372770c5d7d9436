import "server-only";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { CallRecord } from "@/lib/contracts/calls";
import { nextTick } from "@/lib/server/mcp/connection-handle";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { getRegistry } from "@/lib/server/mcp/registry";
import { errorMessage, isRecord } from "@/lib/values";

/** Any JSON object: the tap passes the upstream's answers on as they came. */
export const AnyResult = z.looseObject({});

/** The JSON-RPC code the tap answers with when the upstream cannot be reached or failed (-32603). */
export const UPSTREAM_FAILED = ProtocolErrorCode.InternalError;

/** How often a request waits for a connection that is connecting. */
const CONNECTING_POLL_MS = 50;

function failure(conn: ConnectionHandle, words: string): ProtocolError {
  return new ProtocolError(UPSTREAM_FAILED, `Loupe's tap of "${conn.config.name}": ${words}`);
}

/**
 * The upstream connection, connected: one that is connecting is waited for; one that is idle,
 * disconnected or failed is connected once (a stdio child that died is started again), as the
 * user's Connect would. Still not connected → a JSON-RPC error in words, never a hang.
 */
export async function connectedUpstream(connectionId: string): Promise<ConnectionHandle> {
  const registry = getRegistry();
  let conn: ConnectionHandle;
  try {
    conn = registry.connection(connectionId);
  } catch {
    throw new ProtocolError(UPSTREAM_FAILED, `Loupe's tap: the connection "${connectionId}" was deleted`);
  }
  if (conn.state.status === "connected" && conn.client) return conn;
  const deadline = Date.now() + conn.config.requestTimeoutMs;
  while (conn.state.status === "connecting" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, CONNECTING_POLL_MS));
  }
  if (conn.state.status !== "connected" || !conn.client) await registry.connect(connectionId).catch(() => undefined);
  if (conn.state.status === "connected" && conn.client) return conn;
  const why = conn.state.error?.message ?? `its state is "${conn.state.status}"`;
  throw failure(conn, `the server is not connected and connecting failed: ${why}`);
}

/** Whatever a request to the upstream threw, as the JSON-RPC error the tap's client receives. */
export async function upstreamError(conn: ConnectionHandle, gen: number, thrown: unknown): Promise<ProtocolError> {
  if (thrown instanceof ProtocolError) return thrown;
  const code = isRecord(thrown) ? thrown.code : undefined;
  const closed = gen !== conn.generation;
  if (closed) {
    // Let the child's exit code arrive before describing the failure.
    await nextTick();
    return failure(conn, conn.cutOffMessage(gen, "request"));
  }
  if (typeof code === "number" && Number.isInteger(code)) {
    return new ProtocolError(code, errorMessage(thrown), isRecord(thrown) ? thrown.data : undefined);
  }
  return failure(conn, errorMessage(thrown));
}

const SERVER_INFO_META = "io.modelcontextprotocol/serverInfo";

/** The upstream's answer without its serverInfo `_meta` (the tap's client talks to the tap, which adds its own). */
export function asTapResult(result: Record<string, unknown>): Record<string, unknown> {
  const meta = result._meta;
  if (!isRecord(meta) || !(SERVER_INFO_META in meta)) return result;
  const rest = { ...meta };
  delete rest[SERVER_INFO_META];
  const out = { ...result };
  if (Object.keys(rest).length) out._meta = rest;
  else delete out._meta;
  return out;
}

/** Removes the downstream's `_meta` (its envelope, its progress token): the upstream leg has its own. */
export function withoutMeta(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params || !("_meta" in params)) return params;
  const rest = { ...params };
  delete rest._meta;
  return rest;
}

/** Sends one request upstream (recorded on the connection's traffic like any other) and returns its result. */
export async function forward(
  connectionId: string,
  method: string,
  params: Record<string, unknown> | undefined,
  signal?: AbortSignal,
  /** Told the JSON-RPC id the request goes out with (links the server's questions to it). */
  onRequestId?: (id: string | number) => void,
): Promise<Record<string, unknown>> {
  const conn = await connectedUpstream(connectionId);
  const gen = conn.generation;
  const unwatch = onRequestId ? conn.recording?.watchNextRequest(method, (id) => onRequestId(id)) : undefined;
  try {
    const result = await conn.requireClient().request({ method, ...(params ? { params: withoutMeta(params) } : {}) }, AnyResult, {
      timeout: conn.config.requestTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    return asTapResult(result);
  } catch (error) {
    throw await upstreamError(conn, gen, error);
  } finally {
    unwatch?.();
  }
}

/** A tapped tools/call's record as what the tap's client receives: the result, or an error in words. */
export function callOutcome(conn: ConnectionHandle, record: CallRecord): Record<string, unknown> {
  if ((record.status === "ok" || record.status === "tool_error") && isRecord(record.result)) {
    return asTapResult(record.result);
  }
  const message = record.error?.message ?? `The call ended as "${record.status}"`;
  if (record.status === "rpc_error") {
    const details = isRecord(record.error?.details) ? record.error.details : undefined;
    const code = typeof details?.code === "number" ? details.code : ProtocolErrorCode.InternalError;
    throw new ProtocolError(code, message, details?.data);
  }
  if (record.status === "task") {
    throw failure(
      conn,
      `the server made this call a task (${record.taskId ?? "unknown id"}); the tap does not serve tasks, follow it in Loupe's Tasks tab`,
    );
  }
  throw failure(conn, message);
}
