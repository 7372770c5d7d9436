import "server-only";
import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type {
  ConnectionConfig,
  ConnectionState,
  ConnectionView,
  ConnectStep,
  DiagnosisStep,
  ReconnectInfo,
} from "@/lib/contracts/connections";
import type { Direction, Entry } from "@/lib/contracts/entries";
import type { EntryKind, EntryPayload, ProtocolOfKind } from "@/lib/contracts/entry-kinds";
import { AppError } from "@/lib/errors";
import { AutoReconnect } from "@/lib/server/mcp/auto-reconnect";
import type { ConnectOutcome, ReconnectPolicy } from "@/lib/server/mcp/auto-reconnect";
import type { Hub } from "@/lib/server/hub";
import { errorMessage } from "@/lib/values";
import { diagnoseConnection, pingConnection, runDoctor, setConnectionLogLevel } from "@/lib/server/mcp/connection-checks";
import type { RecordingTransport } from "@/lib/server/mcp/recording-transport";
import { maskConfig } from "@/lib/server/secrets";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { restoreSubscriptions } from "@/lib/server/mcp/resources";
import { startListen, stopListen } from "@/lib/server/mcp/resources/listen";
import { getTaskManager } from "@/lib/server/mcp/tasks/manager";
import { openSession } from "@/lib/server/mcp/session-open";
import {
  describeEra,
  isHttpProbeServerError,
  isHttpProbeTimeout,
  isStdioProbeClose,
  pinFailureMessage,
  unwrapProbeError,
} from "@/lib/server/mcp/era";
import type { LegacyRetry } from "@/lib/server/mcp/era";
import {
  checkRememberedModern,
  forgetEra,
  priorOf,
  recallEra,
  rememberEra,
  rememberedWhy,
  staleVerdictReason,
  verdictStopped,
} from "@/lib/server/mcp/era-memory";
import type { EraVerdict } from "@/lib/server/mcp/era-memory";
import { readAllTools } from "@/lib/server/mcp/tool-pages";
import type { ToolsListing } from "@/lib/server/mcp/tool-pages";
import { classifyConnectError, describeExit, shouldFallBackToSse } from "@/lib/server/mcp/transports";
import type { ObservedStdioTransport, TransportUsed } from "@/lib/server/mcp/transports";
import { nextTick } from "@/lib/server/mcp/connection-handle";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";

export { DEFAULT_RECONNECT_POLICY } from "@/lib/server/mcp/auto-reconnect";
export type { ReconnectPolicy } from "@/lib/server/mcp/auto-reconnect";
export type { ToolsListing } from "@/lib/server/mcp/tool-pages";

const STDERR_TAIL_LINES = 50;

/** One saved MCP server and its live SDK client. All state changes are recorded as entries. */
export class McpConnection implements ConnectionHandle {
  state: ConnectionState = { status: "idle", stderrTail: [], toolsVersion: 0 };
  client: Client | null = null;
  recording: RecordingTransport | null = null;
  /** Bumped on every connect/disconnect so late events of an old transport are ignored. */
  generation = 0;
  private stdio: ObservedStdioTransport | null = null;
  private tools: ToolsListing | null = null;
  /** A fresh id per connect: entries and client requests of one MCP session share it. */
  sessionKey: string | null = null;
  /** Set when Loupe itself closed the session, so calls cut off by it say so. */
  private closeNote: { gen: number; text: string } | null = null;
  /** Set when a remote was lost (network), so calls cut off by it say why. */
  private lostNote: { gen: number; detail: string } | null = null;
  /** Automatic reconnect of a lost remote (never a stdio child). */
  private readonly reconnect = new AutoReconnect({
    conn: this,
    connect: (auto) => this.doConnect(auto),
    fail: (message, step) => this.failConnect(message, step),
  });

  constructor(
    public config: ConnectionConfig,
    readonly hub: Hub,
  ) {}

  /** Backoff of automatic reconnects (tests shorten it). */
  get reconnectPolicy(): ReconnectPolicy {
    return this.reconnect.policy;
  }

