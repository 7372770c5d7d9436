import "server-only";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { isModern } from "@/lib/server/mcp/era";
import { getRegistry } from "@/lib/server/mcp/registry";
import { gateTappedCall } from "@/lib/server/mcp/tap/gate";
import { linkCall, withDownstream } from "@/lib/server/mcp/tap/links";
import type { DownstreamLink } from "@/lib/server/mcp/tap/links";
import { findFlow, startFlow } from "@/lib/server/mcp/tap/modern";
import type { ModernFlow } from "@/lib/server/mcp/tap/modern";
import { askDownstream, inputRound, notifyDownstream } from "@/lib/server/mcp/tap/sdk-relay";
import type { Relayed } from "@/lib/server/mcp/tap/sdk-relay";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { asksLogs, capabilitiesOf, clientOf, legSignal } from "@/lib/server/mcp/tap/tap-scope";
import type { TapScope } from "@/lib/server/mcp/tap/tap-scope";
import { createdTaskResult, downstreamCapabilitiesMeta, madeTask } from "@/lib/server/mcp/tap/tasks";
import { callOutcome, connectedUpstream } from "@/lib/server/mcp/tap/upstream";

type Progress = { progress: number; total?: number; message?: string };

/** A tools/call as the tap's client sent it. */
export interface TappedCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: { progressToken?: string | number };
}

/**
 * The flow a 2026-07-28 retry leg resumes (modern.ts); undefined for a new request. A requestState
 * naming no running round of this tap is refused: `again` says what the client should do instead.
 */
