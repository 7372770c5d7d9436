import "server-only";
import { randomUUID } from "node:crypto";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  inputRequired,
} from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";
import { getRegistry } from "@/lib/server/mcp/registry";
import { isModern } from "@/lib/server/mcp/era";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { gateTappedCall } from "@/lib/server/mcp/tap/gate";
import { linkCall, linkRequest, withDownstream } from "@/lib/server/mcp/tap/links";
import { findFlow, startFlow } from "@/lib/server/mcp/tap/modern";
import type { ModernFlow } from "@/lib/server/mcp/tap/modern";
import type { DownstreamLink } from "@/lib/server/mcp/tap/links";
import { recordExchange } from "@/lib/server/mcp/tap/exchange";
import { isPassThrough } from "@/lib/server/mcp/tap/routing";
import type { TapRouting } from "@/lib/server/mcp/tap/routing";
import type { TapRecord } from "@/lib/server/mcp/tap/store";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { callOutcome, connectedUpstream, forward, withoutMeta } from "@/lib/server/mcp/tap/upstream";
import { subscribe, unsubscribe } from "@/lib/server/mcp/resources";
import { instructionsOf, tapCapabilities } from "@/lib/server/mcp/tap/capabilities";
import {
  TapServer,
  createdTaskResult,
  downstreamCapabilitiesMeta,
  madeTask,
  serveTaskMethods,
  tasksOffered,
} from "@/lib/server/mcp/tap/tasks";
import type { CallRecord } from "@/lib/contracts/calls";
import { errorMessage, isRecord } from "@/lib/values";

export const TAP_SERVER_VERSION = "1.0.0";

export type TapEra = "legacy" | "modern";

/** What one served unit (a 2025-11-25 session, or one 2026-07-28 request) knows of its client. */
export interface TapSessionHooks {
  era: TapEra;
  /** 2025-11-25: the resource URIs this session subscribed to (its notifications are filtered by them). */
  subscriptions?: Set<string>;
}

/** The client as its request says: the 2026-07-28 envelope, else what it sent in initialize. */
export function clientOf(server: Server, ctx: ServerContext): { name: string; version?: string } | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const info: unknown = envelope?.[CLIENT_INFO_META_KEY] ?? server.getClientVersion();
  if (!isRecord(info) || typeof info.name !== "string") return undefined;
  return { name: info.name, ...(typeof info.version === "string" ? { version: info.version } : {}) };
}

function capabilitiesOf(server: Server, ctx: ServerContext): Record<string, unknown> | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const caps = envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
  return caps && typeof caps === "object" ? (caps as Record<string, unknown>) : undefined;
}

/** Whether a 2026-07-28 request named a log level in its envelope (without one, the server sends no log messages). */
function asksLogs(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return typeof envelope?.[LOG_LEVEL_META_KEY] === "string";
}