  set reconnectPolicy(policy: ReconnectPolicy) {
    this.reconnect.policy = policy;
  }

  get id(): string {
    return this.config.id;
  }

  view(): ConnectionView {
    return { ...maskConfig(this.config), state: this.state };
  }

  /** Records one entry of this connection; the kind fixes the protocol and the raw's type. */
  recordEntry<K extends EntryKind>(protocol: ProtocolOfKind<K>, direction: Direction, kind: K, raw: EntryPayload<K>): Entry {
    return this.hub.record({
      connectionId: this.id,
      sessionKey: this.sessionKey,
      receivedAt: Date.now(),
      sourceTime: null,
      direction,
      protocol,
      kind,
      raw,
    });
  }

  setState(patch: Partial<ConnectionState>): void {
    this.state = { ...this.state, ...patch };
    this.recordEntry("loupe", "local", "status", this.state);
  }

  /**
   * Connects (closing any current session first); failures end up in state, never thrown. A user's
   * connect (also Reconnect and an edit) replaces any automatic reconnect that was scheduled.
   */
  async connect(opts: { restoreSubscriptions?: boolean } = {}): Promise<void> {
    // Subscriptions belong to a session: the user's Reconnect makes them again on the new one (an
    // edit may point at another server, so it starts without them). A scheduled automatic
    // reconnect holds those of the lost session once an attempt has reset the state.
    const subscriptions = opts.restoreSubscriptions
      ? [...new Set([...this.reconnect.heldSubscriptions(), ...(this.state.subscriptions ?? [])])]
      : [];
    this.reconnect.cancel("connect");
    const outcome = await this.doConnect();
    if (outcome.ok && subscriptions.length) await restoreSubscriptions(this, subscriptions, "reconnect");
  }

  /** `auto` is set for an automatic reconnect attempt: its failure is left to the reconnect loop. */
  private async doConnect(auto?: ReconnectInfo): Promise<ConnectOutcome> {
    await this.closeClient("The connection was restarted");
    const gen = this.generation;
    this.sessionKey = randomUUID();
    this.tools = null;
    this.state = { status: "idle", stderrTail: [], toolsVersion: this.state.toolsVersion, ...(auto ? { reconnect: auto } : {}) };
    this.setState({ status: "connecting" });
    let used: TransportUsed = this.config.transport === "stdio" ? "stdio" : "streamable-http";
    try {
      if (this.config.transport === "sse") used = "sse";
      try {
        await this.open(gen, used);
      } catch (error) {
        if (used !== "streamable-http" || !shouldFallBackToSse(unwrapProbeError(error))) throw error;
        this.recordEntry("loupe", "local", "transport_fallback", {
          from: "streamable-http",
          to: "sse",
          reason: errorMessage(error),
        });
        used = "sse";
        await this.open(gen, used);
      }
    } catch (thrown) {
      if (gen !== this.generation) return { ok: false, superseded: true };
      const error = unwrapProbeError(thrown);
      await nextTick();
      const exit = this.stdio?.exit;
      const message =
        pinFailureMessage(thrown, this.config) ??
        (exit ? `The server process ${describeExit(exit)} before the handshake finished` : errorMessage(error));
      await this.closeClient();
      const step = exit ? "closed" : classifyConnectError(error, used);
      if (!auto) await this.failConnect(message, step);
      return { ok: false, message, step, error };
    }
    if (gen !== this.generation) return { ok: false, superseded: true };
    // Streamable HTTP drops list_changed sent during initialization: always list once connected.
    await this.listTools({ refresh: true }).catch(() => undefined);
    return { ok: true };
  }

  /** Shows a failed connect and runs the connection doctor on it. */
  private async failConnect(message: string, step: ConnectStep): Promise<void> {
    this.setState({ status: "error", error: { message, step }, reconnect: undefined });
    // The connection doctor says which step failed, in words; a newer attempt discards it.
    const doctorGen = this.generation;
    const diagnosis = await runDoctor(this);
    if (doctorGen === this.generation && this.state.status === "error") this.setState({ diagnosis });
  }

