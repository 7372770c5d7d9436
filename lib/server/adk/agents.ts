import "server-only";
import type {
  AgentServerInput,
  AgentServerState,
  AgentServerView,
  AgentSessionSummary,
  AnswerBody,
  InboxItem,
  RunBody,
  RunRecord,
  SessionLabel,
  SessionLabelBody,
  UnstoredFrame,
} from "@/lib/contracts/agents";
import { adkSessionKey, parseAdkSessionKey } from "@/lib/contracts/agents";
import type { AdkSession } from "@/lib/protocols/adk/session";
import { AgentStore } from "@/lib/server/adk/agent-store";
import { AnswerDesk } from "@/lib/server/adk/answers";
import type { AnswerAttempt, AnswerResult } from "@/lib/server/adk/answers";
import { AdkInbox } from "@/lib/server/adk/inbox";
import type { PeerCreateOptions, PeerRegistry } from "@/lib/server/peers/registry";
import { AdkServers, type AgentEntry } from "@/lib/server/adk/servers";
import { maskCredentialSecrets } from "@/lib/server/secrets";
import { RunManager } from "@/lib/server/adk/runs";
import { SessionLabelStore } from "@/lib/server/adk/session-labels";
import * as api from "@/lib/server/adk/sessions";
import type { UpstreamTarget } from "@/lib/server/adk/upstream";
import { getHub } from "@/lib/server/hub";
import { claimPeer } from "@/lib/server/peers/leased";
import { leaseHolder } from "@/lib/server/cluster/service";

/** ADK agent servers' leases are `adk:<agent server id>` (lib/server/adk/leased.ts). */
export const ADK_LEASE = "adk";
import type { Hub } from "@/lib/server/hub";

export type AgentCreateOptions = PeerCreateOptions;

export interface NewSessionOptions {
  userId?: string;
  sessionId?: string;
  state?: Record<string, unknown>;
}

/**
 * All saved ADK agent servers (STYLE rule 3): route handlers look them up here. Sessions, runs,
 * artifacts and answers go through it so every request carries the server's custom headers and
 * every frame lands on the one entry stream.
 */
export class AgentRegistry {
  readonly agentStore: AgentStore;
  readonly inbox: AdkInbox;
  readonly runs: RunManager;
  readonly labels: SessionLabelStore;
  private readonly answers: AnswerDesk;
  private readonly servers: AdkServers;
  private readonly peers: PeerRegistry<AgentServerInput, AgentServerState>;

  constructor(readonly hub: Hub) {
    this.agentStore = new AgentStore(hub.store);
    this.labels = new SessionLabelStore(hub.store);
    this.servers = new AdkServers(hub, this.agentStore.servers, ADK_LEASE);
    this.peers = this.servers.peers;
    this.inbox = new AdkInbox(hub, this.agentStore, (id) => this.peers.find(id)?.config.name);
    this.inbox.rebuild((id) => this.peers.has(id));
    this.runs = new RunManager(hub, this.agentStore, this.inbox);
    // A tracker rebuilt from the (masked) recorded entries re-reads the session before a credential answer.
    this.answers = new AnswerDesk(this.agentStore, this.inbox, this.runs, async (agentId, sessionKey) => {
      const where = parseAdkSessionKey(sessionKey);
      if (where) await this.getSession(agentId, where.appName, where.sessionId, where.userId);
    });
  }

  private require(id: string): AgentEntry {
    return this.peers.require(id);
  }

  /** Where to reach a saved server, with its custom headers (trace reads go straight through it). */
  target(id: string): UpstreamTarget {
    return this.require(id).config;
  }

  list(): AgentServerView[] {
    return this.peers.list();
  }

  /** The view, or a not_found AppError. */
  get(id: string): AgentServerView {
    return this.peers.get(id);
  }

  has(id: string): boolean {
    return this.peers.has(id);
  }

