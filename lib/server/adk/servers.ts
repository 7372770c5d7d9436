import "server-only";
import type { AgentServerInput, AgentServerState, AgentServerView } from "@/lib/contracts/agents";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import { AppError } from "@/lib/errors";
import type { AgentServerConfig } from "@/lib/server/adk/agent-store";
import * as api from "@/lib/server/adk/sessions";
import type { Hub } from "@/lib/server/hub";
import { PeerRegistry } from "@/lib/server/peers/registry";
import type { PeerCreateOptions, PeerEntry } from "@/lib/server/peers/registry";
import type { PeerTable } from "@/lib/server/peers/table";

export type AgentEntry = PeerEntry<AgentServerInput, AgentServerState>;

const notFound = (id: string) => new AppError("not_found:agent", `No agent server with id "${id}"`);

/**
 * The saved ADK agent servers and their state (`/list-apps`, `/version` as last read), each change
 * recorded as a loupe `agent_status` entry so the browser's stream follows it.
 */
export class AdkServers {
  readonly peers: PeerRegistry<AgentServerInput, AgentServerState>;

  constructor(
    private readonly hub: Hub,
    table: PeerTable<AgentServerConfig>,
    lease: string,
  ) {
    // Saved builtins may be removed (boot without the demo removes the demo agent).
    this.peers = new PeerRegistry({ table, initialState: () => ({ status: "unknown", apps: [] }), notFound, builtinRemoval: null, lease });
  }

  async create(input: AgentServerInput, opts: PeerCreateOptions = {}): Promise<AgentServerView> {
    const { config } = this.peers.create(input, opts);
    return this.check(config.id);
  }

  /**
   * Lists a server Loupe is still starting (the demo agent bundles its agents for seconds), so
   * the UI shows it coming instead of nothing; `create` with the same id replaces it once up.
   */
  announce(input: AgentServerInput, opts: PeerCreateOptions & { id: string; error?: string }): AgentServerView {
    const createdAt = this.peers.find(opts.id)?.config.createdAt ?? Date.now();
    const state: AgentServerState = opts.error ? { status: "error", error: opts.error, apps: [] } : { status: "starting", apps: [] };
    const entry = this.peers.announce({ ...input, id: opts.id, createdAt, ...(opts.builtin ? { builtin: true } : {}) }, state);
    const view = this.peers.view(entry);
    this.record(opts.id, "agent_status", view);
    return view;
  }

  /** Masked header values keep the stored secret. */
  async update(id: string, input: AgentServerInput): Promise<AgentServerView> {
    this.peers.update(id, input);
    return this.check(id);
  }

  /** Forgets the server, waits for `cleanup` (its runs, then its rows), then records it removed. */
  async remove(id: string, cleanup: () => Promise<void>): Promise<void> {
    this.peers.take(id);
    await cleanup();
    this.record(id, "agent_removed", { id });
  }

  /** Re-reads `/list-apps` and `/version`; a failure is the server's state, not an exception. */
  async check(id: string): Promise<AgentServerView> {
    const entry = this.peers.require(id);
    const target = entry.config;
    try {
      const [apps, version] = await Promise.all([api.listApps(target), api.readVersion(target)]);
      entry.state = { status: "ok", apps, checkedAt: Date.now(), ...(version ? { version } : {}) };
    } catch (e) {
      entry.state = { status: "error", error: AppError.from(e).message, apps: entry.state.apps, checkedAt: Date.now() };
    }
    // The server may have been removed while the check was in flight.
    if (this.peers.find(id) !== entry) throw notFound(id);
    const view = this.peers.view(entry);
    this.record(id, "agent_status", view);
    return view;
  }

  /** Checks every saved server (at boot) except `except`; failures end up in each server's state. */
  async checkSaved(opts: { except?: Iterable<string> } = {}): Promise<AgentServerView[]> {
    const skip = new Set(opts.except ?? []);
    const ids = this.peers.ids().filter((id) => !skip.has(id));
    await Promise.allSettled(ids.map((id) => this.check(id)));
    return this.peers.list();
  }

  private record<K extends "agent_status" | "agent_removed">(id: string, kind: K, raw: EntryPayload<K>): void {
    this.hub.record({
      connectionId: id,
      sessionKey: null,
      receivedAt: Date.now(),
      sourceTime: null,
      direction: "local",
      protocol: "loupe",
      kind,
      raw,
    });
  }
}
