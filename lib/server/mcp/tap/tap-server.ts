import "server-only";
import { randomUUID } from "node:crypto";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import { getRegistry } from "@/lib/server/mcp/registry";
import { subscribe, unsubscribe } from "@/lib/server/mcp/resources";
import { instructionsOf, tapCapabilities } from "@/lib/server/mcp/tap/capabilities";
import { isPassThrough } from "@/lib/server/mcp/tap/routing";
import type { TapRouting } from "@/lib/server/mcp/tap/routing";
import { StreamOpened, forwardRoots } from "@/lib/server/mcp/tap/roots";
import { relayHandler } from "@/lib/server/mcp/tap/sdk-relay";
import type { Relayed } from "@/lib/server/mcp/tap/sdk-relay";
import type { TapRecord } from "@/lib/server/mcp/tap/store";
import { forwardAsking } from "@/lib/server/mcp/tap/tap-asking";
import { tapToolCall } from "@/lib/server/mcp/tap/tap-call";
import { capabilitiesOf, runExchange } from "@/lib/server/mcp/tap/tap-scope";
import type { TapScope, TapSessionHooks } from "@/lib/server/mcp/tap/tap-scope";
import { TapServer } from "@/lib/server/mcp/tap/tap-sdk-server";
import { serveTaskMethods, tasksOffered } from "@/lib/server/mcp/tap/tasks";
import { connectedUpstream, forward, withoutMeta } from "@/lib/server/mcp/tap/upstream";
import { errorMessage, isRecord } from "@/lib/values";

export const TAP_SERVER_VERSION = "1.0.0";

export type { TapEra, TapSessionHooks } from "@/lib/server/mcp/tap/tap-scope";

/** The items of a list page (`tools`, `resources`…), as the upstream sent them. */
function itemsOf(page: Relayed | undefined, key: string): unknown[] {
  const items = page?.[key];
  return Array.isArray(items) ? items : [];
}

/** A stream known to be open (a session whose transport always has one). */
function openStream(): StreamOpened {
  const stream = new StreamOpened();
  stream.open();
  return stream;
}

