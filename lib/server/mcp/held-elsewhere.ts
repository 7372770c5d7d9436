import "server-only";
import { CallToolBody, DEFAULT_MAX_TOTAL_TIMEOUT_MS, type CallOrigin, type CallRecord } from "@/lib/contracts/calls";
import type { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { AppError } from "@/lib/errors";
import { askInstance, getCluster, instanceNamed, leaseHolder } from "@/lib/server/cluster/service";
import type { CallAttribution } from "@/lib/server/mcp/call-runner";
import { MCP_LEASE } from "@/lib/server/mcp/held-view";
import type { ToolsListing } from "@/lib/server/mcp/tool-pages";
import { isRecord } from "@/lib/values";

/**
 * A connection another instance holds, used from this one by something that is not an HTTP request
 * (issue 25): a playground conversation running here, a test run, an approval gate reading a tool's
 * annotations. The launcher forwards HTTP requests to the holder; these go to it through the cluster's
 * mailbox instead, with who made the call (`origin`, `approvalId`), and the holder runs and records them
 * as its own. A call stopped here is cancelled there.
 */
/** Over this (JSON characters), a call's record stays in the store and the answer says so. */
const MAX_MESSAGE_CHARS = 1024 * 1024;

/** A cancel's answer is not awaited by anyone: its wait is short. */
const CANCEL_WAIT_MS = 30_000;

const LIST = "mcp:tools/list";
const CALL = "mcp:tools/call";
const CANCEL = "mcp:tools/cancel";

/** What this instance's registry does for another instance's asks. */
export interface HeldHere {
  listTools(id: string, opts: { refresh?: boolean }): Promise<ToolsListing>;
  callTool(id: string, body: CallToolBody, by: CallAttribution): Promise<CallRecord>;
  cancelCall(id: string, callId: string, reason?: string): void;
}

/** The instance holding connection `id` when it is another live one, else undefined (no cluster, held here, or nobody). */
export function holderElsewhere(id: string): string | undefined {
  // Held here (every call of a single instance's or a holder's own): no database read.
  const cluster = getCluster();
  if (!cluster || cluster.runtime.holds(`${MCP_LEASE}:${id}`)) return undefined;
  const found = leaseHolder(MCP_LEASE, id);
  return found && !found.holder.here ? found.holder.instance : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function isListing(value: unknown): value is ToolsListing {
  return isRecord(value) && Array.isArray(value.tools);
}

function isCallRecord(value: unknown): value is CallRecord {
  return isRecord(value) && typeof value.id === "string" && typeof value.status === "string";
}

function isOrigin(value: unknown): value is CallOrigin {
  return isRecord(value) && (value.kind === "playground" || value.kind === "tap" || value.kind === "app");
}

/** Serves the other instances' asks about the connections this one holds (the MCP adapter's boot). */
export function serveHeldConnections(registry: HeldHere, runtime: ClusterRuntime | undefined = getCluster()?.runtime): void {
  if (!runtime) return;
  runtime.on(LIST, (body) => {
    const id = isRecord(body) ? text(body.id) : undefined;
    if (!id) throw new Error("the ask named no connection");
    return registry.listTools(id, { refresh: isRecord(body) && body.refresh === true });
  });
  runtime.on(CALL, async (body) => {
    const id = isRecord(body) ? text(body.id) : undefined;
    if (!id || !isRecord(body)) throw new Error("the ask named no connection");
    const by: CallAttribution = {};
    if (isOrigin(body.origin)) by.origin = body.origin;
    const approvalId = text(body.approvalId);
    if (approvalId) by.approvalId = approvalId;
    const call = await registry.callTool(id, CallToolBody.parse(body.call), by);
    // A large result stays in the shared calls table (the asker reads it there), not in a message.
    return JSON.stringify(call).length > MAX_MESSAGE_CHARS ? { id: call.id, stored: true } : call;
  });
  runtime.on(CANCEL, (body) => {
    const id = isRecord(body) ? text(body.id) : undefined;
    const callId = isRecord(body) ? text(body.callId) : undefined;
    if (!id || !callId) throw new Error("the ask named no call");
    registry.cancelCall(id, callId, isRecord(body) ? text(body.reason) : undefined);
    return null;
  });
}

/** The tools of connection `id`, listed by the instance `to` holding it. */
export async function listToolsThere(to: string, id: string, opts: { refresh?: boolean }): Promise<ToolsListing> {
  const answer = await askInstance(to, LIST, { id, refresh: opts.refresh === true }, 120_000);
  if (!isListing(answer)) throw new Error(`instance ${to} answered something that is not a tool listing`);
  return answer;
}

/** What a call made on another instance needs from here: how long it may take, and its record read from the shared store. */
export interface CallThere {
  /** The connection's own request timeout (a call without one runs that long on the holder). */
  requestTimeoutMs: number;
  /** The call's whole record, read from the shared calls table (its result too large for a message). */
  stored(callId: string): CallRecord | undefined;
}

/**
 * Calls a tool of connection `id` on the instance `to` holding it, which records the call (its id
 * chosen here, so what waits here knows it). Aborting `by.signal` cancels it there, as does giving
 * up on it (its holder judged gone, or too slow). A tap's call (progress, its client's `_meta`, its
 * server's requests for its client) cannot be relayed this way: refused in words.
 */
export async function callToolThere(to: string, id: string, body: CallToolBody, by: CallAttribution, here: CallThere): Promise<CallRecord> {
  if (by.onProgress || by.onStart || by.meta)
    throw new AppError(
      "conflict:connection_elsewhere",
      `This server is held by ${instanceNamed(to)}: a tapped client's call through it, with its progress and requests, runs on that instance only`,
    );
  if (by.signal?.aborted) throw new AppError("cancelled:call", "The call was stopped before it was sent");
  const call = { ...body, callId: body.callId ?? crypto.randomUUID() };
  const ask = { id, call, ...(by.origin ? { origin: by.origin } : {}), ...(by.approvalId ? { approvalId: by.approvalId } : {}) };
  const onAbort = () => {
    const reason = by.signal?.reason instanceof Error ? by.signal.reason.message : text(by.signal?.reason);
    cancelCallThere(to, id, call.callId, reason);
  };
  by.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const runsMs = Math.max(body.timeoutMs ?? here.requestTimeoutMs, body.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS);
    const answer = await askInstance(to, CALL, ask, runsMs + 30_000).catch((error: unknown) => {
      // Given up on (no answer in time, its holder judged gone): it must not run on there unseen. An
      // error the holder answered (an AppError) ended the call there, or named another call's id.
      if (!(error instanceof AppError)) cancelCallThere(to, id, call.callId, "the caller stopped waiting for it");
      throw error;
    });
    const record = isRecord(answer) && answer.stored === true ? here.stored(call.callId) : answer;
    if (!isCallRecord(record)) throw new Error(`instance ${to} answered something that is not a call record`);
    return record;
  } finally {
    by.signal?.removeEventListener("abort", onAbort);
  }
}

/** Cancels call `callId` of connection `id` on the instance `to` running it (nothing waits for its word). */
export function cancelCallThere(to: string, id: string, callId: string, reason?: string): void {
  void askInstance(to, CANCEL, { id, callId, ...(reason ? { reason } : {}) }, CANCEL_WAIT_MS).catch(() => undefined);
}
