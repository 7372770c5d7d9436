import "server-only";
import { randomUUID } from "node:crypto";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { CallRecord, CallToolBody } from "@/lib/contracts/calls";
import type { ConnectionConfig, ConnectionInput, ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { AppError } from "@/lib/errors";
import { CallRunner } from "@/lib/server/mcp/call-runner";
import type { CallAttribution } from "@/lib/server/mcp/call-runner";
import { callToolThere, cancelCallThere, holderElsewhere, listToolsThere } from "@/lib/server/mcp/held-elsewhere";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import type { Hub } from "@/lib/server/hub";
import { McpConnection } from "@/lib/server/mcp/connection";
import { getClientRequests } from "@/lib/server/mcp/requests";
import type { ToolsListing } from "@/lib/server/mcp/tool-pages";
import { mergeSecrets } from "@/lib/server/secrets";
import { forgetOAuthIfRetargeted } from "@/lib/server/mcp/oauth/connection-auth";
import { forgetEra, forgetEraIfRetargeted } from "@/lib/server/mcp/era-memory";
import { callStore } from "@/lib/server/mcp/call-store";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import type { PeerTable } from "@/lib/server/peers/table";
import { readOAuth } from "@/lib/server/mcp/oauth/oauth-store";
import { getCluster } from "@/lib/server/cluster/service";
import { heldView, MCP_LEASE } from "@/lib/server/mcp/held-view";

export type { ToolsListing } from "@/lib/server/mcp/tool-pages";

export interface CreateOptions {
  /** Fixed id (boot code uses "demo"); an existing connection with it is replaced. */
  id?: string;
  builtin?: boolean;
  /** Default true: connect right after saving. */
  connect?: boolean;
}

/**
 * All live MCP connections (STYLE rule 3): route handlers look connections up here and never
 * build clients themselves. Saved configs are loaded from the store on first use.
 */
export class Registry {
  private readonly connections = new Map<string, McpConnection>();
  private readonly calls: CallRunner;
  /** Told after a connection is deleted (the approvals desk makes its waiting calls stale). */
  private readonly removeListeners = new Set<(id: string) => void>();
  /** The saved configs (lib/server/mcp/connection-store.ts); deleting one deletes its rows with it. */
  readonly table: PeerTable<ConnectionConfig>;

  constructor(readonly hub: Hub) {
    this.calls = new CallRunner(hub.store);
    this.table = connectionTable(hub.store);
    for (const config of this.table.list()) {
      this.connections.set(config.id, new McpConnection(config, hub));
    }
  }

  list(): ConnectionView[] {
    return [...this.connections.values()].map((c) => heldView(c.view()));
  }

  /** Whether there is a connection with that id (a tap asks on each request: no view is built). */
  has(id: string): boolean {
    return this.connections.has(id);
  }

  /** The connection, or undefined when there is none with that id. */
  get(id: string): ConnectionView | undefined {
    const conn = this.connections.get(id);
    return conn && heldView(conn.view());
  }

  /** Like get(), but a missing id is a not_found AppError (for route handlers). */
  view(id: string): ConnectionView {
    return heldView(this.require(id).view());
  }

  /**
   * Reads the saved configs again (another instance sharing the database added, edited or removed
   * one: lib/server/mcp/leased.ts, every round of the leases); the ids saved now.
   */
  syncSaved(): string[] {
    const saved = new Map(this.table.list().map((config) => [config.id, config]));
    for (const [id, conn] of this.connections) {
      if (saved.has(id)) continue;
      this.connections.delete(id);
      void conn.disconnect();
      for (const listener of this.removeListeners) listener(id);
    }
    for (const config of saved.values()) {
      const conn = this.connections.get(config.id);
      if (!conn) this.connections.set(config.id, new McpConnection(config, this.hub));
      else if (JSON.stringify(conn.config) !== JSON.stringify(config)) conn.config = config;
    }
    return [...saved.keys()];
  }

  /** Connects, or with several instances on one database, takes its lease first: held elsewhere, it is left to its holder. */
  private async connectHeld(conn: McpConnection, opts: { restoreSubscriptions?: boolean } = {}): Promise<void> {
    const cluster = getCluster();
    if (!cluster || cluster.runtime.holds(`${MCP_LEASE}:${conn.id}`)) return conn.connect(opts);
    await cluster.keeper.claim(MCP_LEASE, conn.id);
  }

  /** The live connection object, for feature modules (resources, requests, tasks, auth); not_found if none. */
  connection(id: string): McpConnection {
    return this.require(id);
  }

  /** Every live connection object. */
  allConnections(): McpConnection[] {
    return [...this.connections.values()];
  }

  private require(id: string): McpConnection {
    const conn = this.connections.get(id);
    if (!conn) throw new AppError("not_found:connection", `No connection with id "${id}"`);
    return conn;
  }

  async create(input: ConnectionInput, opts: CreateOptions = {}): Promise<ConnectionView> {
    const id = opts.id ?? randomUUID();
    const existing = this.connections.get(id);
    const config: ConnectionConfig = {
      ...input,
      id,
      createdAt: existing?.config.createdAt ?? Date.now(),
      ...(opts.builtin ? { builtin: true } : {}),
    };
    this.table.save(config);
    let conn = existing;
    if (conn) {
      await conn.disconnect();
      conn.config = config;
    } else {
      conn = new McpConnection(config, this.hub);
      this.connections.set(id, conn);
    }
    if (opts.connect !== false) await this.connectHeld(conn);
    return this.view(id);
  }

  /** Masked values in `input` keep the stored secret; the connection reconnects. */
  async update(id: string, input: ConnectionInput): Promise<ConnectionView> {
    const conn = this.require(id);
    const merged = mergeSecrets(input, conn.config);
    const config: ConnectionConfig = {
      ...merged,
      id,
      createdAt: conn.config.createdAt,
      ...(conn.config.builtin ? { builtin: true } : {}),
    };
    this.table.save(config);
    const before = conn.config;
    conn.config = config;
    forgetOAuthIfRetargeted(conn, before, config);
    forgetEraIfRetargeted(id, before, config);
    await this.connectHeld(conn);
    return this.view(id);
  }

  async remove(id: string): Promise<void> {
    const conn = this.require(id);
    this.connections.delete(id);
    await conn.disconnect();
    this.table.delete(id);
    forgetEra(id);
    conn.recordEntry("loupe", "local", "connection_removed", { id });
    for (const listener of this.removeListeners) listener(id);
  }

  /** Calls `listener` with the id of every connection deleted from now on; returns the unsubscribe. */
  onRemove(listener: (id: string) => void): () => void {
    this.removeListeners.add(listener);
    return () => this.removeListeners.delete(listener);
  }

  /** The user's Connect / Reconnect: a new session, subscribed again to what the old one was. */
  async connect(id: string): Promise<ConnectionView> {
    await this.connectHeld(this.require(id), { restoreSubscriptions: true });
    return this.view(id);
  }

  /** Re-detect era: forgets the remembered era verdict and reconnects, probing with server/discover. */
  async redetectEra(id: string): Promise<ConnectionView> {
    this.require(id);
    forgetEra(id);
    return this.connect(id);
  }

  async disconnect(id: string): Promise<ConnectionView> {
    const conn = this.require(id);
    await conn.disconnect();
    return conn.view();
  }

  /**
   * Connects every saved connection (at boot) except those in `except` (already connected by
   * the caller); failures end up in each connection's state.
   */
  async connectSaved(opts: { except?: Iterable<string> } = {}): Promise<ConnectionView[]> {
    const skip = new Set(opts.except ?? []);
    const todo = [...this.connections.values()].filter((c) => !skip.has(c.id));
    await Promise.all(todo.map((c) => this.connectHeld(c)));
    return this.list();
  }

  /** Held by another instance (issue 25): listed there (lib/server/mcp/held-elsewhere.ts). */
  listTools(id: string, opts: { refresh?: boolean } = {}): Promise<ToolsListing> {
    const conn = this.require(id);
    const there = holderElsewhere(id);
    return there ? listToolsThere(there, id, opts) : conn.listTools(opts);
  }

  /** `by`: who made the call when it was not the user on the tool page (kept on the CallRecord). Held by another instance: run there. */
  callTool(id: string, body: CallToolBody, by?: CallAttribution): Promise<CallRecord> {
    const conn = this.require(id);
    const there = holderElsewhere(id);
    if (!there) return this.calls.run(conn, body, by);
    const stored = (callId: string) => callStore(this.hub.store).get(callId) ?? undefined;
    return callToolThere(there, id, body, by ?? {}, { requestTimeoutMs: conn.config.requestTimeoutMs, stored });
  }

  cancelCall(id: string, callId: string, reason?: string): void {
    this.require(id);
    const there = holderElsewhere(id);
    if (there) cancelCallThere(there, id, callId, reason);
    else this.calls.cancel(id, callId, reason);
  }

  listCalls(id: string, opts: { tool?: string; limit?: number } = {}): CallRecord[] {
    this.require(id);
    return callStore(this.hub.store).list(id, opts);
  }

  /** One call with its whole result. */
  getCall(id: string, callId: string): CallRecord {
    this.require(id);
    const call = callStore(this.hub.store).get(callId);
    if (!call || call.connectionId !== id) throw new AppError("not_found:call", `No call "${callId}" on this connection`);
    return call;
  }

  /** One stored call of a connection, deleted or not, with its whole result; undefined when there is none. */
  findCall(id: string, callId: string): CallRecord | undefined {
    const call = callStore(this.hub.store).get(callId);
    return call?.connectionId === id ? call : undefined;
  }

  /** The OAuth secrets Loupe holds for a connection (tokens, a registered client's secret), for scrubbing exports. */
  oauthSecrets(id: string): (string | undefined)[] {
    const oauth = readOAuth(this.hub.store, id);
    return [oauth.tokens?.access_token, oauth.tokens?.refresh_token, oauth.tokens?.id_token, oauth.client?.client_secret];
  }

  /** MCP ping round trip; also kept in the connection's state.lastPing. */
  ping(id: string): Promise<{ ms: number }> {
    return this.require(id).ping();
  }

  /** Runs the connection doctor; the steps are also kept in state.diagnosis. */
  async diagnose(id: string): Promise<ConnectionView> {
    const conn = this.require(id);
    await conn.diagnose();
    return conn.view();
  }

  setLogLevel(id: string, level: LoggingLevel): Promise<void> {
    return this.require(id).setLogLevel(level);
  }

  /** Recorded entries of one connection (ascending, raw previewed). */
  traffic(id: string, opts: { before?: number; limit?: number } = {}): Entry[] {
    this.require(id);
    return this.hub.list(id, opts);
  }

  /** Closes every session (tests, shutdown); saved configs stay. */
  async closeAll(): Promise<void> {
    // Requests still waiting for the user end with Loupe, and their history says so.
    getClientRequests().loupeStopping([...this.connections.values()]);
    await Promise.all([...this.connections.values()].map((c) => c.disconnect()));
  }
}

const REGISTRY_KEY = Symbol.for("loupe.registry");
type RegistryGlobal = typeof globalThis & { [REGISTRY_KEY]?: Registry };

/** The process-wide registry; created once, it is the approvals desk's gated servers (the desk is core). */
export function getRegistry(): Registry {
  const g = globalThis as RegistryGlobal;
  if (!g[REGISTRY_KEY]) {
    const registry = new Registry(getHub());
    g[REGISTRY_KEY] = registry;
    getApprovals().attachServers(registry);
  }
  return g[REGISTRY_KEY];
}