  /** Saves and checks the server; with several instances (issue 25), this one takes its lease: its runs start here. */
  async create(input: AgentServerInput, opts: AgentCreateOptions = {}): Promise<AgentServerView> {
    const view = await this.servers.create(input, opts);
    await claimPeer(ADK_LEASE, view.id);
    return view;
  }

  /** The saved servers read again (another instance added, edited or removed some); new ones are checked. */
  syncSaved(): string[] {
    const { saved, added } = this.peers.syncSaved();
    for (const id of added) void this.check(id).catch(() => undefined);
    return saved;
  }

  /**
   * This instance holds the server's lease now (issue 25): the runs the instance that died left
   * "running" fail in words, and the pending requests of its sessions, read from the store, are
   * answerable here (an answer is a new `/run_sse`, which any instance can send).
   */
  async takeOver(id: string, tookOver: { name: string } | null): Promise<void> {
    if (!this.peers.has(id)) return;
    if (tookOver) {
      const message = `${tookOver.name} stopped while this run streamed; this instance took the agent server over, and its pending requests are answerable here`;
      this.runs.closeLeftBehind(id, { code: "upstream:instance_stopped", message });
    }
    this.inbox.reload(id);
    await this.check(id).catch(() => undefined);
  }

  /** Lists a server Loupe is still starting; `create` with the same id replaces it once up (servers.ts). */
  announce(input: AgentServerInput, opts: AgentCreateOptions & { id: string; error?: string }): AgentServerView {
    return this.servers.announce(input, opts);
  }

  /** Masked header values keep the stored secret. */
  update(id: string, input: AgentServerInput): Promise<AgentServerView> {
    return this.servers.update(id, input);
  }

  async remove(id: string): Promise<void> {
    await this.servers.remove(id, async () => {
      await this.runs.abortAll(id);
      this.agentStore.deleteServer(id);
      this.inbox.dropAgent(id);
      this.labels.dropAgent(id);
    });
  }

  /** Re-reads `/list-apps` and `/version`; a failure is the server's state, not an exception. */
  check(id: string): Promise<AgentServerView> {
    return this.servers.check(id);
  }

  /** Checks every saved server (at boot) except `except`; failures end up in each server's state. */
  checkSaved(opts: { except?: Iterable<string> } = {}): Promise<AgentServerView[]> {
    return this.servers.checkSaved(opts);
  }

  private userOf(entry: AgentEntry, userId: string | undefined): string {
    return userId || entry.config.userId;
  }

  /** Newest first, with Loupe's names and labels. */
  async listSessions(id: string, app: string, userId?: string): Promise<AgentSessionSummary[]> {
    const entry = this.require(id);
    const user = this.userOf(entry, userId);
    return this.labels.decorate(id, app, user, await api.listSessions(entry.config, app, user));
  }

  /** Names or labels a session (Loupe's own record: the upstream is not asked). */
  setLabel(id: string, app: string, sid: string, body: SessionLabelBody): SessionLabel {
    const entry = this.require(id);
    return this.labels.put(id, app, this.userOf(entry, body.userId), sid, body);
  }

  createSession(id: string, app: string, opts: NewSessionOptions = {}): Promise<AdkSession> {
    const entry = this.require(id);
    return api.createSession(entry.config, app, this.userOf(entry, opts.userId), opts);
  }

  /**
   * The stored session with its raw events (only credential secrets masked: the user's answers and
   * the agent's credential requests); its real events replace what the session's tracker knew.
   */
  async getSession(id: string, app: string, sid: string, userId?: string): Promise<AdkSession & { unstored: UnstoredFrame[] }> {
    const entry = this.require(id);
    const user = this.userOf(entry, userId);
    const session = await api.getSession(entry.config, app, user, sid);
    const sessionKey = adkSessionKey(app, user, sid);
    this.inbox.replaceSession(id, sessionKey, session.events);
    // What the server streamed but never stored stays visible after the run (issue 9 §1).
    const unstored = this.agentStore.unstoredFrames(id, sessionKey);
    return { ...session, events: session.events.map((ev) => maskCredentialSecrets(ev)), unstored };
  }

