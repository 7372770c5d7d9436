import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import { getHub } from "@/lib/server/hub";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { mrtrLink } from "@/lib/server/mcp/requests/mrtr-links";
import { onlyRunningCall } from "@/lib/server/mcp/requests/request-links";

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
  /** The call's record (its requestId, the upstream progress token, is set as it is sent). */
  record?: CallRecord;
  client?: { name: string; version?: string };
  /** What the tap's client declared (initialize, or the request's envelope). */
  capabilities: Record<string, unknown> | undefined;
  /** Sends the request to the tap's client, related to its tools/call; resolves with its answer. */
  send(method: string, params: Record<string, unknown>, signal: AbortSignal, id: string | number): Promise<Record<string, unknown>>;
  /** Sends a notification on the call's own stream (the upstream's log messages during the call). */
  notify(notification: { method: string; params: Record<string, unknown> }): void;
  /**
   * Whether the client waits for this call now: always on 2025-11-25 (the call's stream is open);
   * on 2026-07-28 only while one of its legs is open (a client that left an input round has none).
   */
  waiting(): boolean;
  /** Relays the upstream's progress for the call, with the client's own token. */
  progress(progress: { progress: number; total?: number; message?: string }): void;
}

const storage = new AsyncLocalStorage<DownstreamLink>();
const byCall = new Map<string, DownstreamLink>();
/** prompts/get and resources/read in flight for a tap's client, by `<connection id>\n<upstream JSON-RPC id>`. */
const byRequest = new Map<string, DownstreamLink>();

/** A forwarded request other than tools/call was sent upstream with this JSON-RPC id. */
export function linkRequest(link: DownstreamLink, connectionId: string, upstreamId: string | number): () => void {
  const key = `${connectionId}\n${String(upstreamId)}`;
  byRequest.set(key, link);
  return () => {
    if (byRequest.get(key) === link) byRequest.delete(key);
  };
}

export function withDownstream<T>(link: DownstreamLink, fn: () => Promise<T>): Promise<T> {
  return storage.run(link, fn);
}

/** The call started: its id now names the link (for the stdio fallback). */
export function linkCall(link: DownstreamLink, record: CallRecord): () => void {
  const callId = record.id;
  link.callId = callId;
  link.record = record;
  byCall.set(callId, link);
  watchProgress();
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
export function downstreamFor(
  conn: ConnectionHandle,
  method: string,
  params: Record<string, unknown>,
  id: string | number,
): DownstreamLink | undefined {
  const current = storage.getStore();
  if (current && current.connectionId === conn.id) return current;
  if (byCall.size === 0 && byRequest.size === 0) return undefined;
  // 2026-07-28: the SDK runs the input_required round outside the call's async context, but the
  // recorded input_required frame names the call (the inbox links its requests the same way).
  const inBand = typeof id === "string" ? mrtrLink(conn, method, id, params) : undefined;
  const forRequest = inBand ? byRequest.get(`${conn.id}\n${String(inBand.mrtr.firstRequestId)}`) : undefined;
  if (forRequest) return forRequest;
  const named = inBand?.relatedCall ? byCall.get(inBand.relatedCall.callId) : undefined;
  if (named && named.connectionId === conn.id && named.waiting()) return named;
  // A round of a call that is not a waiting tapped one (a hand call's) is the inbox's.
  if (inBand?.relatedCall && !named) return undefined;
  if (typeof id === "string") {
    // The frames can be ambiguous (the same key asked again by a newer call while an older one's
    // client left its round): the one tapped call whose client waits now is the one asking.
    const waiting = [...byCall.values(), ...byRequest.values()].filter((l) => l.connectionId === conn.id && l.waiting());
    if (waiting.length === 1) return waiting[0];
  }
  const running = onlyRunningCall(conn);
  const link = running ? byCall.get(running.callId) : undefined;
  return link && link.connectionId === conn.id ? link : undefined;
}

/** The tapped calls running on a connection now (their streams get its log messages). */
export function runningLinks(connectionId: string): DownstreamLink[] {
  return [...byCall.values()].filter((l) => l.connectionId === connectionId);
}

let progressWatch: (() => void) | null = null;

/**
 * The upstream's notifications/progress for tapped calls, taken from the recorded frames: the
 * recording transport records each frame as it arrives, before the SDK reads it, and the SDK
 * drops a progress notification it processes after the call's response (the last one of a tool
 * that reports 100 % just before answering was lost that way). One hub listener per process.
 */
function watchProgress(): void {
  if (progressWatch) return;
  const hub = getHub();
  progressWatch = hub.subscribe(hub.maxSeq(), (entry: Entry) => {
    if (byCall.size === 0 || entry.protocol !== "mcp" || entry.kind !== "message" || entry.direction !== "in") return;
    const raw = entry.raw as {
      method?: unknown;
      params?: { progressToken?: unknown; progress?: unknown; total?: unknown; message?: unknown };
    } | null;
    if (raw?.method !== "notifications/progress" || typeof raw.params?.progress !== "number") return;
    const { progressToken, progress, total, message } = raw.params;
    for (const link of byCall.values()) {
      if (link.connectionId !== entry.connectionId || link.record?.requestId !== progressToken) continue;
      link.progress({
        progress,
        ...(typeof total === "number" ? { total } : {}),
        ...(typeof message === "string" ? { message } : {}),
      });
    }
  });
}
