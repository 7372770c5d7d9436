import { z } from "zod";
import type { InboxItem } from "@/lib/contracts/agents";
import type { AppMessageRecord } from "@/lib/contracts/app-messages";
import type { AuthHttpExchange } from "@/lib/contracts/auth";
import type { CallRecord } from "@/lib/contracts/calls";
import { ConnectionStatus } from "@/lib/contracts/connections";
import type { ConnectionState } from "@/lib/contracts/connections";
import {
  agentServerView,
  authEvent,
  authPhase,
  httpExchange,
  mcpClientRequest,
  resourceUpdated,
  runRecord,
  taskRecord,
  tapExchange,
  toolApproval,
} from "@/lib/contracts/entry-kinds/loupe-records";
import { spotChecked } from "@/lib/contracts/entry-kinds/shape";

/**
 * Entry kinds of protocol "loupe": Loupe's own records, direction "local" unless said
 * (connectionId = the MCP connection or ADK agent server they are about).
 * docs/ARCHITECTURE.md says who records each.
 */
export const loupeEntryKinds = {
  /**
   * The connection's ConnectionState, on every change. Spot-checked: its status only; the rest
   * (the server's capabilities and discover result, the diagnosis, the stderr tail a preview may
   * drop) is a large nested shape, trusted.
   */
  status: spotChecked<ConnectionState>(z.object({ status: ConnectionStatus })),
  /**
   * A tool call: at start (with its requestId) and at the end; large args / result left out.
   * Spot-checked: its ids, status and start; `args` and `result` can be large, and a preview without
   * them must parse.
   */
  call: spotChecked<CallRecord>(
    z.object({ id: z.string(), connectionId: z.string(), tool: z.string(), status: z.string(), startedAt: z.number() }),
  ),
  connection_removed: z.object({ id: z.string() }),
  /** Streamable HTTP fell back to SSE. */
  transport_fallback: z.object({ from: z.string(), to: z.string(), reason: z.string() }),
  /** A 2026-07-28 probe failed: connecting again with the initialize handshake. */
  era_fallback: z.object({ reason: z.string() }),
  /** An ADK agent server's view, on every change. */
  agent_status: agentServerView,
  agent_removed: z.object({ id: z.string() }),
  /** An ADK run (RunRecord) when it starts and ends. */
  run: runRecord,
  /** The interrupts of one ADK session, whenever they change. Spot-checked: the items are ADK's own function calls, trusted. */
  inbox: spotChecked<{ agentId: string; sessionKey: string; items: InboxItem[] }>(
    z.object({ agentId: z.string(), sessionKey: z.string(), items: z.array(z.unknown()) }),
  ),
  /** A sampling / elicitation request of an MCP server, whole, on every change. */
  mcp_request: mcpClientRequest,
  resource_updated: resourceUpdated,
  /** A TaskRecord on every change (a result over 64 KB left out: resultOmitted). */
  task: taskRecord,
  /** Direction out: one HTTP exchange of the OAuth flow, masked. Spot-checked: headers and bodies can be large (a preview drops them). */
  auth_http: spotChecked<AuthHttpExchange>(z.object({ phase: authPhase, method: z.string(), url: z.string(), status: z.number() })),
  auth_event: authEvent,
  /** Direction out: one HTTP exchange of a remote connection, masked. */
  http_exchange: httpExchange,
  /** The server forgot the session: `{ reason, retried, failed }`, or `{ reason, error }`. */
  session_reset: z.object({
    reason: z.string(),
    retried: z.array(z.object({ id: z.unknown(), method: z.string() })).optional(),
    failed: z.array(z.object({ id: z.unknown(), method: z.string() })).optional(),
    error: z.string().optional(),
  }),
  /** An event stream re-opened with Last-Event-ID. */
  stream_resumed: z.object({ lastEventId: z.string(), status: z.number().optional() }),
  /** A resumed stream replayed an event already delivered; it was not handed to the SDK again. */
  sse_event_dropped: z.object({ eventId: z.string(), reason: z.string() }),
  reconnect_scheduled: z.object({
    attempt: z.number(),
    max: z.number(),
    nextAt: z.number(),
    delayMs: z.number(),
    lastError: z.string().optional(),
  }),
  reconnect_stopped: z.object({
    reason: z.enum(["cancelled", "gave_up", "auth"]),
    by: z.string().optional(),
    attempt: z.number().optional(),
    attempts: z.number().optional(),
    lastError: z.string().optional(),
  }),
  reconnected: z.object({ attempts: z.number(), afterMs: z.number() }),
  subscriptions_restored: z.object({
    after: z.enum(["session_reset", "reconnect"]),
    restored: z.array(z.string()),
    failed: z.array(z.object({ uri: z.string(), error: z.string() })),
  }),
  /** A 2026-07-28 subscriptions/listen stream opened, closed, failed or retried. */
  listen: z.object({
    event: z.enum(["opened", "closed", "failed", "retry"]),
    filter: z.unknown().optional(),
    honoredFilter: z.unknown().optional(),
    cause: z.string().optional(),
    error: z.string().optional(),
    refused: z.boolean().optional(),
    inMs: z.number().optional(),
    attempt: z.number().optional(),
  }),
  /** A gated tools/call (of a playground model or a tap's client), whole, on every change. */
  tool_approval: toolApproval,
  /**
   * Direction in (app → Loupe) or out: one JSON-RPC message between an MCP app and the host bridge.
   * Spot-checked: everything but `message`, the app's own (large) JSON-RPC message, trusted.
   */
  app_message: spotChecked<AppMessageRecord>(
    z.object({
      appSessionId: z.string(),
      tool: z.string(),
      resourceUri: z.string(),
      direction: z.enum(["app_to_host", "host_to_app"]),
      at: z.number(),
    }),
  ),
  /** A server request of a tapped call was handed to the tap's client. */
  tap_forward: z.object({
    tapId: z.string(),
    method: z.string(),
    callId: z.string().optional(),
    client: z.object({ name: z.string(), version: z.string().optional() }).optional(),
  }),
  /** One request a tap's client made through the tap. */
  tap_exchange: tapExchange,
} as const;