/** One SDK Server that answers for the tap's upstream connections, forwarding each request. */
export async function createTapServer(tap: TapRecord, routing: TapRouting, hooks: TapSessionHooks): Promise<Server> {
  // The capabilities are the upstream's: connect it first if it is not (or say why not).
  const conns = await Promise.all(routing.connectionIds.map((id) => connectedUpstream(id)));
  const name = tap.kind === "aggregate" ? (tap.name ?? tap.id) : conns[0]!.config.name;
  const server = new TapServer(
    { name: `loupe-tap: ${name}`, title: `${name} (through Loupe's tap)`, version: TAP_SERVER_VERSION },
    { capabilities: tapCapabilities(conns, hooks.era), instructions: instructionsOf(conns) },
  );
  const caps = server.getCapabilities();
  const passThrough = isPassThrough(routing);
  const first = routing.connectionIds[0]!;

  /** Runs one forwarded request: notes the client, records the exchange on the upstream connection. */
  const exchange = async <T>(
    ctx: ServerContext,
    method: string,
    connectionId: string,
    work: () => Promise<T>,
    extra: Record<string, unknown> = {},
  ): Promise<T> => {
    const startedAt = Date.now();
    const client = clientOf(server, ctx);
    if (client) getTaps().noteClient(tap.id, { ...client, protocolVersion: server.getNegotiatedProtocolVersion() });
    let outcome: "ok" | "error" = "ok";
    let error: string | undefined;
    try {
      return await work();
    } catch (thrown) {
      outcome = "error";
      error = errorMessage(thrown);
      throw thrown;
    } finally {
      recordExchange(connectionId, {
        tapId: tap.id,
        era: hooks.era,
        method,
        downstreamId: ctx.mcpReq.id,
        ...(client ? { client } : {}),
        startedAt,
        totalMs: Date.now() - startedAt,
        outcome,
        ...(error ? { error } : {}),
        ...extra,
      });
    }
  };

  /** A list merged across connections (aggregate), names mapped; one connection passes through. */
  const list =
    (method: string, key: string, mapName?: boolean) => async (request: { params?: Record<string, unknown> }, ctx: ServerContext) => {
      if (passThrough) return exchange(ctx, method, first, () => forward(first, method, request.params, ctx.mcpReq.signal));
      return exchange(ctx, method, first, async () => {
        const items: unknown[] = [];
        for (const id of routing.connectionIds) {
          // An aggregate's server without the feature (server-filesystem has no resources) is skipped, not a failed list.
          if (!getRegistry().get(id)?.state.capabilities?.[method.split("/")[0]!]) continue;
          const page = await forward(id, method, {}, ctx.mcpReq.signal);
          for (const item of (page[key] as Record<string, unknown>[] | undefined) ?? []) {
            items.push(mapName && typeof item.name === "string" ? { ...item, name: routing.expose(id, item.name) } : item);
          }
        }
        return { [key]: items };
      });
    };

  const resolve = (name: string, what: string) => {
    const target = routing.resolve(name);
    if (!target) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown ${what}: ${name}`);
    return target;
  };

  if ((caps as { extensions?: Record<string, unknown> }).extensions) {
    serveTaskMethods(server, {
      tapId: tap.id,
      connectionIds: tasksOffered(conns),
      declared: (ctx) => capabilitiesOf(server, ctx),
      exchange,
    });
  }
  if (caps.tools) {
    server.setRequestHandler("tools/list", list("tools/list", "tools", true) as never);
    server.setRequestHandler("tools/call", async (request, ctx) => {
      const target = resolve(request.params.name, "tool");
      // Filled by callTool: the CallRecord, its own duration and the approval it waited for.
      const info: Record<string, unknown> = { name: request.params.name };
      return exchange(ctx, "tools/call", target.connectionId, () => callTool(ctx, target, request.params, info), info) as never;
    });
  }

  const callTool = async (
    ctx: ServerContext,
    target: { connectionId: string; name: string },
    params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> },
    info: Record<string, unknown>,
  ) => {
    const conn = await connectedUpstream(target.connectionId);
    const client = clientOf(server, ctx);
    const origin = { kind: "tap" as const, tapId: tap.id, ...(client ? { client } : {}) };
    // The client giving up (notifications/cancelled, or its HTTP request closing) cancels upstream.
    const signals = [ctx.mcpReq.signal, ctx.http?.req?.signal].filter((s): s is AbortSignal => s !== undefined);
    const legSignal = AbortSignal.any(signals);
    const progressToken = params._meta?.progressToken as string | number | undefined;
    // Sent in order, and all of them before the result (the stream closes with the result).
    let sent: Promise<void> = Promise.resolve();
    const relay = (notification: { method: string; params: Record<string, unknown> }) => {
      sent = sent.then(() => ctx.mcpReq.notify(notification as never)).catch(() => undefined);
    };
    const progress =
      progressToken === undefined
        ? undefined
        : (p: { progress: number; total?: number; message?: string }) =>
            relay({ method: "notifications/progress", params: { progressToken, ...p } });
    const flushed = async <T>(value: T): Promise<T> => {
      await sent;
      return value;
    };

    // 2026-07-28: a retry leg of a call that asked its client for input (modern.ts).
    const resumed = hooks.era === "modern" ? findFlow(tap.id, ctx.mcpReq.requestState()) : undefined;
    if (resumed === "unknown") {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Unknown or expired requestState: this call's input round is over (or was never the tap's); call the tool again",
      );
    }
    if (resumed) {
      info.resumed = true;
      resumed.progress = progress;
      resumed.relay = relay;
      resumed.answer(ctx.mcpReq.inputResponses);
      return flushed(await modernStep(conn, resumed, legSignal, info));
    }

    const args = params.arguments ?? {};
    const decision = await gateTappedCall({
      tap: getTaps().get(tap.id) ?? tap,
      connectionId: conn.id,
      tool: target.name,
      ...(params.name !== target.name ? { calledAs: params.name } : {}),
      arguments: args,
      origin,
      signal: legSignal,
    });
    if (decision.approvalId) info.approvalId = decision.approvalId;
    if (decision.action === "reject") {
      return { content: [{ type: "text" as const, text: decision.reason }], isError: true };
    }
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
      send: (method, asked, abort, id) =>
        flow ? flow.ask(method, asked, abort, id) : ctx.mcpReq.send({ method, params: asked } as never, { signal: abort }),
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
          },
        ),
      ).finally(() => unlink?.());
    };
    if (flow) {
      flow.run(run);
      return flushed(await modernStep(conn, flow, legSignal, info));
    }
    const record = await run(legSignal);
    info.callId = record.id;
    if (record.endedAt !== null) info.upstreamMs = record.endedAt - record.startedAt;
    return flushed(outcome(conn, record));
  };

  /** One 2026-07-28 leg: the call's result, or the input its server asked for as input_required. */
  const modernStep = async (conn: ConnectionHandle, flow: ModernFlow, legSignal: AbortSignal, info: Record<string, unknown>) => {
    const step = await flow.next(legSignal);
    if (step.kind === "input") {
      info.inputRequired = Object.keys(step.requests);
      return inputRequired({ inputRequests: step.requests as never, requestState: step.requestState }) as never;
    }
    const record = step.value as CallRecord;
    info.callId = record.id;
    if (record.endedAt !== null) info.upstreamMs = record.endedAt - record.startedAt;
    return outcome(conn, record);
  };

  /** The call's answer; a call the upstream made a task (the downstream opted in) answers its CreateTaskResult. */
  const outcome = (conn: ConnectionHandle, record: CallRecord) =>
    madeTask(record) && hooks.era === "modern" ? createdTaskResult(tap.id, conn, record) : callOutcome(conn, record);

  /**
   * prompts/get and resources/read may make the server ask too (2026-07-28 input_required, or a
   * 2025-11-25 request during them): as for tools/call, the question goes to the tap's client when
   * it declared the capability, in the client's era.
   */
  const forwardAsking = async (ctx: ServerContext, method: string, connectionId: string, params: Record<string, unknown>) => {
    const signals = [ctx.mcpReq.signal, ctx.http?.req?.signal].filter((s): s is AbortSignal => s !== undefined);
    const legSignal = AbortSignal.any(signals);
    const resumed = hooks.era === "modern" ? findFlow(tap.id, ctx.mcpReq.requestState()) : undefined;
    if (resumed === "unknown") {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown or expired requestState: this ${method}'s input round is over; send it again`,
      );
    }
    const answer = async (flow: ModernFlow) => {
      const step = await flow.next(legSignal);
      if (step.kind === "input") return inputRequired({ inputRequests: step.requests as never, requestState: step.requestState }) as never;
      return step.value as Record<string, unknown>;
    };
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
      send: (m, asked, abort, id) =>
        flow ? flow.ask(m, asked, abort, id) : ctx.mcpReq.send({ method: m, params: asked } as never, { signal: abort }),
      notify: (notification) => void ctx.mcpReq.notify(notification as never).catch(() => undefined),
      progress: () => undefined,
      waiting: () => (flow ? flow.waiting : true),
    };
    const run = (signal: AbortSignal) => {
      let unlink: (() => void) | undefined;
      return withDownstream(link, () =>
        forward(connectionId, method, params, signal, (id) => (unlink = linkRequest(link, connectionId, id))),
      ).finally(() => unlink?.());
    };
    if (!flow) return run(legSignal);
    flow.run(run);
    return answer(flow);
  };

  if (caps.resources) {
    server.setRequestHandler("resources/list", list("resources/list", "resources") as never);
    server.setRequestHandler("resources/templates/list", list("resources/templates/list", "resourceTemplates") as never);
    server.setRequestHandler("resources/read", async (request, ctx) => {
      const id = await owner(routing, "resources/list", "resources", "uri", request.params.uri, ctx.mcpReq.signal);
      return exchange(ctx, "resources/read", id, () => forwardAsking(ctx, "resources/read", id, request.params as never) as never);
    });
    if ((caps.resources as { subscribe?: boolean }).subscribe) {
      // Through the connection's own subscriptions: resources/subscribe on a 2025-11-25 upstream,
      // its subscriptions/listen filter on a 2026-07-28 one.
      const holder = `tap:${tap.id}:${randomUUID()}`;
      // What this session holds (uri → connection), let go when the session ends without unsubscribing.
      const held = new Map<string, string>();
      const previousClose = server.onclose;
      server.onclose = () => {
        previousClose?.();
        for (const [uri, connectionId] of held) {
          // A connection deleted meanwhile took its subscriptions along.
          if (!getRegistry().get(connectionId)) continue;
          void unsubscribe(getRegistry().connection(connectionId), uri, holder).catch(() => undefined);
        }
        held.clear();
      };
      const change =
        (method: "resources/subscribe" | "resources/unsubscribe") => async (request: { params: { uri: string } }, ctx: ServerContext) => {
          const uri = request.params.uri;
          const id = await owner(routing, "resources/list", "resources", "uri", uri, ctx.mcpReq.signal);
          return exchange(ctx, method, id, async () => {
            const conn = await connectedUpstream(id);
            // This session is one holder of the connection's subscription among others (the UI's, other sessions').
            await (method === "resources/subscribe" ? subscribe(conn, uri, holder) : unsubscribe(conn, uri, holder)).catch((e: unknown) => {
              throw new ProtocolError(ProtocolErrorCode.InternalError, errorMessage(e));
            });
            if (method === "resources/subscribe") {
              hooks.subscriptions?.add(uri);
              held.set(uri, id);
            } else {
              hooks.subscriptions?.delete(uri);
              held.delete(uri);
            }
            return {};
          });
        };
      server.setRequestHandler("resources/subscribe", change("resources/subscribe") as never);
      server.setRequestHandler("resources/unsubscribe", change("resources/unsubscribe") as never);
    }
  }
  if (caps.prompts) {
    server.setRequestHandler("prompts/list", list("prompts/list", "prompts", true) as never);
    server.setRequestHandler("prompts/get", async (request, ctx) => {
      const target = resolve(request.params.name, "prompt");
      return exchange(
        ctx,
        "prompts/get",
        target.connectionId,
        () => forwardAsking(ctx, "prompts/get", target.connectionId, { ...request.params, name: target.name }) as never,
      );
    });
  }
  if (caps.completions) {
    server.setRequestHandler("completion/complete", async (request, ctx) => {
      const ref = request.params.ref as { type: string; name?: string; uri?: string };
      let id = first;
      let params = withoutMeta(request.params)!;
      if (ref.type === "ref/prompt" && ref.name) {
        const target = resolve(ref.name, "prompt");
        id = target.connectionId;
        params = { ...params, ref: { ...ref, name: target.name } };
      }
      return exchange(ctx, "completion/complete", id, () => forward(id, "completion/complete", params, ctx.mcpReq.signal) as never);
    });
  }
  if (caps.logging) {
    server.setRequestHandler("logging/setLevel", async (request, ctx) => {
      // Every upstream gets the level (an aggregate's servers log to the same client); a 2026-07-28
      // upstream has no logging/setLevel and gets it in each request's _meta (the connection's own way).
      return exchange(ctx, "logging/setLevel", first, async () => {
        for (const id of routing.connectionIds) {
          const conn = await connectedUpstream(id);
          await conn.setLogLevel(request.params.level).catch((e: unknown) => {
            throw new ProtocolError(ProtocolErrorCode.InternalError, errorMessage(e));
          });
        }
        return {};
      });
    });
  }
  return server;
}

/** Which connection serves a URI: the one whose listing names it, else the first (templates). */
async function owner(routing: TapRouting, method: string, key: string, field: string, value: string, signal: AbortSignal): Promise<string> {
  const ids = routing.connectionIds;
  if (ids.length === 1) return ids[0]!;
  for (const id of ids) {
    const page = await forward(id, method, {}, signal).catch(() => undefined);
    const items = (page?.[key] as Record<string, unknown>[] | undefined) ?? [];
    if (items.some((item) => item[field] === value)) return id;
  }
  return ids[0]!;
}
