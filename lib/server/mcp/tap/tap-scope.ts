import "server-only";
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, LOG_LEVEL_META_KEY } from "@modelcontextprotocol/server";
import type { RequestId, Server, ServerContext } from "@modelcontextprotocol/server";
import { recordExchange } from "@/lib/server/mcp/tap/exchange";
import { afterThisTurn } from "@/lib/server/after-turn";
import type { StreamOpened } from "@/lib/server/mcp/tap/roots";
import { getTaps } from "@/lib/server/mcp/tap/store";
import type { TapRecord } from "@/lib/server/mcp/tap/store";
import { errorMessage, isRecord } from "@/lib/values";

export type TapEra = "legacy" | "modern";

/** What one served unit (a 2025-11-25 session, or one 2026-07-28 request) knows of its client. */
export interface TapSessionHooks {
  era: TapEra;
  /** 2025-11-25: the resource URIs this session subscribed to (its notifications are filtered by them). */
  subscriptions?: Set<string>;
  /** 2025-11-25: opened once the session's stream for server→client requests is (roots.ts asks on it). */
  stream?: StreamOpened;
  /** 2025-11-25: aborted when the HTTP request that carried request `id` closed before its answer. */
  leg?: (id: RequestId) => AbortSignal | undefined;
}

/** One tap server's context, shared by its handlers (tap-server.ts, tap-call.ts, tap-asking.ts). */
export interface TapScope {
  server: Server;
  tap: TapRecord;
  hooks: TapSessionHooks;
}

/** The request's 2026-07-28 `_meta` envelope, when it carried one. */
function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  const envelope: unknown = ctx.mcpReq.envelope;
  return isRecord(envelope) ? envelope : undefined;
}

/** The client as its request says: the 2026-07-28 envelope, else what it sent in initialize. */
export function clientOf(server: Server, ctx: ServerContext): { name: string; version?: string } | undefined {
  const info: unknown = envelopeOf(ctx)?.[CLIENT_INFO_META_KEY] ?? server.getClientVersion();
  if (!isRecord(info) || typeof info.name !== "string") return undefined;
  return { name: info.name, ...(typeof info.version === "string" ? { version: info.version } : {}) };
}

/** The capabilities the client declared: in the request's envelope (2026-07-28), else in initialize. */
export function capabilitiesOf(server: Server, ctx: ServerContext): Record<string, unknown> | undefined {
  const caps: unknown = envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
  return isRecord(caps) ? caps : undefined;
}

/** Whether a 2026-07-28 request named a log level in its envelope (without one, the server sends no log messages). */
export function asksLogs(ctx: ServerContext): boolean {
  return typeof envelopeOf(ctx)?.[LOG_LEVEL_META_KEY] === "string";
}

/** Aborted when the client gives up on this leg: notifications/cancelled, or its HTTP request closing. */
export function legSignal({ hooks }: TapScope, ctx: ServerContext): AbortSignal {
  const signals = [ctx.mcpReq.signal, ctx.http?.req?.signal, hooks.leg?.(ctx.mcpReq.id)].filter((s): s is AbortSignal => s !== undefined);
  const [only, ...others] = signals;
  return only && others.length === 0 ? only : anyOf(signals);
}

/**
 * AbortSignal.any without its weak tracking of every source (which showed in the tap's profile per
 * call, issue 23): these sources live no longer than the request, so plain listeners do.
 */
function anyOf(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** Runs one forwarded request: notes the client, records the exchange on the upstream connection. */
export async function runExchange<T>(
  { server, tap, hooks }: TapScope,
  ctx: ServerContext,
  method: string,
  connectionId: string,
  work: () => Promise<T>,
  extra: Record<string, unknown> = {},
): Promise<T> {
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
    // Written after the answer this work resolves to has gone to the client (one turn later).
    const totalMs = Date.now() - startedAt;
    afterThisTurn(() =>
      recordExchange(connectionId, {
        tapId: tap.id,
        era: hooks.era,
        method,
        downstreamId: ctx.mcpReq.id,
        ...(client ? { client } : {}),
        startedAt,
        totalMs,
        outcome,
        ...(error ? { error } : {}),
        ...extra,
      }),
    );
  }
}
