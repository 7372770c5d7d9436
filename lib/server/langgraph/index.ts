import "server-only";
import type {
  LgAnswerBody,
  LgAssistant,
  LgAssistantSchemas,
  LgCheckpoint,
  LgDeploymentInput,
  LgDeploymentState,
  LgDeploymentView,
  LgGraph,
  LgHumanRequest,
  LgRunBody,
  LgRunRecord,
} from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import { getHub } from "@/lib/server/hub";
import type { Hub } from "@/lib/server/hub";
import { LgClient } from "@/lib/server/langgraph/client";
import type { LgApi, LgTarget } from "@/lib/server/langgraph/client";
import { LgDiscovery } from "@/lib/server/langgraph/discovery";
import { LgStore } from "@/lib/server/langgraph/lg-store";
import { recordLgRun } from "@/lib/server/langgraph/record";
import { LgRequests } from "@/lib/server/langgraph/requests";
import { LgRuns } from "@/lib/server/langgraph/runs";
import type { LgRunOutcome } from "@/lib/server/langgraph/runs";
import { LgThreads } from "@/lib/server/langgraph/threads";
import { lgAssistant, lgCheckpoint, lgGraph } from "@/lib/server/langgraph/wire";
import { claimPeer } from "@/lib/server/peers/leased";
import { PeerRegistry } from "@/lib/server/peers/registry";
import type { PeerCreateOptions } from "@/lib/server/peers/registry";

/** LangGraph deployments' leases are `langgraph:<deployment id>` (lib/server/langgraph/leased.ts). */
export const LANGGRAPH_LEASE = "langgraph";

/** Assistants whose schemas are kept (a deployment's graphs are few; past this the cache starts over). */
const MAX_CACHED_SCHEMAS = 200;
/** History read per call at most. */
const HISTORY_LIMIT = 200;

export interface LgServiceOptions {
  /** The client of a deployment (tests hand a fake server). */
  clientFor?: (target: LgTarget) => LgApi;
}

/**
 * The LangGraph service (issue 21): saved deployments (PeerRegistry, checked with GET /info),
 * pass-through reads of assistants, graphs, threads and checkpoints, runs Loupe streams (runs.ts),
 * and interrupts as human requests (requests.ts, discovery.ts). Routes and the inbox go through
 * getLangGraph().
 */
export class LangGraphService {
  readonly store: LgStore;
  readonly threads: LgThreads;
  private readonly peers: PeerRegistry<LgDeploymentInput, LgDeploymentState>;
  private readonly runs: LgRuns;
  private readonly requests: LgRequests;
  private readonly discovery: LgDiscovery;
  private readonly clientFor: (target: LgTarget) => LgApi;
  private readonly schemaCache = new Map<string, Promise<LgAssistantSchemas>>();
  /** On a shared store (issue 25): the deployments whose lease this instance holds (it polls and syncs those). */
  private readonly opened = new Set<string>();

  constructor(
    readonly hub: Hub,
    opts: LgServiceOptions = {},
  ) {
    this.clientFor = opts.clientFor ?? ((target) => new LgClient(target));
    this.store = new LgStore(hub.store);
    this.peers = new PeerRegistry({
      table: this.store.deployments,
      initialState: () => ({ status: "unknown" }),
      notFound: (id) => new AppError("not_found:langgraph_deployment", `No LangGraph deployment with id "${id}"`),
      builtinRemoval: () =>
        new AppError("bad_request:langgraph_deployment_builtin", "The demo LangGraph deployment is built in and cannot be removed"),
      lease: LANGGRAPH_LEASE,
    });
    const lookup = (id: string) => {
      const entry = this.peers.find(id);
      return entry ? { api: this.clientFor(entry.config), name: entry.config.name, pollSeconds: entry.config.pollSeconds } : undefined;
    };
    this.runs = new LgRuns(hub, this.store, lookup, (outcome: LgRunOutcome) => this.requests.afterRun(outcome));
    this.requests = new LgRequests(hub, this.store, this.runs, lookup);
    // A deployment another instance holds is synced by that one (its runs and answers are in flight there).
    const held = (deploymentId: string, threadId: string) =>
      !this.holds(deploymentId) || this.requests.ctx(deploymentId, threadId).threadHeld;
    this.discovery = new LgDiscovery({ store: this.store, requests: this.requests, deployment: lookup, held });
    this.threads = new LgThreads(this.store, this.requests, (id) => this.api(id), held);
    // On a shared store another instance's runs are live: the one taking a deployment over settles it (takeOver).
    if (hub.store.engine.shared) return;
    // Runs cut off by a restart end as errors; the answers they carried are settled against the server.
    const settled = this.store.settleAfterRestart();
    for (const run of settled.runs) recordLgRun(hub, run);
    const threads = new Set(settled.recheck.map((r) => `${r.deploymentId}\n${r.threadId}`));
    for (const id of this.peers.ids()) for (const t of this.store.openThreads(id)) threads.add(`${id}\n${t}`);
    for (const k of threads) {
      const [deploymentId = "", threadId = ""] = k.split("\n");
      void this.requests.refreshThread(deploymentId, threadId);
    }
    for (const id of this.peers.ids()) this.discovery.schedule(id);
  }

