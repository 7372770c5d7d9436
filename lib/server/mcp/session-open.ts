import "server-only";
import type { Client, VersionNegotiationOptions } from "@modelcontextprotocol/client";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { ConnectionConfig, ProtocolEraSetting } from "@/lib/contracts/connections";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { LoupeClient } from "@/lib/server/mcp/loupe-client";
import { RecordingTransport } from "@/lib/server/mcp/recording-transport";
import type { McpFrameKind } from "@/lib/server/mcp/recording-hooks";
import { attachStderr } from "@/lib/server/mcp/stderr";
import { clientCapabilities, installClientRequestHandlers } from "@/lib/server/mcp/requests";
import { installResourceHandlers } from "@/lib/server/mcp/resources";
import { installTaskHandlers } from "@/lib/server/mcp/tasks";
import { withAppsExtension } from "@/lib/server/mcp/apps/client-extension";
import { sessionResetHooks } from "@/lib/server/mcp/session-reset";
import { remoteTransportAuth } from "@/lib/server/mcp/oauth/connection-auth";
import { createRemoteTransport, createStdioTransport } from "@/lib/server/mcp/transports";
import { ObservedSseTransport } from "@/lib/server/mcp/http-refusal";
import type { ObservedStdioTransport, StreamWatch, TransportUsed } from "@/lib/server/mcp/transports";

const CLIENT_INFO = { name: "loupe", version: "0.1.0" };

/**
 * A server that ignores an unknown request is a legacy one: no need to wait a whole request
 * timeout (over HTTP the connection then retries with the handshake, see McpConnection.open).
 * The probe takes at most half of what is left of the connect, so the handshake keeps the rest.
 */
const PROBE_TIMEOUT_MS = 15_000;

/** The SDK's version negotiation for a connection's `protocolEra` setting; `budgetMs`: what is left of the connect. */
export function versionNegotiation(config: ConnectionConfig, budgetMs = config.requestTimeoutMs): VersionNegotiationOptions {
  const era: ProtocolEraSetting = config.protocolEra ?? "auto";
  const mode: VersionNegotiationOptions["mode"] = era === "auto" ? "auto" : era === "2025-11-25" ? "legacy" : { pin: era };
  // A pinned 2026-07-28 connection has no fallback: its probe may take the whole time.
  const timeoutMs = era === "auto" ? Math.min(Math.ceil(budgetMs / 2), PROBE_TIMEOUT_MS) : budgetMs;
  return { mode, probe: { timeoutMs } };
}

/** What the connection keeps private but a new session must reach. */
export interface SessionHooks {
  /** The stdio transport of this session (null for a remote), set before anything is wired to it. */
  setStdio(stdio: ObservedStdioTransport | null): void;
  onStderrLine(source: ObservedStdioTransport, line: string): void;
  onTransportClosed(): void;
  /** The cached tools/list is stale. */
  forgetTools(): void;
}

/**
 * Wires one session of `conn`: the transport (with the HTTP watch and session-reset hooks), the
 * recording transport around it, and the SDK client with Loupe's handlers. Not yet connected;
 * `budgetMs` is what is left of the connect's time.
 */
export function openSession(
  conn: ConnectionHandle,
  gen: number,
  used: TransportUsed,
  budgetMs: number,
  hooks: SessionHooks,
): { client: Client; recording: RecordingTransport; sse: ObservedSseTransport | null } {
  const config = conn.config;
  // The HTTP layer reports a forgotten session and stream resumptions to the recording transport.
  let recording: RecordingTransport | null = null;
  const watch: StreamWatch = {
    onSessionGone: (sessionId, reason) => recording?.sessionGone(sessionId, reason),
    onResume: (info) => {
      if (gen === conn.generation) conn.recordEntry("loupe", "local", "stream_resumed", info);
    },
    // A resumed stream that replays an event already delivered: dropped, but never silently.
    onDuplicate: (eventId) => {
      if (gen === conn.generation) conn.recordEntry("loupe", "local", "sse_event_dropped", { eventId, reason: "already delivered" });
    },
  };
  const openRemote = (kind: "sse" | "streamable-http") =>
    config.transport === "stdio" ? null : createRemoteTransport(config, kind, remoteTransportAuth(conn), watch);
  const inner = config.transport === "stdio" ? createStdioTransport(config) : openRemote(used === "sse" ? "sse" : "streamable-http")!;
  const stdio = config.transport === "stdio" ? (inner as ObservedStdioTransport) : null;
  hooks.setStdio(stdio);
  if (stdio) attachStderr(stdio, (line) => hooks.onStderrLine(stdio, line));
  recording = new RecordingTransport(inner, {
    record: (direction, kind, raw) => conn.recordEntry<McpFrameKind>("mcp", direction, kind, raw),
    onClosed: () => hooks.onTransportClosed(),
    onError: (error) => {
      // Streamable HTTP never closes on its own when the server dies; after its last retry of
      // the event stream it only reports this error, so that is when the session is lost.
      const gaveUp = /^Maximum reconnection attempts/.test(error.message);
      if (gen === conn.generation && used === "streamable-http" && gaveUp) {
        conn.markLost("The server closed the event stream and did not come back");
      }
      // A legacy SSE session lives on its one stream: once it breaks, the session is gone, even if
      // the client's own retry opens a new stream (a new session that never saw initialize).
      if (gen === conn.generation && used === "sse" && /^SSE error/.test(error.message)) {
        conn.markLost(
          `The server's event stream broke (${error.message}): a legacy SSE session lives on its stream, so Loupe starts a new one`,
        );
      }
    },
    ...(used === "streamable-http"
      ? {
          reopen: () => openRemote("streamable-http")!,
          ...sessionResetHooks(conn, gen, () => {
            hooks.forgetTools();
          }),
        }
      : {}),
  });
  const client = new LoupeClient(CLIENT_INFO, {
    capabilities: withAppsExtension(clientCapabilities(config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES)),
    versionNegotiation: versionNegotiation(config, budgetMs),
  });
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    if (gen !== conn.generation) return;
    hooks.forgetTools();
    conn.setState({ toolsVersion: conn.state.toolsVersion + 1 });
  });
  // Server → client requests (sampling, elicitation, roots) and resource/prompt notifications.
  installClientRequestHandlers(conn, client, gen);
  installResourceHandlers(conn, client, gen);
  installTaskHandlers(conn, client, gen);
  return { client, recording, sse: inner instanceof ObservedSseTransport ? inner : null };
}