/** One SDK Server that answers for the tap's upstream connections, forwarding each request. */
export async function createTapServer(tap: TapRecord, routing: TapRouting, hooks: TapSessionHooks): Promise<Server> {
  // The capabilities are the upstream's: connect it first if it is not (or say why not).
  const conns = await Promise.all(routing.connectionIds.map((id) => connectedUpstream(id)));
  const name = tap.kind === "aggregate" ? (tap.name ?? tap.id) : conns[0]!.config.name;
  const server = new TapServer(
    { name: `loupe-tap: ${name}`, title: `${name} (through Loupe's tap)`, version: TAP_SERVER_VERSION },
    { capabilities: tapCapabilities(conns, hooks.era), instructions: instructionsOf(conns) },
    hooks.era,
  );
  const scope: TapScope = { server, tap, hooks };
  const caps = server.getCapabilities();
  const passThrough = isPassThrough(routing);
  const first = routing.connectionIds[0]!;
  const exchange = <T>(ctx: ServerContext, method: string, connectionId: string, work: () => Promise<T>, extra?: Record<string, unknown>) =>
    runExchange(scope, ctx, method, connectionId, work, extra);

  /** A list merged across connections (aggregate), names mapped; one connection passes through. */
  const list =
    (method: string, key: string, mapName?: boolean) =>
    async (request: { params?: Record<string, unknown> }, ctx: ServerContext): Promise<Relayed> => {
      if (passThrough) return exchange(ctx, method, first, () => forward(first, method, request.params, ctx.mcpReq.signal));
      return exchange(ctx, method, first, async () => {
        const items: unknown[] = [];
        for (const id of routing.connectionIds) {
          // An aggregate's server without the feature (server-filesystem has no resources) is skipped, not a failed list.
          if (!getRegistry().get(id)?.state.capabilities?.[method.split("/")[0]!]) continue;
          const page = await forward(id, method, {}, ctx.mcpReq.signal);
          for (const item of itemsOf(page, key)) {
            items.push(
              mapName && isRecord(item) && typeof item.name === "string" ? { ...item, name: routing.expose(id, item.name) } : item,
            );
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

  if (hooks.era === "legacy") forwardRoots(server, tap.id, routing.connectionIds, hooks.stream ?? openStream());
  if (caps.extensions) {
    serveTaskMethods(server, {
      tapId: tap.id,
      connectionIds: tasksOffered(conns),
      declared: (ctx) => capabilitiesOf(server, ctx),
      exchange,
    });
  }
  if (caps.tools) {
    relayHandler(server, "tools/list", list("tools/list", "tools", true));
    server.relayCall(async (request, ctx) => {
      const target = resolve(request.params.name, "tool");
      // Filled by tapToolCall: the CallRecord, its own duration and the approval it waited for.
      const info: Record<string, unknown> = { name: request.params.name };
      return exchange(ctx, "tools/call", target.connectionId, () => tapToolCall(scope, ctx, target, request.params, info), info);
    });
  }
  if (caps.resources) {
    relayHandler(server, "resources/list", list("resources/list", "resources"));
    relayHandler(server, "resources/templates/list", list("resources/templates/list", "resourceTemplates"));
    relayHandler(server, "resources/read", async (request, ctx) => {
      const id = await owner(routing, "resources/list", "resources", "uri", request.params.uri, ctx.mcpReq.signal);
      return exchange(ctx, "resources/read", id, () => forwardAsking(scope, ctx, "resources/read", id, request.params));
    });
    if (caps.resources.subscribe) serveSubscriptions(scope, routing);
  }
  if (caps.prompts) {
    relayHandler(server, "prompts/list", list("prompts/list", "prompts", true));
    relayHandler(server, "prompts/get", async (request, ctx) => {
      const target = resolve(request.params.name, "prompt");
      return exchange(ctx, "prompts/get", target.connectionId, () =>
        forwardAsking(scope, ctx, "prompts/get", target.connectionId, { ...request.params, name: target.name }),
      );
    });
  }
  if (caps.completions) {
    relayHandler(server, "completion/complete", async (request, ctx) => {
      const ref = request.params.ref;
      let id = first;
      let params = withoutMeta(request.params)!;
      if (ref.type === "ref/prompt" && ref.name) {
        const target = resolve(ref.name, "prompt");
        id = target.connectionId;
        params = { ...params, ref: { ...ref, name: target.name } };
      }
      return exchange(ctx, "completion/complete", id, () => forward(id, "completion/complete", params, ctx.mcpReq.signal));
    });
  }
  if (caps.logging) {
    relayHandler(server, "logging/setLevel", async (request, ctx) => {
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

/**
 * resources/subscribe and unsubscribe, through the connection's own subscriptions:
 * resources/subscribe on a 2025-11-25 upstream, its subscriptions/listen filter on a 2026-07-28 one.
 * This session is one holder of the connection's subscription among others (the UI's, other
 * sessions'); what it holds is let go when it ends without unsubscribing.
 */
function serveSubscriptions(scope: TapScope, routing: TapRouting): void {
  const { server, tap, hooks } = scope;
  const holder = `tap:${tap.id}:${randomUUID()}`;
  // What this session holds (uri → connection).
  const held = new Map<string, string>();
  const previousClose = server.onclose;
  server.onclose = () => {
    previousClose?.();
    for (const [uri, connectionId] of held) {
      // A connection deleted meanwhile took its subscriptions along.
      if (!getRegistry().has(connectionId)) continue;
      void unsubscribe(getRegistry().connection(connectionId), uri, holder).catch(() => undefined);
    }
    held.clear();
  };
  const change =
    (method: "resources/subscribe" | "resources/unsubscribe") =>
    async (request: { params: { uri: string } }, ctx: ServerContext): Promise<Relayed> => {
      const uri = request.params.uri;
      const id = await owner(routing, "resources/list", "resources", "uri", uri, ctx.mcpReq.signal);
      return runExchange(scope, ctx, method, id, async () => {
        const conn = await connectedUpstream(id);
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
  relayHandler(server, "resources/subscribe", change("resources/subscribe"));
  relayHandler(server, "resources/unsubscribe", change("resources/unsubscribe"));
}

/** Which connection serves a URI: the one whose listing names it, else the first (templates). */
async function owner(routing: TapRouting, method: string, key: string, field: string, value: string, signal: AbortSignal): Promise<string> {
  const ids = routing.connectionIds;
  if (ids.length === 1) return ids[0]!;
  for (const id of ids) {
    const page = await forward(id, method, {}, signal).catch(() => undefined);
    if (itemsOf(page, key).some((item) => isRecord(item) && item[field] === value)) return id;
  }
  return ids[0]!;
}
