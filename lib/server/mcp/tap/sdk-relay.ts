import "server-only";
import { inputRequired } from "@modelcontextprotocol/server";
import type { HandlerResultTypeMap, RequestMethod, RequestTypeMap, Server, ServerContext } from "@modelcontextprotocol/server";
import type { FlowStep } from "@/lib/server/mcp/tap/modern";

/** JSON as a peer sent it. */
export type Relayed = Record<string, unknown>;

/*
 * The tap relays JSON as its peers sent it: the upstream's answers to the tap's client, the
 * upstream's questions to that client, the client's answers back. The SDK types each spec method's
 * request and result exactly; these helpers are the one place relayed JSON meets those types (the
 * SDK still encodes each message for the client's era on the wire, and each peer validates what it
 * receives).
 */

/** Registers a spec method's handler whose answer is relayed as the upstream gave it. */
export function relayHandler<M extends RequestMethod>(
  server: Server,
  method: M,
  handler: (request: RequestTypeMap[M], ctx: ServerContext) => Promise<Relayed>,
): void {
  server.setRequestHandler(method, handler as (request: RequestTypeMap[M], ctx: ServerContext) => Promise<HandlerResultTypeMap[M]>);
}

/** Sends the upstream's question (sampling, elicitation, roots) to the tap's client on the current request; resolves with its answer. */
export function askDownstream(ctx: ServerContext, method: string, params: Relayed, signal: AbortSignal): Promise<Relayed> {
  return ctx.mcpReq.send({ method: method as RequestMethod, params }, { signal });
}

/** Sends the upstream's notification (progress, a log message) on the current request's stream. */
export function notifyDownstream(ctx: ServerContext, notification: { method: string; params: Relayed }): Promise<void> {
  return ctx.mcpReq.notify(notification);
}

/** A 2026-07-28 input round: the upstream's questions as the `input_required` result the client answers on its retry. */
export function inputRound(step: Extract<FlowStep, { kind: "input" }>): Relayed {
  return inputRequired({
    inputRequests: step.requests as Parameters<typeof inputRequired>[0]["inputRequests"],
    requestState: step.requestState,
  });
}
