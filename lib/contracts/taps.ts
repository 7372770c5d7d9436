import { z } from "zod";
import { ApprovalPolicy, ToolPolicies } from "@/lib/contracts/approvals";

/**
 * The MCP tap (issue 10): Loupe serves a connection (or several, as one "aggregate" server) as an
 * MCP server over Streamable HTTP at `http://127.0.0.1:<Loupe's port>/mcp/<tap id>` (and over the
 * legacy HTTP+SSE transport at `…/mcp/<tap id>/sse`, issue 23), so any MCP
 * client (Claude Desktop, Cursor, an ADK McpToolset…) can be pointed at Loupe instead of the
 * server. Every request and reply passing through is recorded on the upstream connection.
 *
 * A tap has its own key, sent as `Authorization: Bearer <key>`; never Loupe's login token (which
 * must not leave the browser tab), no key → 401. The tap id of a single connection's tap is the
 * connection id; an aggregate tap's id starts with `agg_`.
 *
 * Routes:
 *   POST   /api/connections/:id/tap   body TapSettings (optional) → 200 TapSecret (turns it on, or
 *                                      returns the existing tap; `rotate: true` issues a new key)
 *   GET    /api/connections/:id/tap   → 200 ConnectionTap: TapSecret, or { tap: null } when its tap is
 *                                      off (404 not_found:connection only for no such connection)
 *   DELETE /api/connections/:id/tap   → 204 (off; the key stops working at once)
 *   GET    /api/connections/:id       → ConnectionView with `tap?: TapView` (no key)
 *   GET    /api/taps                  → TapView[] (every tap, single and aggregate)
 *   POST   /api/taps                  body AggregateTapInput → 201 TapSecret
 *   GET    /api/taps/:tapId           → TapSecret ; PATCH body TapSettings → TapView ; DELETE → 204
 */

export const TapSettings = z.object({
  /** When a tapped tools/call must wait for the user in the inbox (default "never"). */
  policy: ApprovalPolicy.optional(),
  toolPolicies: ToolPolicies.optional(),
  /** Issue a new key; the old one stops working. */
  rotate: z.boolean().optional(),
});
export type TapSettings = z.infer<typeof TapSettings>;

export const AggregateTapInput = TapSettings.omit({ rotate: true }).extend({
  name: z.string().trim().min(1).max(200),
  connectionIds: z.array(z.string().min(1)).min(1).max(50),
});
export type AggregateTapInput = z.infer<typeof AggregateTapInput>;

/** A downstream client seen on a tap (from its initialize / _meta clientInfo). */
export interface TapClient {
  name: string;
  version?: string;
  /** The protocol revision it spoke. */
  protocolVersion?: string;
  firstSeenAt: number;
  lastSeenAt: number;
}

/**
 * A session Loupe ended or a client it refused on a tap (the per-client and per-tap session caps,
 * requests at once; lib/server/mcp/tap/load.ts), in the words its client read. Kept in memory, the
 * newest few per tap: the tap panel shows them under the clients.
 */
export interface TapTurnedAway {
  at: number;
  /** "ended": Loupe ended one of the client's sessions to make room; "refused": the request got 429 / 503. */
  kind: "ended" | "refused";
  /** The client it happened to (its clientInfo name), when known. */
  client?: string;
  status?: number;
  message: string;
}

export interface TapView {
  id: string;
  kind: "connection" | "aggregate";
  /** Aggregate taps: the name given; connection taps: the connection's name. */
  name: string;
  connectionIds: string[];
  /** The URL to give the MCP client. */
  url: string;
  /** The same tap over the legacy HTTP+SSE transport, for clients that speak only it (`url` + `/sse`). */
  sseUrl: string;
  /** The key's last 4 characters, for recognising it; the whole key only in TapSecret. */
  keyHint: string;
  policy: ApprovalPolicy;
  toolPolicies: ToolPolicies;
  createdAt: number;
  clients: TapClient[];
  /** Sessions ended and clients refused lately, newest first (in memory since Loupe started). */
  turnedAway?: TapTurnedAway[];
}

/** What the user copies into a client config: the view plus the whole key. */
export interface TapSecret {
  tap: TapView;
  url: string;
  key: string;
  /**
   * The absolute path of this Loupe's tap bridge on this machine (the repository's `bin/loupe.mjs`,
   * or the npm package's bin): the offline Claude Desktop snippet runs it with `node`; the default one
   * runs `npx -y loupe-inspector tap` (`npx loupe` would fetch an unrelated npm package named `loupe`).
   */
  bin: string;
}

/**
 * GET /api/connections/:id/tap: the tap with its key, or `{ tap: null }` when the connection is not
 * tapped — a 200, not a 404: the Tap tab asks each time it opens, and every 404 was an error in the
 * browser's console for a state that is no error.
 */
export type ConnectionTap = TapSecret | { tap: null };

/**
 * A `loupe/tap_exchange` entry (issue 10), recorded on the upstream connection for every request
 * a tap's client made (the frames themselves are on the same timeline as any other): who asked,
 * what, and both legs' latency. `totalMs` is the client's wait (the tap's whole handling, an
 * approval included); `upstreamMs` the server's share when it was one call (tools/call: the
 * CallRecord's own duration, linked by `callId`).
 */
export interface TapExchange {
  tapId: string;
  era: "legacy" | "modern";
  method: string;
  /** The tool or prompt name the client used. */
  name?: string;
  /** The JSON-RPC id the client gave the request. */
  downstreamId: string | number;
  client?: { name: string; version?: string };
  startedAt: number;
  totalMs: number;
  upstreamMs?: number;
  callId?: string;
  approvalId?: string;
  outcome: "ok" | "error";
  /** The error the client received, in words. */
  error?: string;
  /** 2026-07-28 tools/call: this leg answered with input_required, naming the keys asked. */
  inputRequired?: string[];
  /** 2026-07-28 tools/call: this leg was the client's retry with inputResponses. */
  resumed?: boolean;
}
