import "server-only";
import type { McpClientRequest, McpRoundInfo } from "@/lib/contracts/mcp-requests";
import { findInputOrigin, groupMrtrRounds } from "@/lib/protocols/mcp/mrtr-rounds";
import { pairTraffic, type RequestRow } from "@/lib/protocols/mcp/pairing";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { callStore, stillRunning } from "@/lib/server/mcp/call-store";

/**
 * On a 2026-07-28 connection the SDK fulfils an `input_required` result by calling Loupe's
 * sampling / elicitation handler with the server's key as the request id, then retries the
 * original request on a fresh JSON-RPC id. The handler is not told which request it serves, but
 * the recording transport recorded the input_required frame before the SDK read it: the latest
 * unanswered round asking under that key, in this session, is the logical request that waits.
 */

/** Enough recent frames to hold every request still waiting for input in a busy session. */
const RECENT_FRAMES = 500;

export interface MrtrLink {
  mrtr: McpRoundInfo;
  relatedCall?: McpClientRequest["relatedCall"];
}

export function mrtrLink(
  conn: ConnectionHandle,
  method: string,
  key: string | number,
  params: Record<string, unknown>,
): MrtrLink | undefined {
  if (typeof key !== "string") return undefined;
  const since = conn.state.connectedAt ?? 0;
  const entries = conn.hub.store
    .connectionEntriesOfKinds(conn.id, ["message"], undefined, RECENT_FRAMES)
    .filter((e) => e.receivedAt >= since);
  const rows = pairTraffic(entries);
  const requests = new Map(rows.filter((r): r is RequestRow => r.type === "request").map((r) => [r.key, r]));
  const origin = findInputOrigin(groupMrtrRounds(rows), { key, method, params }, requests);
  if (!origin) return undefined;
  const last = origin.chain.legs[origin.chain.legs.length - 1]!;
  const mrtr: McpRoundInfo = {
    key,
    round: origin.round,
    method: origin.chain.method,
    target: origin.chain.target,
    firstRequestId: origin.firstId,
    ...(last.mintedState !== undefined ? { requestState: last.mintedState } : {}),
  };
  if (origin.chain.method !== "tools/call") return { mrtr };
  // The call runner records the JSON-RPC id of the call's request: the first leg's.
  const call = callStore(conn.hub.store)
    .list(conn.id, { limit: 50 })
    .find((c) => c.requestId === origin.firstId && c.startedAt >= since && stillRunning(c));
  return { mrtr, ...(call ? { relatedCall: { callId: call.id, tool: call.tool } } : {}) };
}
