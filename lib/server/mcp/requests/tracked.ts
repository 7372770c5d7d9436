import "server-only";
import { randomUUID } from "node:crypto";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import type { McpClientRequest, McpStaleCause } from "@/lib/contracts/mcp-requests";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { requestKind } from "@/lib/server/mcp/requests/answers";
import type { WireOutcome } from "@/lib/server/mcp/requests/answers";
import { callEndedReason, onlyRunningCall, relatedTaskId } from "@/lib/server/mcp/requests/request-links";
import { mrtrLink } from "@/lib/server/mcp/requests/mrtr-links";
import { callStore } from "@/lib/server/mcp/call-store";

interface TaskState {
  task: Task;
}

export interface Tracked {
  request: McpClientRequest;
  conn: ConnectionHandle;
  /** The connection generation (session) the request arrived in. */
  gen: number;
  /** Settles once: with what Loupe answered, or with the reason the request cannot be answered. */
  outcome: Promise<WireOutcome>;
  settle: (outcome: WireOutcome) => void;
  /** Set when the server asked for the request to run as a task (params.task). */
  task?: TaskState;
}

const TASK_POLL_MS = 1000;
/** How often a waiting request checks whether its tools/call has ended. */
export const CALL_CHECK_MS = 200;

export function deferred(): { promise: Promise<WireOutcome>; resolve: (o: WireOutcome) => void } {
  let resolve!: (o: WireOutcome) => void;
  const promise = new Promise<WireOutcome>((r) => (resolve = r));
  return { promise, resolve };
}

/** The record of a request the server just sent, linked to the call it belongs to (relatedCall: see onlyRunningCall). */
export function newRequest(
  conn: ConnectionHandle,
  method: string,
  jsonrpcId: string | number,
  params: Record<string, unknown>,
): McpClientRequest {
  const request: McpClientRequest = {
    id: randomUUID(),
    connectionId: conn.id,
    connectionName: conn.config.name,
    sessionKey: conn.sessionKey,
    kind: requestKind(method, params),
    jsonrpcId,
    params,
    createdAt: Date.now(),
    status: "pending",
  };
  // An in-band question of a multi round-trip request (2026-07-28) names the request that waits
  // for it from the recorded input_required frame, so it needs no guess.
  const inBand = mrtrLink(conn, method, jsonrpcId, params);
  if (inBand) request.mrtr = inBand.mrtr;
  // A question a task asks (SEP-1686 related-task _meta) belongs to that task, not to whatever
  // tools/call happens to be running: that call ending must not make it stale.
  const related = inBand ? inBand.relatedCall : relatedTaskId(params) === undefined ? onlyRunningCall(conn) : undefined;
  if (related) request.relatedCall = related;
  return request;
}

/** The task Loupe reports for a task-augmented request while the user has not answered. */
export function waitingTask(ttl: number | undefined): Task {
  const now = new Date().toISOString();
  return {
    taskId: randomUUID(),
    status: "working",
    ttl: ttl ?? null,
    createdAt: now,
    lastUpdatedAt: now,
    pollInterval: TASK_POLL_MS,
    statusMessage: "Waiting for the user to answer in Loupe's inbox",
  };
}

/** Why a request went stale, in the words that fit it (an in-band request was never cancelled by id). */
export function staleWhy(t: Tracked, reason: string, cause: McpStaleCause): { reason: string; cause: McpStaleCause } {
  if (t.request.mrtr && cause === "server_cancelled") {
    // An in-band request has no JSON-RPC id the server could cancel: its handler's signal is the
    // waiting request's own, aborted when Loupe gave the call up (cancel, or the connection going).
    const { method, target } = t.request.mrtr;
    const call = t.request.relatedCall ? callStore(t.conn.hub.store).get(t.request.relatedCall.callId) : undefined;
    return {
      cause: "call_ended",
      reason: call
        ? callEndedReason({ tool: call.tool, status: call.status === "running" ? "cancelled" : call.status })
        : `The ${method} of ${target} ended: ${reason}; the server no longer waits for this answer`,
    };
  }
  return { reason, cause };
}