  /** This instance polls and syncs the deployment: always on a store of its own, when it holds its lease on a shared one. */
  private holds(id: string): boolean {
    return !this.hub.store.engine.shared || this.opened.has(id);
  }

  private heldIds(): string[] {
    return this.peers.ids().filter((id) => this.holds(id));
  }

  /** The saved deployments read again (another instance added, edited or removed some); new ones are checked. */
  syncSaved(): string[] {
    const { saved, added } = this.peers.syncSaved();
    for (const id of added) void this.check(id);
    return saved;
  }

  /**
   * This instance holds the deployment's lease now (issue 25): it polls it for interrupts and syncs
   * its threads. The interrupts live on the LangGraph server, so a request pending there stays
   * answerable here; the runs a dead holder left streaming end in words, and the threads with a
   * request still open (those runs' answers among them) are read again from the server.
   */
  async takeOver(id: string, tookOver: { name: string } | null): Promise<void> {
    if (!this.peers.has(id)) return;
    this.opened.add(id);
    const message = `${tookOver?.name} stopped while this run streamed; this instance took the deployment over`;
    const settled = tookOver
      ? this.store.settleLeftBehind(id, { code: "upstream:instance_stopped", message }, (runId) => this.runs.done(runId) !== undefined)
      : { runs: [], recheck: [] };
    for (const run of settled.runs) recordLgRun(this.hub, run);
    const threads = new Set([...settled.recheck.map((r) => r.threadId), ...this.store.openThreads(id)]);
    await Promise.all([...threads].map((threadId) => this.requests.refreshThread(id, threadId)));
    this.discovery.schedule(id);
  }

  /** Lost to another instance, or no longer saved: its runs here are cancelled and its poller stops. */
  release(id: string): void {
    this.opened.delete(id);
    this.discovery.stop(id);
    this.runs.cancelDeployment(id);
  }

  private api(id: string): LgApi {
    return this.clientFor(this.peers.require(id).config);
  }

  // ── deployments ────────────────────────────────────────────────────────────
  list(): LgDeploymentView[] {
    return this.peers.list();
  }

  get(id: string): LgDeploymentView {
    return this.peers.get(id);
  }

  has(id: string): boolean {
    return this.peers.has(id);
  }

  /** Saves the deployment and checks it (GET /info): a server that is down is saved, its state says so. */
  async create(input: LgDeploymentInput, opts: PeerCreateOptions = {}): Promise<LgDeploymentView> {
    const { config } = this.peers.create(input, opts);
    // With several instances this one takes its lease (takeOver then polls it); another live holder keeps it.
    if (await claimPeer(LANGGRAPH_LEASE, config.id)) this.opened.add(config.id);
    if (this.holds(config.id)) this.discovery.schedule(config.id);
    return this.check(config.id);
  }

  /** Masked header values keep the stored secret. */
  async update(id: string, patch: Partial<LgDeploymentInput>): Promise<LgDeploymentView> {
    this.peers.update(id, patch);
    if (this.holds(id)) this.discovery.schedule(id);
    return this.check(id);
  }

  /** `builtin: true` (boot without the demo) removes the built-in demo deployment too. */
  remove(id: string, opts: { builtin?: boolean } = {}): void {
    this.peers.remove(id, opts, () => {
      this.discovery.stop(id);
      this.runs.cancelDeployment(id);
    });
  }

