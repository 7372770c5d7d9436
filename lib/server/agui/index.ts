import "server-only";
import type {
  AguiAgentInput,
  AguiAgentState,
  AguiAgentView,
  AguiAnswerBody,
  AguiHumanRequest,
  AguiRunBody,
  AguiRunRecord,
  AguiThreadDetail,
  AguiThreadSummary,
  AguiToolDeclaration,
} from "@/lib/contracts/agui";
import type { Entry } from "@/lib/contracts/entries";
import { AppError } from "@/lib/errors";
import { AguiStore, keptAnswerReason } from "@/lib/server/agui/agui-store";
import type { AguiThreadRecord } from "@/lib/server/agui/agui-store";
import { recordAguiRequest, recordAguiRun, shownAguiRequest } from "@/lib/server/agui/record";
import { AguiRequests } from "@/lib/server/agui/requests";
import type { RunResult } from "@/lib/server/agui/runner";
import { AguiRuns } from "@/lib/server/agui/runs";
import { getHub } from "@/lib/server/hub";
import type { Hub } from "@/lib/server/hub";
import { claimPeer } from "@/lib/server/peers/leased";
import { PeerRegistry } from "@/lib/server/peers/registry";
import { previewEntry } from "@/lib/server/preview";

/**
 * The AG-UI service (issue 11 §3): saved agents, runs (runs.ts), the thread state Loupe keeps as
 * the client (messages, state), and human requests — front-end tool calls and interrupts —
 * answered by starting the next run (requests.ts). Routes and the inbox go through getAgui().
 */

/** AG-UI agents' leases are `agui:<agent id>` (lib/server/agui/leased.ts). */
export const AGUI_LEASE = "agui";

/** Entries one thread GET returns at most (the newest); a 10,000-event run fits several times over. */
const THREAD_ENTRIES_LIMIT = 100_000;

export class AguiService {
  readonly store: AguiStore;
  private readonly peers: PeerRegistry<AguiAgentInput, AguiAgentState>;
  private readonly runs: AguiRuns;
  private readonly requests: AguiRequests;

  constructor(readonly hub: Hub) {
    this.store = new AguiStore(hub.store);
    this.peers = new PeerRegistry({
      table: this.store.agents,
      initialState: () => ({ status: "unknown" }),
      notFound: (id) => new AppError("not_found:agui_agent", `No AG-UI agent with id "${id}"`),
      builtinRemoval: () => new AppError("bad_request:agui_agent_builtin", "The demo AG-UI agent is built in and cannot be removed"),
      lease: AGUI_LEASE,
    });
    this.runs = new AguiRuns(hub, this.store, (id) => this.peers.find(id));
    this.requests = new AguiRequests(hub, this.store, this.runs, (id) => this.peers.find(id));
    // On a shared store another instance's runs are live: the one taking an agent over settles it (takeOver).
    const settled = hub.store.engine.shared ? { runs: [], requests: [] } : this.store.settleAfterRestart();
    for (const run of settled.runs) recordAguiRun(hub, run);
    for (const request of settled.requests) recordAguiRequest(hub, request);
  }

  // ── agents ─────────────────────────────────────────────────────────────────
  list(): AguiAgentView[] {
    return this.peers.list();
  }

  get(id: string): AguiAgentView {
    return this.peers.get(id);
  }

  has(id: string): boolean {
    return this.peers.has(id);
  }

  /** Saves the agent; with several instances (issue 25), this one takes its lease: its runs start here. */
  create(input: AguiAgentInput, opts: { id?: string; builtin?: boolean } = {}): AguiAgentView {
    const view = this.peers.view(this.peers.create(input, opts));
    void claimPeer(AGUI_LEASE, view.id);
    return view;
  }

  /** The saved agents read again (another instance added, edited or removed some): the ids saved now. */
  syncSaved(): string[] {
    return this.peers.syncSaved().saved;
  }

