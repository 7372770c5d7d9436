import "server-only";
import type { ServerContext } from "@modelcontextprotocol/server";
import { linkRequest, withDownstream } from "@/lib/server/mcp/tap/links";
import type { DownstreamLink } from "@/lib/server/mcp/tap/links";
import { startFlow } from "@/lib/server/mcp/tap/modern";
import type { ModernFlow } from "@/lib/server/mcp/tap/modern";
import { askDownstream, inputRound, notifyDownstream } from "@/lib/server/mcp/tap/sdk-relay";
import type { Relayed } from "@/lib/server/mcp/tap/sdk-relay";
import { resumedFlow } from "@/lib/server/mcp/tap/tap-call";
import { capabilitiesOf, clientOf, legSignal } from "@/lib/server/mcp/tap/tap-scope";
import type { TapScope } from "@/lib/server/mcp/tap/tap-scope";
import { forward } from "@/lib/server/mcp/tap/upstream";

/**
 * prompts/get and resources/read may make the server ask too (2026-07-28 input_required, or a
 * 2025-11-25 request during them): as for tools/call, the question goes to the tap's client when
 * it declared the capability, in the client's era.
 */
export async function forwardAsking(
  scope: TapScope,
  ctx: ServerContext,
  method: string,
  connectionId: string,
  params: Record<string, unknown>,
): Promise<Relayed> {
  const { server, tap, hooks } = scope;
  const leg = legSignal(scope, ctx);
  const answer = async (flow: ModernFlow): Promise<Relayed> => {
    const step = await flow.next(leg);
    if (step.kind === "input") return inputRound(step);
    return step.value.kind === "result" ? step.value.result : { ...step.value.record };
  };
  const resumed = resumedFlow(scope, ctx, `this ${method}'s input round is over; send it again`);
  if (resumed) {
    resumed.answer(ctx.mcpReq.inputResponses);
    return answer(resumed);
  }
  const client = clientOf(server, ctx);
  const flow = hooks.era === "modern" ? startFlow(tap.id) : undefined;
  if (flow) flow.preset = { ...(ctx.mcpReq.inputResponses ?? {}) };
  const link: DownstreamLink = {
    tapId: tap.id,
    connectionId,
    ...(client ? { client } : {}),
    capabilities: capabilitiesOf(server, ctx),
    send: (m, asked, abort, id) => (flow ? flow.ask(m, asked, abort, id) : askDownstream(ctx, m, asked, abort)),
    notify: (notification) => void notifyDownstream(ctx, notification).catch(() => undefined),
    progress: () => undefined,
    waiting: () => (flow ? flow.waiting : true),
  };
  const run = (signal: AbortSignal) => {
    let unlink: (() => void) | undefined;
    return withDownstream(link, () =>
      forward(connectionId, method, params, signal, (id) => (unlink = linkRequest(link, connectionId, id))),
    ).finally(() => unlink?.());
  };
  if (!flow) return run(leg);
  flow.run(async (signal) => ({ kind: "result", result: await run(signal) }));
  return answer(flow);
}
