import "server-only";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import type { ConnectionConfig, ConnectionState, ConnectStep } from "@/lib/contracts/connections";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import {
  describeEra,
  isHttpProbeServerError,
  isHttpProbeTimeout,
  isStdioProbeClose,
  pinFailureMessage,
  unwrapProbeError,
} from "@/lib/server/mcp/era";
import type { LegacyRetry } from "@/lib/server/mcp/era";
import { forgetEra, priorOf, recallEra, rememberEra, rememberedWhy, staleVerdictReason, verdictStopped } from "@/lib/server/mcp/era-memory";
import type { EraVerdict } from "@/lib/server/mcp/era-memory";
import type { RecordingTransport } from "@/lib/server/mcp/recording-transport";
import { httpFailureWords } from "@/lib/server/mcp/http-refusal";
import type { ObservedSseTransport } from "@/lib/server/mcp/http-refusal";
import { classifyConnectError, describeExit, shouldFallBackToSse } from "@/lib/server/mcp/transports";
import type { ChildExit, TransportUsed } from "@/lib/server/mcp/transports";
import { isRecord } from "@/lib/values";

/*
 * How one connect opens its session (McpConnection.doConnect): over the configured transport with
 * the fallback to HTTP+SSE, in the right protocol era, and what the connection shows after it
 * (the connected state, or a failure in words with the step it failed at).
 */

/** One handshake of a connect: opens a session (session-open.ts) and connects the client in the era given. */
export type HandshakeAttempt = (legacyRetry: LegacyRetry, remembered: EraVerdict | null) => Promise<void>;

const LEGACY_RETRY_REASON: Record<Exclude<LegacyRetry, null>, string> = {
  stdio_exit: "The server process closed on server/discover; restarting it for the initialize handshake",
  http_no_answer: "server/discover got no answer in time; connecting again with the initialize handshake",
  http_server_error: "server/discover failed with HTTP 5xx; connecting again with the initialize handshake",
};

/**
 * Connects in the right protocol era. An `auto` connection reuses the era it found last time (no
 * probe); a verdict that stopped being true is forgotten and the server probed again, once. A
 * legacy server that fails the server/discover probe is connected again with the handshake only.
 */
export async function openAcrossEras(conn: ConnectionHandle, gen: number, used: TransportUsed, attempt: HandshakeAttempt): Promise<void> {
  const remembered = recallEra(conn.id, conn.config, used);
  if (remembered) {
    try {
      await attempt(null, remembered);
      return;
    } catch (error) {
      if (gen !== conn.generation || !verdictStopped(error, remembered)) throw error;
      forgetEra(conn.id);
      conn.recordEntry("loupe", "local", "era_fallback", { reason: staleVerdictReason(error, remembered) });
      await conn.client?.close().catch(() => undefined);
    }
  }
  try {
    await attempt(null, null);
  } catch (error) {
    if (gen !== conn.generation) throw error;
    // A legacy stdio server that exits on the server/discover probe: start it again, handshake only.
    // A legacy HTTP server that never answers it: a fresh transport, handshake only (the SDK
    // falls back on a silent probe over stdio but fails the connect over HTTP).
    const retry: LegacyRetry =
      used === "stdio" && isStdioProbeClose(error)
        ? "stdio_exit"
        : used === "stdio"
          ? null
          : isHttpProbeTimeout(error, conn.config)
            ? "http_no_answer"
            : isHttpProbeServerError(error, conn.config)
              ? "http_server_error"
              : null;
    if (!retry) throw error;
    conn.recordEntry("loupe", "local", "era_fallback", { reason: LEGACY_RETRY_REASON[retry] });
    await conn.client?.close().catch(() => undefined);
    await attempt(retry, null);
  }
}

/** The era the SDK client assumes for a handshake: legacy on a retry, else the remembered one. */
export function priorFor(legacyRetry: LegacyRetry, remembered: EraVerdict | null) {
  return legacyRetry ? { prior: { kind: "legacy" as const } } : remembered ? { prior: priorOf(remembered) } : {};
}

/** The state a finished handshake publishes; a fresh era verdict is remembered for the next connect. */
export function connectedState(
  conn: ConnectionHandle,
  session: { client: Client; recording: RecordingTransport; used: TransportUsed; pid: number | undefined },
  legacyRetry: LegacyRetry,
  remembered: EraVerdict | null,
): Partial<ConnectionState> {
  const { client, recording, used } = session;
  const info = client.getServerVersion();
  const era = describeEra(conn.config, client, recording.discoverProbe, legacyRetry);
  if (remembered) Object.assign(era, { why: rememberedWhy(remembered, era.version), rememberedAt: remembered.at });
  else rememberEra(conn.id, conn.config, used, era.mode, era.discover);
  return {
    status: "connected",
    error: undefined,
    transportUsed: used,
    serverInfo: info ? { name: info.name, version: info.version, title: info.title } : undefined,
    protocolVersion: client.getNegotiatedProtocolVersion() ?? recording.protocolVersion,
    era,
    capabilities: client.getServerCapabilities(),
    instructions: client.getInstructions(),
    pid: session.pid,
    connectedAt: Date.now(),
    reconnect: undefined,
  };
}

