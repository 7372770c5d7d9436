import "server-only";
import type { InitializeResult, JSONRPCRequest, RequestId, Transport } from "@modelcontextprotocol/client";
import type { Direction } from "@/lib/contracts/entries";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import type { mcpEntryKinds } from "@/lib/contracts/entry-kinds/mcp";

/** The kinds a recording transport writes (protocol "mcp"). */
export type McpFrameKind = keyof typeof mcpEntryKinds;

export interface RecordingHooks {
  /** Writes one entry to the record; called synchronously, before the SDK sees a frame. */
  record<K extends McpFrameKind>(direction: Direction, kind: K, raw: EntryPayload<K>): void;
  /** Runs before the SDK's own close handling (which rejects pending requests). */
  onClosed?(): void;
  /** Sees every transport error after it is recorded. */
  onError?(error: Error): void;
  /**
   * Streamable HTTP only: a fresh transport to the same endpoint, used to start a new session when
   * the server forgot ours (a restart). Without it a lost session is not recovered.
   */
  reopen?(): Transport;
  /** The new session is initialized; `retried`/`failed` are the requests pending at the loss. */
  onSessionReset?(info: SessionResetInfo): void;
  /** Starting a new session failed: the connection is lost. */
  onSessionResetFailed?(reason: string, error: unknown): void;
}

/** Learns the JSON-RPC id of the next request of `method` (RecordingTransport.watchNextRequest). */
export interface RequestWatcher {
  method: string;
  onId(id: RequestId): void;
}

/** A request the SDK Client sent and still waits for, as RecordingTransport tracks it. */
export interface PendingRequest {
  message: JSONRPCRequest;
  retried: boolean;
  /** The inner transport it was handed to; null while it waits for a session reset to finish. */
  sentOn: Transport | null;
}

export interface SessionResetInfo {
  reason: string;
  result: InitializeResult;
  retried: { id: RequestId; method: string }[];
  failed: { id: RequestId; method: string }[];
}

/**
 * Requests that may be sent again on a new session without doing anything twice. tools/call is
 * never among them: a tool may have side effects, and whether it ran before the restart is unknown.
 */
export const RETRY_SAFE_METHODS: ReadonlySet<string> = new Set([
  "ping",
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "resources/subscribe",
  "resources/unsubscribe",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
]);

/** The JSON-RPC error a request pending at a session loss gets; `data.loupe` lets callers recognise it. */
export const SESSION_LOST_CODE = -32000;
export function sessionLostMessage(method: string): string {
  const what = method === "tools/call" ? "call" : "request";
  return `The server restarted and the session was lost; the ${what} was not retried`;
}