  private async open(gen: number, used: TransportUsed): Promise<void> {
    // An `auto` connection reuses the era it found last time (no probe); a verdict that stopped
    // being true is forgotten and the server probed again, once.
    const remembered = recallEra(this.id, this.config, used);
    if (remembered) {
      try {
        await this.openOnce(gen, used, null, remembered);
        return;
      } catch (error) {
        if (gen !== this.generation || !verdictStopped(error, remembered)) throw error;
        forgetEra(this.id);
        this.recordEntry("loupe", "local", "era_fallback", {
          reason: staleVerdictReason(error, remembered),
        });
        await this.client?.close().catch(() => undefined);
      }
    }
    try {
      await this.openOnce(gen, used, null);
    } catch (error) {
      if (gen !== this.generation) throw error;
      // A legacy stdio server that exits on the server/discover probe: start it again, handshake only.
      // A legacy HTTP server that never answers it: a fresh transport, handshake only (the SDK
      // falls back on a silent probe over stdio but fails the connect over HTTP).
      const retry: LegacyRetry =
        used === "stdio" && isStdioProbeClose(error)
          ? "stdio_exit"
          : used === "stdio"
            ? null
            : isHttpProbeTimeout(error, this.config)
              ? "http_no_answer"
              : isHttpProbeServerError(error, this.config)
                ? "http_server_error"
                : null;
      if (!retry) throw error;
      this.recordEntry("loupe", "local", "era_fallback", {
        reason:
          retry === "stdio_exit"
            ? "The server process closed on server/discover; restarting it for the initialize handshake"
            : retry === "http_no_answer"
              ? "server/discover got no answer in time; connecting again with the initialize handshake"
              : "server/discover failed with HTTP 5xx; connecting again with the initialize handshake",
      });
      await this.client?.close().catch(() => undefined);
      await this.openOnce(gen, used, retry);
    }
  }

  private async openOnce(gen: number, used: TransportUsed, legacyRetry: LegacyRetry, remembered: EraVerdict | null = null): Promise<void> {
    const config = this.config;
    const { client, recording } = openSession(this, gen, used, {
      setStdio: (stdio) => {
        this.stdio = stdio;
      },
      onStderrLine: (source, line) => this.onStderrLine(source, line),
      onTransportClosed: () => this.onTransportClosed(gen),
      forgetTools: () => {
        this.tools = null;
      },
    });
    this.client = client;
    this.recording = recording;
    await client.connect(recording, {
      timeout: config.requestTimeoutMs,
      ...(legacyRetry ? { prior: { kind: "legacy" as const } } : remembered ? { prior: priorOf(remembered) } : {}),
    });
    if (gen !== this.generation) return;
    // Before the session is shown: a failed check must not look like a lost connection.
    if (remembered) await checkRememberedModern(client, remembered, config.requestTimeoutMs);
    if (gen !== this.generation) return;
    const info = client.getServerVersion();
    const era = describeEra(config, client, recording.discoverProbe, legacyRetry);
    if (remembered) Object.assign(era, { why: rememberedWhy(remembered, era.version), rememberedAt: remembered.at });
    else rememberEra(this.id, config, used, era.mode, era.discover);
    this.setState({
      status: "connected",
      error: undefined,
      transportUsed: used,
      serverInfo: info ? { name: info.name, version: info.version, title: info.title } : undefined,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? recording.protocolVersion,
      era,
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
      pid: this.stdio?.pid ?? undefined,
      connectedAt: Date.now(),
      reconnect: undefined,
    });
    // 2026-07-28: change notifications come only over a subscriptions/listen stream (listen.ts).
    startListen(this, client, gen, (conn) => getTaskManager().recordsFor(conn));
  }

  private onStderrLine(source: ObservedStdioTransport, line: string): void {
    this.recordEntry("mcp", "in", "stderr", { line });
    // Lines of a replaced child are recorded but do not belong in the new session's tail.
    if (source !== this.stdio) return;
    const tail = [...this.state.stderrTail, line].slice(-STDERR_TAIL_LINES);
    this.state = { ...this.state, stderrTail: tail };
  }

