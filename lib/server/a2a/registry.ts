import "server-only";
import { randomUUID } from "node:crypto";
import type {
  A2aAgentInput,
  A2aAgentState,
  A2aAgentView,
  A2aAnswerBody,
  A2aHumanRequest,
  A2aPushRegistration,
  A2aSendBody,
  A2aTaskDetail,
  A2aTaskSummary,
} from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import { answerA2aRequest } from "@/lib/server/a2a/answer-request";
import { settleTakenOver } from "@/lib/server/a2a/answer-in-flight";
import { fetchCard } from "@/lib/server/a2a/card";
import { A2aExchanges } from "@/lib/server/a2a/exchanges";
import { A2aPush } from "@/lib/server/a2a/push";
import { A2aStore } from "@/lib/server/a2a/store";
import { A2aTasks } from "@/lib/server/a2a/tasks";
import { resumeLeftTasks, TaskFollowers } from "@/lib/server/a2a/taken-over";
import type { Hub } from "@/lib/server/hub";
import { claimPeer } from "@/lib/server/peers/leased";
import { PeerRegistry } from "@/lib/server/peers/registry";
import { query } from "@/lib/server/rows";
import { isRecord } from "@/lib/values";

/** A2A agents' leases are `a2a:<agent id>` (lib/server/a2a/leased.ts). */
export const A2A_LEASE = "a2a";

export interface A2aBuiltinInput {
  id: string;
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * Every saved A2A agent, the tasks Loupe saw, their human requests and push webhooks (STYLE rule 3).
 * The calls themselves are exchanges.ts's, the webhooks push.ts's, the task records tasks.ts's.
 */
export class A2aRegistry {
  readonly a2aStore: A2aStore;
  readonly tasks: A2aTasks;
  private readonly peers: PeerRegistry<A2aAgentInput, A2aAgentState>;
  private readonly exchanges: A2aExchanges;
  private readonly push: A2aPush;
  private readonly followers = new TaskFollowers();

  constructor(readonly hub: Hub) {
    this.a2aStore = new A2aStore(hub.store);
    this.peers = new PeerRegistry({
      table: this.a2aStore.agents,
      initialState: () => ({ status: "unknown" }),
      notFound: (id) => new AppError("not_found:a2a_agent", `No A2A agent with id "${id}"`),
      builtinRemoval: (config) =>
        new AppError("conflict:a2a_builtin", `"${config.name}" is a demo agent Loupe starts itself: it cannot be removed`),
      lease: A2A_LEASE,
    });
    this.tasks = new A2aTasks(hub, this.a2aStore, (id) => this.peers.find(id)?.config.name ?? id);
    this.exchanges = new A2aExchanges(hub, this.tasks, {
      require: (id) => this.peers.require(id),
      refreshCard: (id) => this.refreshCard(id),
      unreachable: (id, message) => {
        const entry = this.peers.find(id);
        if (entry) entry.state = { ...entry.state, status: "error", error: message };
      },
    });
    this.push = new A2aPush(hub, this.a2aStore, this.tasks, this.exchanges);
  }

  // ── agents ─────────────────────────────────────────────────────────────────
  list(): A2aAgentView[] {
    return this.peers.list();
  }

  get(id: string): A2aAgentView {
    return this.peers.get(id);
  }

  has(id: string): boolean {
    return this.peers.has(id);
  }

  /** Saves the agent (this instance takes its lease, issue 25) and fetches its card; a card not had shows in its state. */
  async create(input: A2aAgentInput, opts: { id?: string; builtin?: boolean } = {}): Promise<A2aAgentView> {
    const entry = this.peers.create(input, opts);
    await claimPeer(A2A_LEASE, entry.config.id);
    return this.refreshCard(entry.config.id).catch(() => this.peers.view(entry));
  }

  /** The saved agents read again (another instance added, edited or removed some); new ones have their card read. */
  syncSaved(): string[] {
    const { saved, added } = this.peers.syncSaved();
    for (const id of added) void this.refreshCard(id).catch(() => undefined);
    return saved;
  }