  /**
   * This instance holds the agent's lease now (issue 25). AG-UI has no resume: what the instance that
   * died left running ends in words, and the requests its runs left are closed in words (stale).
   */
  takeOver(id: string, tookOver: { name: string } | null): void {
    if (!tookOver || !this.peers.has(id)) return;
    const message = `${tookOver.name} stopped while this run streamed; this instance took the agent over`;
    const pending = `${tookOver.name} stopped before it was answered, and AG-UI cannot resume the run that asked; start a new run`;
    const settled = this.store.settleLeftBehind(
      id,
      { code: "upstream:instance_stopped", message },
      { pending, waiting: keptAnswerReason(`${tookOver.name} stopped`) },
      (runId) => !!this.runs.done(runId),
    );
    for (const run of settled.runs) recordAguiRun(this.hub, run);
    for (const request of settled.requests) recordAguiRequest(this.hub, request);
  }

  /** Lost to another instance, or no longer saved: its runs here stop. */
  closeRuns(id: string): void {
    this.runs.abortAgent(id);
  }

  update(id: string, patch: Partial<AguiAgentInput>): AguiAgentView {
    return this.peers.view(this.peers.update(id, patch));
  }

  /** `builtin: true` (boot without the demo) removes the built-in demo agent too. */
  remove(id: string, opts: { builtin?: boolean } = {}): void {
    this.peers.remove(id, opts, () => this.runs.abortAgent(id));
  }

  /** The demo agent (boot): saved under a fixed id, its front-end tools declared by default. */
  registerBuiltin(spec: { id: string; name: string; url: string; tools?: AguiToolDeclaration[] }): AguiAgentView {
    return this.create({ name: spec.name, url: spec.url, headers: {}, tools: spec.tools ?? [] }, { id: spec.id, builtin: true });
  }

  // ── threads ────────────────────────────────────────────────────────────────
  private summary(t: AguiThreadRecord): AguiThreadSummary {
    return {
      agentId: t.agentId,
      threadId: t.threadId,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      runCount: t.runCount,
      lastStatus: t.lastStatus,
    };
  }

  threads(agentId: string): AguiThreadSummary[] {
    this.peers.require(agentId);
    return this.store.listThreads(agentId).map((t) => this.summary(t));
  }

  thread(agentId: string, threadId: string): AguiThreadDetail {
    this.peers.require(agentId);
    const t = this.store.getThread(agentId, threadId);
    if (!t) throw new AppError("not_found:agui_thread", `No thread "${threadId}" on this agent`);
    return { ...this.summary(t), messages: t.messages, state: t.state, runs: this.store.threadRuns(agentId, threadId) };
  }

  /** Every entry of the thread (inputs, events, runs, requests), oldest first; large raws previewed. */
  threadEntries(agentId: string, threadId: string): Entry[] {
    this.peers.require(agentId);
    return this.store.threadEntries(agentId, threadId, THREAD_ENTRIES_LIMIT).map((e) => previewEntry(e));
  }

  // ── runs ───────────────────────────────────────────────────────────────────
  startRun(agentId: string, body: AguiRunBody): { runId: string; threadId: string } {
    return this.runs.start(this.peers.require(agentId).config, body);
  }

  abortRun(agentId: string, runId: string): Promise<AguiRunRecord> {
    return this.runs.abort(agentId, runId);
  }

  /** Resolves when the run ends (tests, and routes that want to wait). */
  runDone(runId: string): Promise<RunResult> | undefined {
    return this.runs.done(runId);
  }

  /** Aborts every run in flight (tests, shutdown); saved agents stay. */
  closeAll(): Promise<void> {
    return this.runs.closeAll();
  }

  // ── human requests ─────────────────────────────────────────────────────────
  listRequests(): AguiHumanRequest[] {
    return this.requests.list();
  }

  getRequest(requestId: string): AguiHumanRequest {
    return this.requests.get(requestId);
  }

  /** Answers one request; the answers of a run travel together on the next run (requests.ts). */
  async answerRequest(requestId: string, body: AguiAnswerBody): Promise<AguiHumanRequest> {
    return shownAguiRequest(this.requests.answer(requestId, body));
  }

  /** What a test replay left waiting on its thread goes stale (lib/server/agui/testing.ts). */
  closeLeftByReplay(agentId: string, threadId: string): void {
    this.requests.closeLeftByReplay(agentId, threadId);
  }
}

const KEY = Symbol.for("loupe.agui");
type WithAgui = typeof globalThis & { [KEY]?: AguiService };

export function getAgui(): AguiService {
  const g = globalThis as WithAgui;
  return (g[KEY] ??= new AguiService(getHub()));
}