  async deleteSession(id: string, app: string, sid: string, userId?: string): Promise<void> {
    const entry = this.require(id);
    const user = this.userOf(entry, userId);
    await api.deleteSession(entry.config, app, user, sid);
    this.agentStore.markSessionDeleted(id, adkSessionKey(app, user, sid));
    this.labels.remove(id, app, user, sid);
    this.inbox.dropSession(id, adkSessionKey(app, user, sid));
  }

  /** Starts `/run_sse` and returns the running record; frames follow on the entry stream. */
  run(id: string, app: string, sid: string, body: RunBody): RunRecord {
    const entry = this.require(id);
    const newMessage = { role: "user" as const, parts: body.parts };
    return this.runs.start({
      agentId: id,
      target: entry.config,
      appName: app,
      userId: this.userOf(entry, body.userId),
      sessionId: sid,
      newMessage,
      recordedMessage: newMessage,
      streaming: body.streaming,
      ...(body.stateDelta ? { stateDelta: body.stateDelta } : {}),
    });
  }

  abort(id: string, runId: string): Promise<RunRecord> {
    this.require(id);
    return this.runs.abort(id, runId);
  }

  /** The record as it is now (running ones included). */
  getRun(runId: string): RunRecord | undefined {
    return this.runs.get(runId);
  }

  /** Resolves when the run has ended (tests, answers). */
  waitRun(runId: string): Promise<RunRecord | undefined> {
    return this.runs.wait(runId);
  }

  listArtifacts(id: string, app: string, sid: string, userId?: string): Promise<string[]> {
    const entry = this.require(id);
    return api.listArtifacts(entry.config, app, this.userOf(entry, userId), sid);
  }

  getArtifact(id: string, app: string, sid: string, name: string, opts: { userId?: string; version?: number } = {}): Promise<unknown> {
    const entry = this.require(id);
    return api.getArtifact(entry.config, app, this.userOf(entry, opts.userId), sid, name, opts.version);
  }

  listArtifactVersions(id: string, app: string, sid: string, name: string, userId?: string): Promise<number[]> {
    const entry = this.require(id);
    return api.listArtifactVersions(entry.config, app, this.userOf(entry, userId), sid, name);
  }

  listInbox(): InboxItem[] {
    // Another live instance holds these: their requests are read from the store as it records them.
    for (const id of this.peers.ids()) if (leaseHolder(ADK_LEASE, id)?.holder.here === false) this.inbox.catchUp(id);
    return this.inbox.list();
  }

  async answer(id: string, body: AnswerBody): Promise<AnswerResult> {
    return (await this.answerAttempt(id, body)).result;
  }

  async retry(id: string, answerId: string): Promise<AnswerResult> {
    return (await this.retryAttempt(id, answerId)).result;
  }

  /** The answer sent, with what the agent server made of it (for the audit log: the answer routes). */
  answerAttempt(id: string, body: AnswerBody): Promise<AnswerAttempt> {
    return this.answers.answer(id, this.require(id).config, body);
  }

  retryAttempt(id: string, answerId: string): Promise<AnswerAttempt> {
    return this.answers.retry(id, this.require(id).config, answerId);
  }

  /** Aborts every run in flight (tests, shutdown); saved servers stay. */
  async closeAll(): Promise<void> {
    await this.runs.abortAll();
  }
}

const AGENTS_KEY = Symbol.for("loupe.agents");
type AgentsGlobal = typeof globalThis & { [AGENTS_KEY]?: AgentRegistry };

/** The process-wide agent registry (on globalThis: survives dev hot reload). */
export function getAgents(): AgentRegistry {
  const g = globalThis as AgentsGlobal;
  g[AGENTS_KEY] ??= new AgentRegistry(getHub());
  return g[AGENTS_KEY];
}