  /**
   * Holds the agent's lease now (issue 25): requests read again; the answers a dead holder had on their
   * way settled (answer-in-flight.ts), its running tasks resumed (taken-over.ts).
   */
  async takeOver(id: string, tookOver: { name: string } | null): Promise<void> {
    if (!this.peers.has(id)) return;
    this.tasks.reload();
    if (!tookOver) return;
    for (const request of settleTakenOver(this.a2aStore, id, tookOver.name, this.tasks.answeringHere)) this.tasks.save(request);
    await resumeLeftTasks(this, id, tookOver.name, this.followers);
  }

  /** Lost to another instance, or no longer saved: its streams here end (the holder resubscribes). */
  closeStreams(id: string): void {
    this.followers.stop(id);
    this.exchanges.abortAgent(id, "Another Loupe instance holds this agent now; its streams continue there");
  }

  /** Boot's demo peers: saved under a fixed id as builtin; calling again (every boot) only updates them. */
  registerBuiltin(input: A2aBuiltinInput): Promise<A2aAgentView> {
    return this.create({ name: input.name, url: input.url, headers: input.headers ?? {} }, { id: input.id, builtin: true });
  }

  /** Masked header values keep the stored secret. */
  async update(id: string, input: Partial<A2aAgentInput>): Promise<A2aAgentView> {
    const entry = this.peers.update(id, input);
    return this.refreshCard(id).catch(() => this.peers.view(entry));
  }

  /** `builtin: true` (boot without the demo, whose peers are then not started) removes a demo agent too. */
  remove(id: string, opts: { builtin?: boolean } = {}): void {
    this.peers.remove(id, opts, (entry) => this.exchanges.abortAgent(id, `The agent "${entry.config.name}" was removed`));
    this.tasks.dropAgent(id);
    this.push.dropAgent(id);
  }

  /** Re-reads the card; the failure is kept in the state and thrown (AppError 4xx/502). */
  async refreshCard(id: string): Promise<A2aAgentView> {
    const entry = this.peers.require(id);
    try {
      entry.state = await fetchCard(this.hub, id, entry.config.url, entry.config.headers, entry.config.transport);
    } catch (e) {
      const err = AppError.from(e);
      entry.state = { ...entry.state, status: "error", error: err.message };
      throw err;
    }
    return this.peers.view(entry);
  }

  // ── exchanges ──────────────────────────────────────────────────────────────
  /**
   * Sends a message; resolves at the agent's first frame (exchanges.ts). A push config rides in the
   * same request (issue 23): without a url, Loupe's own receiver with a per-task token, bound to the
   * task the agent names. `onTask` hears each task the agent names before anything of it is applied
   * (a test replay marks its scope there, before the task's first pause is recorded).
   */
  async send(agentId: string, body: A2aSendBody, opts: { secrets?: string[]; onTask?: (taskId: string) => void } = {}) {
    if (!body.push) return this.exchanges.send(agentId, body, opts);
    if (!this.peers.require(agentId).state.card) await this.refreshCard(agentId);
    const card = this.peers.require(agentId).state.card;
    if (!(isRecord(card) && isRecord(card.capabilities) && card.capabilities.pushNotifications === true))
      throw new AppError(
        "bad_request:a2a_push_unsupported",
        "The agent card does not declare capabilities.pushNotifications: it would ignore the push config",
      );
    const own = body.push.url === undefined ? this.push.prepare(agentId) : undefined;
    const config = own ?? { id: randomUUID(), url: body.push.url ?? "", token: body.push.token ?? "" };
    try {
      // The token is recorded masked, as a credential is.
      const secrets = [...(opts.secrets ?? []), ...(config.token ? [config.token] : [])];
      const sent = await this.exchanges.send(agentId, body, { ...opts, secrets, push: config });
      if (own && sent.taskId) this.push.bind(own.id, sent.taskId);
      return sent;
    } finally {
      if (own) this.push.discard(own.id);
    }
  }

  /** Resolves when an exchange's stream has ended (tests). */
  waitExchange(exchangeId: string): Promise<void> {
    return this.exchanges.wait(exchangeId);
  }

  /** Every open stream is aborted (recorded `closed`) and has ended (tests, shutdown). */
  closeAll(): Promise<void> {
    this.followers.stopAll();
    return this.exchanges.closeAll();
  }