/**
 * Opens over `attempt.used`; a Streamable HTTP server that refuses the way an old HTTP+SSE server
 * does is tried again over SSE (recorded). `attempt.used` names the last transport tried.
 */
export async function openWithSseFallback(
  conn: ConnectionHandle,
  attempt: { used: TransportUsed },
  open: (used: TransportUsed) => Promise<void>,
): Promise<void> {
  try {
    await open(attempt.used);
  } catch (error) {
    if (attempt.used !== "streamable-http" || !shouldFallBackToSse(unwrapProbeError(error))) throw error;
    conn.recordEntry("loupe", "local", "transport_fallback", {
      from: "streamable-http",
      to: "sse",
      reason: httpFailureWords(unwrapProbeError(error)),
    });
    attempt.used = "sse";
    await open(attempt.used);
  }
}

/**
 * One connect's time: the request timeout bounds the whole connect (the server/discover probe, the
 * handshake, a legacy retry, the SSE fallback), not each request of it. Its signal cuts the
 * handshake that is still waiting when the time is up.
 */
export class ConnectDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly at: number;

  constructor(readonly ms: number) {
    this.at = Date.now() + ms;
    const timedOut = new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout: ms });
    this.timer = setTimeout(() => this.controller.abort(timedOut), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** What is left of it (at least 1 ms). */
  left(): number {
    return Math.max(1, this.at - Date.now());
  }

  end(): void {
    clearTimeout(this.timer);
  }
}

/** A step of the connect the server never answered, said with the request it did not answer. */
export class NoAnswerError extends Error {
  constructor(
    readonly method: string,
    ms: number,
    note = "",
    message = `The server did not answer ${method} within ${seconds(ms)} s${note}`,
  ) {
    super(message);
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/**
 * The SDK bounds each request of a connect by its timeout, but not the transport's start: a legacy
 * SSE server whose event stream never names its endpoint (a proxy buffering the stream) held the
 * connect for ever. When the connect's time is up and that start still waits, this closes the
 * stream (the client does not own the transport yet while it negotiates) and fails it in words.
 */
export async function sseStartInTime(connect: Promise<void>, sse: ObservedSseTransport | null, deadline: ConnectDeadline): Promise<void> {
  if (!sse) return connect;
  const signal = deadline.signal;
  let onAbort = (): void => undefined;
  const cut = new Promise<never>((_, reject) => {
    onAbort = () => {
      if (sse.phase === "started") return;
      void sse.close().catch(() => undefined);
      if (sse.phase === "unanswered") reject(new NoAnswerError("the event stream's GET", deadline.ms));
      else {
        const words = `The server opened its event stream but sent no endpoint event within ${seconds(deadline.ms)} s (is a proxy buffering it?)`;
        reject(new NoAnswerError("the endpoint event", deadline.ms, "", words));
      }
    };
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  try {
    await Promise.race([connect, cut]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/**
 * A request timeout of the connect, as the request it cut (`initialize`, `tools/list`); the
 * silent server/discover probe stays the SDK's error, which openAcrossEras reads to retry.
 */
export function noAnswer(error: unknown, method: string, ms: number, probeSilent: boolean): unknown {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.RequestTimeout || /probe/i.test(error.message)) return error;
  return new NoAnswerError(method, ms, probeSilent ? " (nor server/discover before it)" : "");
}

/** A server/discover probe that got no answer, in words (a pinned 2026-07-28 connection over HTTP fails on it). */
function probeNoAnswer(error: unknown): string | null {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.RequestTimeout || !/probe/i.test(error.message)) return null;
  const ms = isRecord(error.data) && typeof error.data.timeout === "number" ? error.data.timeout : null;
  return ms === null ? "The server did not answer server/discover in time" : new NoAnswerError("server/discover", ms).message;
}

/**
 * A failed connect in words and the step it failed at; a stdio child that exited says so first,
 * except after a step the server never answered (Loupe ended the process then). `noAnswer`: the
 * connect waited its whole time for the server.
 */
export function connectFailure(
  thrown: unknown,
  config: ConnectionConfig,
  exit: ChildExit | null | undefined,
  used: TransportUsed,
): { message: string; step: ConnectStep; error: unknown; noAnswer: boolean } {
  const error = unwrapProbeError(thrown);
  if (error instanceof NoAnswerError) return { message: error.message, step: "protocol", error, noAnswer: true };
  const silent = probeNoAnswer(error);
  const message =
    pinFailureMessage(thrown, config) ??
    silent ??
    (exit ? `The server process ${describeExit(exit)} before the handshake finished` : httpFailureWords(error));
  return { message, step: exit ? "closed" : classifyConnectError(error, used), error, noAnswer: silent !== null };
}