export function resumedFlow({ tap, hooks }: TapScope, ctx: ServerContext, again: string): ModernFlow | undefined {
  const resumed = hooks.era === "modern" ? findFlow(tap.id, ctx.mcpReq.requestState()) : undefined;
  if (resumed === "unknown") throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown or expired requestState: ${again}`);
  return resumed;
}

/**
 * One tapped tools/call: the approval gate (the tap's policy), then the call through the
 * connection's CallRunner (history, traffic), its server's questions routed to the tap's client
 * (links.ts), its progress and log messages relayed on the call's own stream. On 2026-07-28 a call
 * whose server asks runs as a flow of input rounds (modern.ts). `info` is filled for the recorded
 * exchange: the CallRecord, its own duration and the approval it waited for.
 */
export async function tapToolCall(
  scope: TapScope,
  ctx: ServerContext,
  target: { connectionId: string; name: string },
  params: TappedCallParams,
  info: Record<string, unknown>,
): Promise<Relayed> {
  const { server, tap, hooks } = scope;
  const conn = await connectedUpstream(target.connectionId);
  const client = clientOf(server, ctx);
  const origin = { kind: "tap" as const, tapId: tap.id, ...(client ? { client } : {}) };
  const leg = legSignal(scope, ctx);
  const progressToken = params._meta?.progressToken;
  // Sent in order, and all of them before the result (the stream closes with the result).
  let sent: Promise<void> = Promise.resolve();
  const relay = (notification: { method: string; params: Relayed }) => {
    sent = sent.then(() => notifyDownstream(ctx, notification)).catch(() => undefined);
  };
  const progress =
    progressToken === undefined ? undefined : (p: Progress) => relay({ method: "notifications/progress", params: { progressToken, ...p } });
  const flushed = async (value: Relayed): Promise<Relayed> => {
    await sent;
    return value;
  };

  // 2026-07-28: a retry leg of a call that asked its client for input (modern.ts).
  const resumed = resumedFlow(scope, ctx, "this call's input round is over (or was never the tap's); call the tool again");
  if (resumed) {
    info.resumed = true;
    resumed.progress = progress;
    resumed.relay = relay;
    resumed.answer(ctx.mcpReq.inputResponses);
    return flushed(await modernStep(scope, conn, resumed, leg, info));
  }

  const decision = await gateTappedCall({
    tap: getTaps().get(tap.id) ?? tap,
    connectionId: conn.id,
    tool: target.name,
    ...(params.name !== target.name ? { calledAs: params.name } : {}),
    arguments: params.arguments ?? {},
    origin,
    signal: leg,
  });
  if (decision.approvalId) info.approvalId = decision.approvalId;
  if (decision.action === "reject") return { content: [{ type: "text", text: decision.reason }], isError: true };
  if (decision.action === "stale") throw new ProtocolError(ProtocolErrorCode.InternalError, decision.reason);

  const flow = hooks.era === "modern" ? startFlow(tap.id) : undefined;
  if (flow) {
    flow.progress = progress;
    flow.relay = relay;
    flow.preset = { ...(ctx.mcpReq.inputResponses ?? {}) };
  }
  const link: DownstreamLink = {
    tapId: tap.id,
    connectionId: conn.id,
    ...(client ? { client } : {}),
    capabilities: capabilitiesOf(server, ctx),
    send: (method, asked, abort, id) => (flow ? flow.ask(method, asked, abort, id) : askDownstream(ctx, method, asked, abort)),
    notify: (notification) => {
      // 2026-07-28: a request that named no log level gets no log messages (the upstream's may
      // come from the level Loupe's own client asked for).
      if (notification.method === "notifications/message" && hooks.era === "modern" && !asksLogs(ctx)) return;
      if (flow) flow.relay?.(notification);
      else relay(notification);
    },
    progress: (p) => (flow ? flow.progress?.(p) : progress?.(p)),
    waiting: () => (flow ? flow.waiting : true),
  };
  // 2026-07-28 on both sides: the upstream learns what the tap's client declared (sampling,
  // elicitation, roots) per request, so a server that needs one it lacks answers -32021 to it,
  // as the spec requires; a server that asks anyway still reaches Loupe's inbox (links.ts).
  const upstreamMeta =
    hooks.era === "modern" && isModern(conn.state.era) ? downstreamCapabilitiesMeta(conn, capabilitiesOf(server, ctx)) : undefined;
  const run = (signal: AbortSignal) => {
    let unlink: (() => void) | undefined;
    return withDownstream(link, () =>
      getRegistry().callTool(
        conn.id,
        { name: target.name, arguments: decision.arguments },
        {
          origin,
          ...(decision.approvalId ? { approvalId: decision.approvalId } : {}),
          signal,
          ...(upstreamMeta ? { meta: upstreamMeta } : {}),
          // Progress is relayed from the recorded frames (links.ts), not from the SDK's callback.
          onStart: (r) => (unlink = linkCall(link, r)),
          // The answer goes to the tap's client before the finished call is written.
          recordAfterAnswer: true,
        },
      ),
    ).finally(() => unlink?.());
  };
  if (flow) {
    flow.run(async (signal) => ({ kind: "call", record: await run(signal) }));
    return flushed(await modernStep(scope, conn, flow, leg, info));
  }
  const record = await run(leg);
  noteRecord(info, record);
  return flushed(outcome(scope, conn, record));
}

/** One 2026-07-28 leg: the call's result, or the input its server asked for as input_required. */
async function modernStep(scope: TapScope, conn: ConnectionHandle, flow: ModernFlow, leg: AbortSignal, info: Record<string, unknown>) {
  const step = await flow.next(leg);
  if (step.kind === "input") {
    info.inputRequired = Object.keys(step.requests);
    return inputRound(step);
  }
  if (step.value.kind !== "call")
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Loupe's tap: this requestState is not a tools/call's");
  noteRecord(info, step.value.record);
  return outcome(scope, conn, step.value.record);
}

function noteRecord(info: Record<string, unknown>, record: CallRecord): void {
  info.callId = record.id;
  if (record.endedAt !== null) info.upstreamMs = record.endedAt - record.startedAt;
}

/** The call's answer; a call the upstream made a task (the downstream opted in) answers its CreateTaskResult. */
function outcome({ tap, hooks }: TapScope, conn: ConnectionHandle, record: CallRecord): Relayed {
  return madeTask(record) && hooks.era === "modern" ? createdTaskResult(tap.id, conn, record) : callOutcome(conn, record);
}