  // ── tasks ──────────────────────────────────────────────────────────────────
  private summary(agentId: string, taskId: string): A2aTaskSummary | undefined {
    const rec = this.tasks.get(agentId, taskId);
    if (!rec) return undefined;
    const { task: _task, artifactIds: _ids, ...summary } = rec;
    const push = this.push.forTask(agentId, taskId);
    return { ...summary, streaming: this.exchanges.streaming(agentId, taskId), ...(push ? { push } : {}) };
  }

  listTasks(agentId: string): A2aTaskSummary[] {
    this.peers.require(agentId);
    return this.tasks.list(agentId).flatMap((t) => this.summary(agentId, t.taskId) ?? []);
  }

  getTask(agentId: string, taskId: string): A2aTaskDetail {
    this.peers.require(agentId);
    const summary = this.summary(agentId, taskId);
    if (!summary) throw new AppError("not_found:a2a_task", `Loupe has seen no task "${taskId}" of this agent`);
    // The task's frames, streams, pushes and requests, and the requests of the exchanges that carried them.
    const rows = query<{ seq: number }>(
      this.hub.store,
      `SELECT seq FROM entries WHERE connection_id = ? AND protocol = 'a2a' AND (json_extract(raw, '$.taskId') = ?
         OR json_extract(raw, '$.exchangeId') IN (SELECT json_extract(raw, '$.exchangeId') FROM entries
           WHERE connection_id = ? AND protocol = 'a2a' AND json_extract(raw, '$.taskId') = ?)) ORDER BY seq`,
    ).all(agentId, taskId, agentId, taskId);
    return { ...summary, task: this.tasks.get(agentId, taskId)?.task, entrySeqs: rows.map((r) => r.seq) };
  }

  /** tasks/get now. */
  async refreshTask(agentId: string, taskId: string, { unreachableIsLost = true } = {}): Promise<A2aTaskDetail> {
    try {
      await this.exchanges.unary(agentId, (c) => c.getTask({ tenant: "", id: taskId }));
    } catch (e) {
      // Nothing answered: an unfinished task says so (the agent is listed unreachable by unary()).
      const err = AppError.from(e);
      if (err.code === "upstream:a2a_unreachable" && unreachableIsLost) this.tasks.markLost(agentId, taskId, err.message);
      throw err;
    }
    return this.getTask(agentId, taskId);
  }

  /** tasks/cancel. */
  async cancelTask(agentId: string, taskId: string): Promise<A2aTaskDetail> {
    await this.exchanges.unary(agentId, (c) => c.cancelTask({ tenant: "", id: taskId, metadata: undefined }));
    return this.getTask(agentId, taskId);
  }

  /** tasks/resubscribe (v0.3) / SubscribeToTask (v1.0) after a drop; resolves at the first frame. */
  resubscribe(agentId: string, taskId: string): Promise<{ exchangeId: string }> {
    return this.exchanges.resubscribe(agentId, taskId, this.tasks.get(agentId, taskId)?.contextId);
  }

  // ── human requests ─────────────────────────────────────────────────────────
  listRequests(): A2aHumanRequest[] {
    return this.tasks.listRequests();
  }

  /** Continues the request's task with the answer, exactly once (answer-request.ts). */
  answerRequest(requestId: string, body: A2aAnswerBody): Promise<A2aHumanRequest> {
    return answerA2aRequest(
      {
        store: this.hub.store,
        a2aStore: this.a2aStore,
        tasks: this.tasks,
        requireAgent: (agentId) => void this.peers.require(agentId),
        send: (agentId, sendBody, opts) => this.send(agentId, sendBody, opts),
      },
      requestId,
      body,
    );
  }

  // ── push notifications ─────────────────────────────────────────────────────
  /** Registers Loupe's webhook for the task, with a random per-task token (push.ts). */
  async registerPush(agentId: string, taskId: string): Promise<A2aPushRegistration> {
    this.peers.require(agentId);
    return this.push.register(agentId, taskId);
  }

  /** One webhook POST (the launcher's /a2a-push/:pushId): push.ts checks the per-task token and records it. */
  receivePush(pushId: string, headers: Record<string, string>, bodyText: string): { status: number; message: string } {
    return this.push.receive(pushId, headers, bodyText);
  }
}