  /** GET /info; a failure is the deployment's state, not an exception. */
  async check(id: string): Promise<LgDeploymentView> {
    const entry = this.peers.require(id);
    try {
      const info = await this.clientFor(entry.config).info();
      entry.state = { status: "ok", checkedAt: Date.now(), info };
    } catch (e) {
      entry.state = { status: "error", error: AppError.from(e).message, checkedAt: Date.now() };
    }
    return this.peers.get(id);
  }

  async assistants(id: string): Promise<LgAssistant[]> {
    return (await this.api(id).searchAssistants()).map(lgAssistant);
  }

  async graph(id: string, assistantId: string, xray: boolean): Promise<LgGraph> {
    return lgGraph(assistantId, xray, await this.api(id).graph(assistantId, xray));
  }

  /** The assistant's schemas, asked once (slow to answer, if at all); a failure is not kept, so a later look asks again. */
  schemas(id: string, assistantId: string): Promise<LgAssistantSchemas> {
    const key = `${id}\n${assistantId}`;
    const known = this.schemaCache.get(key);
    if (known) return known;
    if (this.schemaCache.size >= MAX_CACHED_SCHEMAS) this.schemaCache.clear();
    const asked = this.api(id)
      .schemas(assistantId)
      .then((w) => ({
        assistantId,
        input: w.input_schema ?? null,
        output: w.output_schema ?? null,
        state: w.state_schema ?? null,
        config: w.config_schema ?? null,
        context: w.context_schema ?? null,
      }));
    this.schemaCache.set(key, asked);
    asked.catch(() => this.schemaCache.delete(key));
    return asked;
  }

  async history(id: string, threadId: string): Promise<LgCheckpoint[]> {
    return (await this.threads.read(id, threadId, (api) => api.history(threadId, HISTORY_LIMIT))).map(lgCheckpoint);
  }

  // ── runs ───────────────────────────────────────────────────────────────────
  /**
   * Starts a run and answers once its stream is open. A run the server refused before streaming
   * (HTTP error, unreachable) is recorded and answered as a 502 with the upstream's words.
   */
  async startRun(id: string, body: LgRunBody): Promise<{ runId: string; threadId: string }> {
    const started = await this.runs.start(id, this.api(id), body);
    const { record } = started;
    if (record.status === "error" && record.eventCount === 0 && record.error)
      throw new AppError(record.error.code, record.error.message, { run: record });
    return { runId: record.runId, threadId: record.threadId };
  }

  cancelRun(id: string, runId: string): Promise<LgRunRecord> {
    this.peers.require(id);
    return this.runs.cancel(id, runId);
  }

  /** Resolves when the run ends, its requests settled (tests, and routes that want to wait). */
  runDone(runId: string): Promise<LgRunOutcome> | undefined {
    return this.runs.done(runId);
  }

  /** Cancels every run in flight and stops the pollers (tests, shutdown); saved deployments stay. */
  async closeAll(): Promise<void> {
    await this.runs.closeAll();
    await this.discovery.closeAll();
  }

  // ── human requests ─────────────────────────────────────────────────────────
  /** The stored requests, at once; a throttled look for interrupts Loupe did not see pause starts behind it. */
  listRequests(): LgHumanRequest[] {
    for (const id of this.heldIds()) void this.discovery.refresh(id);
    return this.requests.list();
  }

  /** Looks for new interrupts on every deployment first (throttled), then lists. */
  async refreshRequests(): Promise<LgHumanRequest[]> {
    await Promise.all(this.heldIds().map((id) => this.discovery.refresh(id)));
    return this.requests.list();
  }

  getRequest(requestId: string): LgHumanRequest {
    return this.requests.get(requestId);
  }

  answerRequest(requestId: string, body: LgAnswerBody): Promise<LgHumanRequest> {
    return this.requests.answer(requestId, body);
  }

  /** What a test replay left waiting on its thread goes stale (lib/server/langgraph/testing.ts). */
  closeLeftByReplay(deploymentId: string, threadId: string): void {
    this.requests.closeLeftByReplay(deploymentId, threadId);
  }
}

const KEY = Symbol.for("loupe.langgraph");
type WithLangGraph = typeof globalThis & { [KEY]?: LangGraphService };

export function getLangGraph(): LangGraphService {
  const g = globalThis as WithLangGraph;
  return (g[KEY] ??= new LangGraphService(getHub()));
}
