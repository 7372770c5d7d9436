/**
 * One recorded message (DESIGN.md "The timeline model"). The store keeps `raw` exactly as it
 * arrived; `items` are derived from it by the pure normalizers in lib/protocols/.
 */
export type Direction = "out" | "in" | "local";
export type EntryProtocol = "mcp" | "adk" | "loupe" | "playground" | "a2a" | "agui";

/**
 * mcp kinds: "message" (one JSON-RPC frame; raw = the frame), "stderr" (raw = { line }),
 * "transport_error" (raw = { message }), "unparsed" (raw = { text, error, bytes, cut? }: a stdout line that was not JSON-RPC, text up to 1 MiB).
 * adk kinds (connectionId = the agent server id, sessionKey = adkSessionKey(app, user, session)):
 * "event" (raw = one ADK Event as received), "stream_error" (raw = the `{"error":…}` frame),
 * "malformed" (raw = { text, error }), "user_message" (direction out; raw = { runId, newMessage, stateDelta? }).
 * loupe kinds: "status" (raw = ConnectionState), "call" (raw = CallRecord),
 * "connection_removed" (raw = { id }), "agent_status" (raw = AgentServerView), "agent_removed" (raw = { id }),
 * "run" (raw = RunRecord), "inbox" (raw = { agentId, sessionKey, items: InboxItem[] } — the
 * interrupts of that session, sent whenever they change), "mcp_request" (raw = McpClientRequest: a
 * sampling / elicitation request of an MCP server, recorded whole on every change),
 * "transport_fallback" (raw = { from, to, reason }), "resource_updated" (raw = { uri, at, subscribed }),
 * "task" (raw = TaskRecord), "auth_http" / "auth_event" (the OAuth log, secrets masked), "http_exchange" (raw = HttpExchange: one HTTP exchange of a remote connection, masked),
 * "session_reset" (raw = { reason, retried, failed }), "stream_resumed" (raw = { lastEventId, status }), "sse_event_dropped" (raw = { eventId, reason }),
 * "reconnect_scheduled" / "reconnect_stopped" / "reconnected", "subscriptions_restored",
 * "listen" (raw = ListenEntry: a 2026-07-28 subscriptions/listen stream opened, closed, failed, retried),
 * "tool_approval" (raw = ToolApproval, connectionId = the upstream connection: a gated tools/call of a
 * playground model or a tap's client, recorded whole on every change).
 * playground kinds (connectionId = the conversation id, sessionKey = the column id): see
 * lib/contracts/playground.ts ("pg_user", "pg_model_request", "pg_model_response", "pg_tool_call", …).
 * docs/ARCHITECTURE.md lists each with its shape.
 */
export interface Entry {
  seq: number;
  connectionId: string;
  sessionKey: string | null;
  receivedAt: number;
  sourceTime: number | null;
  direction: Direction;
  protocol: EntryProtocol;
  kind: string;
  raw: unknown;
  /** Size of the raw JSON in bytes. */
  rawBytes: number;
  /** True when `raw` was cut for transport; GET /api/entries/:seq returns it whole. */
  truncated?: boolean;
}

/** Over this many bytes, an entry's raw is replaced by a preview in lists and on the stream. */
export const ENTRY_PREVIEW_BYTES = 64 * 1024;
