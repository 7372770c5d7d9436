import "server-only";
import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectionConfig, ConnectionState, ConnectionView, DiagnosisStep, ReconnectInfo } from "@/lib/contracts/connections";
import type { Direction, Entry } from "@/lib/contracts/entries";
import type { EntryKind, EntryPayload, ProtocolOfKind } from "@/lib/contracts/entry-kinds";
import { AppError } from "@/lib/errors";
import { AutoReconnect } from "@/lib/server/mcp/auto-reconnect";
import type { ConnectOutcome, ReconnectPolicy } from "@/lib/server/mcp/auto-reconnect";
import type { Hub } from "@/lib/server/hub";
import { diagnoseConnection, pingConnection, setConnectionLogLevel, showConnectFailure } from "@/lib/server/mcp/connection-checks";
import type { RecordingTransport } from "@/lib/server/mcp/recording-transport";
import { maskConfig } from "@/lib/server/secrets";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { restoreSubscriptions } from "@/lib/server/mcp/resources";
import { startListen, stopListen } from "@/lib/server/mcp/resources/listen";
import { getTaskManager } from "@/lib/server/mcp/tasks/manager";
import { openSession } from "@/lib/server/mcp/session-open";
import {
  ConnectDeadline,
  connectFailure,
  connectedState,
  noAnswer,
  openAcrossEras,
  openWithSseFallback,
  priorFor,
  sseStartInTime,
} from "@/lib/server/mcp/connection-open";
import type { LegacyRetry } from "@/lib/server/mcp/era";
import { checkRememberedModern } from "@/lib/server/mcp/era-memory";
import type { EraVerdict } from "@/lib/server/mcp/era-memory";
import { SessionEndNotes } from "@/lib/server/mcp/session-end";
import { readAllTools } from "@/lib/server/mcp/tool-pages";
import type { ToolsListing } from "@/lib/server/mcp/tool-pages";
import type { ObservedStdioTransport, TransportUsed } from "@/lib/server/mcp/transports";
import { nextTick } from "@/lib/server/mcp/connection-handle";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";

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
  /** Why sessions ended (Loupe closed one, a remote was lost), so calls cut off by them say so. */
  private readonly ended = new SessionEndNotes();
  /** Automatic reconnect of a lost remote (never a stdio child). */
  private readonly reconnect = new AutoReconnect({
    conn: this,
    connect: (auto) => this.doConnect(auto),
    fail: (message, step) => showConnectFailure(this, message, step),
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
    const attempt: { used: TransportUsed } = {
      used: this.config.transport === "stdio" ? "stdio" : this.config.transport === "sse" ? "sse" : "streamable-http",
    };
    const deadline = new ConnectDeadline(this.config.requestTimeoutMs);
    try {
      await openWithSseFallback(this, attempt, (used) => this.open(gen, used, deadline));
    } catch (thrown) {
      if (gen !== this.generation) return { ok: false, superseded: true };
      await nextTick();
      const { noAnswer: waited, ...failure } = connectFailure(thrown, this.config, this.stdio?.exit, attempt.used);
      await this.closeClient();
      // A server that never answered already had the whole timeout: the doctor's steps follow the answer.
      if (!auto) await showConnectFailure(this, failure.message, failure.step, { background: waited });
      return { ok: false, ...failure };
    } finally {
      deadline.end();
    }
    if (gen !== this.generation) return { ok: false, superseded: true };
    // Streamable HTTP drops list_changed sent during initialization: always list once connected.
    await this.listTools({ refresh: true }).catch(() => undefined);
    return { ok: true };
  }

  private open(gen: number, used: TransportUsed, deadline: ConnectDeadline): Promise<void> {
    return openAcrossEras(this, gen, used, (legacyRetry, remembered) => this.openOnce(gen, used, deadline, legacyRetry, remembered));
  }

  private async openOnce(
    gen: number,
    used: TransportUsed,
    deadline: ConnectDeadline,
    legacyRetry: LegacyRetry,
    remembered: EraVerdict | null,
  ): Promise<void> {
    const { client, recording, sse } = openSession(this, gen, used, deadline.left(), {
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
    // A step the server never answers fails in words once the connect's time is up.
    const silent = () => legacyRetry === "http_no_answer" || recording.discoverProbe?.state === "sent";
    const options = { timeout: deadline.left(), signal: deadline.signal, ...priorFor(legacyRetry, remembered) };
    await sseStartInTime(client.connect(recording, options), sse, deadline).catch((e: unknown) =>
      Promise.reject(noAnswer(e, "initialize", deadline.ms, silent())),
    );
    if (gen !== this.generation) return;
    // Before the session is shown: a failed check must not look like a lost connection.
    if (remembered) {
      await checkRememberedModern(client, remembered, deadline.left()).catch((e: unknown) =>
        Promise.reject(noAnswer(e, "tools/list", deadline.ms, false)),
      );
    }
    if (gen !== this.generation) return;
    this.setState(connectedState(this, { client, recording, used, pid: this.stdio?.pid ?? undefined }, legacyRetry, remembered));
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
    return this.ended.reason(gen, this.stdio?.exit);
  }

  /** What a request cut off by the end of session `gen` failed with ("… during the call"). */
  cutOffMessage(gen: number, what = "call"): string {
    return this.ended.cutOff(gen, what, this.stdio?.exit);
  }

  /** A remote that stopped answering: the SDK does not close the transport for us. */
  markLost(message: string): void {
    if (this.state.status !== "connected") return;
    this.ended.noteLost(this.generation, message);
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
    if (note && this.client) this.ended.noteClosed(this.generation, note);
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