  private onTransportClosed(gen: number): void {
    if (gen !== this.generation || this.state.status !== "connected") return;
    const closedGen = ++this.generation;
    this.client = null;
    // Wait a turn so the last stderr lines the child wrote are in the tail we publish.
    const subscriptions = this.state.subscriptions ?? [];
    void nextTick().then(() => {
      if (closedGen !== this.generation) return;
      const error = { message: this.closeReason(), step: "closed" as const };
      getClientRequests().sessionEnded();
      // A remote is reconnected automatically; a stdio child is restarted only by the user.
      this.setState({ status: "error", error, pid: undefined, ...this.reconnect.start(error, subscriptions) });
    });
  }

  /** Why the session ended, for connection state and for calls cut off by it. */
  closeReason(gen?: number): string {
    if (this.closeNote && this.closeNote.gen === gen) return this.closeNote.text;
    if (this.lostNote && this.lostNote.gen === gen) return `The connection to the server was lost (${this.lostNote.detail})`;
    const exit = this.stdio?.exit;
    if (exit) return `The server process ${describeExit(exit)}`;
    return "The connection to the server was closed";
  }

  /** What a request cut off by the end of session `gen` failed with ("… during the call"). */
  cutOffMessage(gen: number, what = "call"): string {
    if (this.lostNote && this.lostNote.gen === gen) {
      return `The connection to the server was lost during the ${what} (${this.lostNote.detail})`;
    }
    return `${this.closeReason(gen)} during the ${what}`;
  }

  /** A remote that stopped answering: the SDK does not close the transport for us. */
  markLost(message: string): void {
    if (this.state.status !== "connected") return;
    this.lostNote = { gen: this.generation, detail: message.charAt(0).toLowerCase() + message.slice(1) };
    this.generation++;
    const client = this.client;
    this.client = null;
    void client?.close().catch(() => undefined);
    getClientRequests().sessionEnded();
    const error = { message, step: "network" as const };
    // The first message says what happened; later ones (after failed attempts) count the retries.
    this.setState({ status: "error", error, ...this.reconnect.start(error, this.state.subscriptions ?? []) });
  }

  /** Also stops automatic reconnects. */
  async disconnect(): Promise<void> {
    this.reconnect.cancel("disconnect");
    await this.closeClient("Disconnected by the user");
    this.setState({ status: "disconnected", error: undefined, pid: undefined, reconnect: undefined });
  }

  private async closeClient(note?: string): Promise<void> {
    if (note && this.client) this.closeNote = { gen: this.generation, text: note };
    await stopListen(this);
    this.generation++;
    const client = this.client;
    this.client = null;
    this.tools = null;
    await client?.close().catch(() => undefined);
    getClientRequests().sessionEnded();
  }

  requireClient(): Client {
    if (!this.client || this.state.status !== "connected") {
      throw new AppError("conflict:not_connected", `"${this.config.name}" is not connected`, {
        status: this.state.status,
      });
    }
    return this.client;
  }

  async listTools(opts: { refresh?: boolean } = {}): Promise<ToolsListing> {
    if (this.tools && !opts.refresh) return this.tools;
    const client = this.requireClient();
    const gen = this.generation;
    // SEP-2243: a 2026-07-28 HTTP connection leaves out tools whose x-mcp-header declarations are invalid.
    const paramHeaders = this.config.transport !== "stdio" && client.getProtocolEra() === "modern";
    const listing = await readAllTools(client, this.config.requestTimeoutMs, { paramHeaders });
    if (gen === this.generation) this.tools = listing;
    return listing;
  }

  /** Round trip of an MCP ping; the result (or the error) is kept in state.lastPing. */
  ping(): Promise<{ ms: number }> {
    return pingConnection(this);
  }

  /** Runs the connection doctor now and keeps its steps in state.diagnosis. */
  diagnose(): Promise<DiagnosisStep[]> {
    return diagnoseConnection(this);
  }

  setLogLevel(level: LoggingLevel): Promise<void> {
    return setConnectionLogLevel(this, level);
  }
}
