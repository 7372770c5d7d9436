import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { McpConnection } from "@/lib/server/mcp-connection";
import { onlyRunningCall } from "@/lib/server/mcp-requests/request-links";

/**
 * Which tap client a server→client request (sampling, elicitation, roots) of a tapped call goes
 * to. The tap runs each tools/call inside `withDownstream()`: a request the SDK hands Loupe's
 * handler in that call's async context (a 2026-07-28 input_required round, or a 2025-11-25
 * request on the call's own HTTP response stream) is that call's. Over stdio nothing on the wire
 * links a server request to a call, so the call is the one tools/call of the session still
 * running (onlyRunningCall, as the inbox links it), when that call is a tapped one.
 */
export interface DownstreamLink {
  tapId: string;
  connectionId: string;
  /** The CallRecord id, once the call started. */
  callId?: string;
  client?: { name: string; version?: string };
  /** What the tap's client declared (initialize, or the request's envelope). */
  capabilities: Record<string, unknown> | undefined;
  /** Sends the request to the tap's client, related to its tools/call; resolves with its answer. */
  send(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
}

const storage = new AsyncLocalStorage<DownstreamLink>();
const byCall = new Map<string, DownstreamLink>();

export function withDownstream<T>(link: DownstreamLink, fn: () => Promise<T>): Promise<T> {
  return storage.run(link, fn);
}

/** The call started: its id now names the link (for the stdio fallback). */
export function linkCall(link: DownstreamLink, callId: string): () => void {
  link.callId = callId;
  byCall.set(callId, link);
  return () => {
    if (byCall.get(callId) === link) byCall.delete(callId);
  };
}

/** Whether the tap's client declared what this server request needs. */
export function declares(capabilities: Record<string, unknown> | undefined, method: string, params: Record<string, unknown>): boolean {
  if (!capabilities) return false;
  if (method === "sampling/createMessage") return capabilities.sampling !== undefined;
  if (method === "roots/list") return capabilities.roots !== undefined;
  if (method === "elicitation/create") {
    const elicitation = capabilities.elicitation as Record<string, unknown> | undefined;
    if (!elicitation) return false;
    // An empty `elicitation: {}` means form mode (2025-06-18 clients declared no modes).
    if (params.mode === "url") return elicitation.url !== undefined;
    return elicitation.form !== undefined || Object.keys(elicitation).length === 0;
  }
  return false;
}

/** The tap client a server request of this connection belongs to, when it is a tapped call's. */
export function downstreamFor(conn: McpConnection): DownstreamLink | undefined {
  const current = storage.getStore();
  if (current && current.connectionId === conn.id) return current;
  const running = onlyRunningCall(conn);
  const link = running ? byCall.get(running.callId) : undefined;
  return link && link.connectionId === conn.id ? link : undefined;
}
