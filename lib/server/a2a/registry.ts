import "server-only";
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
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
import type { Entry } from "@/lib/contracts/entries";
import { AppError } from "@/lib/errors";
import type { AppErrorBody } from "@/lib/errors";
import type { A2aFrameResult, A2aItem } from "@/lib/protocols/a2a/frames";
import { readFrame } from "@/lib/protocols/a2a/frames";
import { maskHeaders, mergeHeaders } from "@/lib/server/secrets";
import type { Hub } from "@/lib/server/hub";
import { fetchCard } from "@/lib/server/a2a/card";
import { makeClient, sendRequest } from "@/lib/server/a2a/client";
import { A2aStore } from "@/lib/server/a2a/store";
import type { A2aAgentConfig, A2aPushRecord } from "@/lib/server/a2a/store";
import { A2aTasks } from "@/lib/server/a2a/tasks";
import { answerParts } from "@/lib/server/a2a/answers";
import { agentError, transportError } from "@/lib/server/a2a/errors";
import { grpcRecorder } from "@/lib/server/a2a/grpc-wire";
import { A2aWire, recordA2a } from "@/lib/server/a2a/wire";
import { errorMessage } from "@/lib/values";

export interface A2aBuiltinInput {
  id: string;
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface AgentEntry {
  config: A2aAgentConfig;
  state: A2aAgentState;
}

/** One call to the agent: its wire, and what the agent's frames said. */
interface Exchange {
  id: string;
  agentId: string;
  wire: A2aWire;
  error?: { code: number | string; message: string; data?: unknown };
  frames: number;
  taskIds: Set<string>;
  /** Aborts the exchange's HTTP requests (its stream): the agent was removed, or Loupe stops. */
  abort: AbortController;
  /** Why it was aborted: the `a2a_stream` closed entry's reason. */
  aborted?: string;
}

const PUSH_PATH = "/a2a-push/";

/** Every saved A2A agent, the tasks Loupe saw, their human requests and push webhooks (STYLE rule 3). */
export class A2aRegistry {
  readonly a2aStore: A2aStore;
  readonly tasks: A2aTasks;
  private readonly agents = new Map<string, AgentEntry>();
  /** `agentId\ntaskId` → the exchange whose stream is open for it now (task ids are the agent's: two agents may share one). */
  private readonly streams = new Map<string, string>();
  /** Exchanges whose stream is being drained: removing their agent or closing aborts them. */
  private readonly exchanges = new Map<string, { exchange: Exchange; run: Promise<void> }>();
  private readonly push = new Map<string, A2aPushRecord>();

  constructor(readonly hub: Hub) {
    this.a2aStore = new A2aStore(hub.store);
    for (const config of this.a2aStore.listAgents()) this.agents.set(config.id, { config, state: { status: "unknown" } });
    this.tasks = new A2aTasks(hub, this.a2aStore, (id) => this.agents.get(id)?.config.name ?? id);
    for (const p of this.a2aStore.listPush()) this.push.set(p.pushId, p);
  }

  // ── agents ─────────────────────────────────────────────────────────────────
  private view(entry: AgentEntry): A2aAgentView {
    return { ...entry.config, headers: maskHeaders(entry.config.headers), state: entry.state };
  }

  private require(id: string): AgentEntry {
    const entry = this.agents.get(id);
    if (!entry) throw new AppError("not_found:a2a_agent", `No A2A agent with id "${id}"`);
    return entry;
  }

  list(): A2aAgentView[] {
    return [...this.agents.values()].map((e) => this.view(e));
  }

  get(id: string): A2aAgentView {
    return this.view(this.require(id));
  }

  has(id: string): boolean {
    return this.agents.has(id);
  }

  /** Saves the agent and fetches its card at once; a card that cannot be had shows in its state. */
  async create(input: A2aAgentInput, opts: { id?: string; builtin?: boolean } = {}): Promise<A2aAgentView> {
    const id = opts.id ?? randomUUID();
    const existing = this.agents.get(id);
    const config: A2aAgentConfig = {
      ...input,
      id,
      createdAt: existing?.config.createdAt ?? Date.now(),
      ...(opts.builtin || existing?.config.builtin ? { builtin: true } : {}),
    };
    this.a2aStore.saveAgent(config);
    const entry: AgentEntry = existing ?? { config, state: { status: "unknown" } };
    entry.config = config;
    this.agents.set(id, entry);
    return this.refreshCard(id).catch(() => this.view(entry));
  }

  /** Boot's demo peers: saved under a fixed id as builtin; calling again (every boot) only updates them. */
  registerBuiltin(input: A2aBuiltinInput): Promise<A2aAgentView> {
    return this.create({ name: input.name, url: input.url, headers: input.headers ?? {} }, { id: input.id, builtin: true });
  }

  /** Masked header values keep the stored secret. */
  async update(id: string, input: Partial<A2aAgentInput>): Promise<A2aAgentView> {
    const entry = this.require(id);
    const headers = input.headers ? mergeHeaders(input.headers, entry.config.headers) : entry.config.headers;
    entry.config = { ...entry.config, ...input, headers };
    this.a2aStore.saveAgent(entry.config);
    return this.refreshCard(id).catch(() => this.view(entry));
  }

  /** `builtin: true` (boot without the demo, whose peers are then not started) removes a demo agent too. */
  remove(id: string, opts: { builtin?: boolean } = {}): void {
    const entry = this.require(id);
    if (entry.config.builtin && !opts.builtin)
      throw new AppError("conflict:a2a_builtin", `"${entry.config.name}" is a demo agent Loupe starts itself: it cannot be removed`);
    // Its open streams end now (recorded `closed` with the reason), not when the agent ends them.
    for (const { exchange } of this.exchanges.values())
      if (exchange.agentId === id) this.abortExchange(exchange, `The agent "${entry.config.name}" was removed`);
    this.agents.delete(id);
    this.a2aStore.deleteAgent(id);
    this.tasks.dropAgent(id);
    for (const [pushId, p] of this.push) if (p.agentId === id) this.push.delete(pushId);
  }

  /** Re-reads the card; the failure is kept in the state and thrown (AppError 4xx/502). */
  async refreshCard(id: string): Promise<A2aAgentView> {
    const entry = this.require(id);
    try {
      const state = await fetchCard(this.hub, id, entry.config.url, entry.config.headers);
      const transport =
        entry.config.transport && state.transports?.includes(entry.config.transport) ? entry.config.transport : state.transports?.[0];
      entry.state = { ...state, ...(transport ? { transport } : {}) };
    } catch (e) {
      const err = AppError.from(e);
      entry.state = { ...entry.state, status: "error", error: err.message };
      throw err;
    }
    return this.view(entry);
  }

  // ── exchanges ──────────────────────────────────────────────────────────────
  private async open(agentId: string, opts: { contextId?: string; secrets?: string[] } = {}) {
    const entry = this.require(agentId);
    if (!entry.state.card || entry.state.status !== "ok") await this.refreshCard(agentId);
    const exchange: Exchange = {
      id: randomUUID(),
      agentId,
      frames: 0,
      taskIds: new Set(),
      abort: new AbortController(),
      wire: undefined as unknown as A2aWire,
    };
    exchange.wire = new A2aWire(this.hub, {
      agentId,
      exchangeId: exchange.id,
      transport: entry.state.transport ?? "JSONRPC",
      ...(opts.contextId ? { contextId: opts.contextId } : {}),
      ...(opts.secrets ? { secrets: opts.secrets } : {}),
      signal: exchange.abort.signal,
      onItem: (item, recorded) => this.onItem(exchange, item, recorded),
    });
    const grpcRecorded = (target: string) => grpcRecorder(exchange.wire, target, entry.config.headers, exchange.abort.signal);
    const client = await makeClient(entry.state.card, entry.state.transport, exchange.wire.fetchWith(entry.config.headers), grpcRecorded);
    return { entry, exchange, client };
  }

  private onItem(exchange: Exchange, item: A2aItem, recorded: Entry): void {
    exchange.frames++;
    if (item.type === "error") {
      exchange.error = item;
      return;
    }
    this.tasks.apply(exchange.agentId, item);
    if (item.type === "task") {
      exchange.taskIds.add(item.taskId);
      const payload = recorded.raw as { payload?: { result?: { task?: unknown } | unknown } };
      const result = payload.payload?.result ?? payload.payload;
      this.tasks.keepTask(exchange.agentId, item.taskId, (result as { task?: unknown }).task ?? result);
    }
    if (item.type === "status" || item.type === "artifact") exchange.taskIds.add(item.taskId);
    if (item.type === "message" && item.message.taskId) exchange.taskIds.add(item.message.taskId);
  }

  /** A unary call: the agent's JSON-RPC / REST error becomes the AppError, never a 500. */
  private async unary<T>(agentId: string, call: (client: Awaited<ReturnType<typeof makeClient>>) => Promise<T>): Promise<T> {
    const { entry, exchange, client } = await this.open(agentId);
    try {
      return await call(client);
    } catch (e) {
      if (exchange.error) throw agentError(exchange.error);
      throw transportError(e, entry.config.url);
    }
  }

  /**
   * Sends a message (message/stream when asked and the card streams, message/send otherwise).
   * Resolves once the agent's first frame arrived (or rejects with its error); the rest of a
   * stream keeps arriving as entries.
   */
  async send(
    agentId: string,
    body: A2aSendBody,
    opts: { secrets?: string[] } = {},
  ): Promise<{ exchangeId: string; taskId?: string; contextId?: string }> {
    const { entry, exchange, client } = await this.open(agentId, { ...(body.contextId ? { contextId: body.contextId } : {}), ...opts });
    const request = sendRequest(body);
    const capabilities = (entry.state.card as { capabilities?: { streaming?: boolean } } | undefined)?.capabilities;
    const ids = () => {
      const taskId = [...exchange.taskIds][0] ?? body.taskId;
      const rec = taskId ? this.tasks.get(agentId, taskId) : undefined;
      return {
        exchangeId: exchange.id,
        ...(taskId ? { taskId } : {}),
        ...(rec?.contextId ? { contextId: rec.contextId } : body.contextId ? { contextId: body.contextId } : {}),
      };
    };
    if (!body.stream || capabilities?.streaming !== true) {
      try {
        await client.sendMessage(request);
      } catch (e) {
        if (exchange.error) throw agentError(exchange.error);
        throw transportError(e, entry.config.url);
      }
      return ids();
    }
    await this.stream(entry, exchange, client.sendMessageStream(request), body.taskId);
    return ids();
  }

  /**
   * Drains a stream in the background; resolves at its first frame. A stream that dies after
   * frames arrived is recorded `dropped` (resubscribe is offered), one the agent ended with an
   * error or a frame the SDK refused is `closed` with the reason.
   */
  private stream(
    entry: AgentEntry,
    exchange: Exchange,
    gen: AsyncGenerator<unknown>,
    knownTaskId?: string,
    event: "open" | "resubscribed" = "open",
  ): Promise<void> {
    const streamEntry = (ev: "open" | "closed" | "dropped" | "resubscribed", error?: string) => {
      const taskId = [...exchange.taskIds][0] ?? knownTaskId;
      exchange.wire.record("a2a_stream", "local", {
        exchangeId: exchange.id,
        event: ev,
        method: exchange.wire.lastMethod,
        ...(taskId ? { taskId } : {}),
        ...(error ? { error } : {}),
      });
    };
    let first: { resolve: () => void; reject: (e: AppError) => void; settled: boolean } | undefined;
    const started = new Promise<void>((resolve, reject) => {
      first = { resolve, reject, settled: false };
    });
    const settle = (e?: AppError) => {
      if (!first || first.settled) return;
      first.settled = true;
      if (e) first.reject(e);
      else first.resolve();
    };
    const mark = (on: boolean) => {
      for (const id of exchange.taskIds) {
        const key = `${exchange.agentId}\n${id}`;
        if (on) this.streams.set(key, exchange.id);
        else if (this.streams.get(key) === exchange.id) this.streams.delete(key);
      }
    };
    if (knownTaskId) exchange.taskIds.add(knownTaskId);
    const run = (async () => {
      let opened = false;
      try {
        for await (const _ of gen) {
          if (!opened) {
            opened = true;
            streamEntry(event);
          }
          mark(true);
          settle();
        }
        await exchange.wire.streamEnded;
        if (!opened) streamEntry(event);
        streamEntry("closed", exchange.aborted);
      } catch (e) {
        const cut = await exchange.wire.streamEnded;
        if (exchange.aborted) {
          streamEntry("closed", exchange.aborted);
          settle(new AppError("conflict:a2a_aborted", exchange.aborted));
        } else if (exchange.error) {
          streamEntry("closed", `The agent ended the stream with an error: ${exchange.error.message}`);
          settle(agentError(exchange.error));
        } else if (exchange.wire.sawMalformed) {
          streamEntry("closed", `A frame did not fit the A2A schema; the SDK stopped reading: ${errorMessage(e)}`);
          settle(new AppError("upstream:a2a_malformed", "The agent sent a frame that is not A2A (recorded raw)"));
        } else if (exchange.frames > 0) {
          streamEntry("dropped", cut ?? errorMessage(e));
        } else {
          settle(transportError(e, entry.config.url));
        }
      } finally {
        mark(false);
        settle();
      }
    })();
    this.exchanges.set(exchange.id, { exchange, run });
    void run.finally(() => this.exchanges.delete(exchange.id));
    return started;
  }

  private abortExchange(exchange: Exchange, reason: string): void {
    exchange.aborted ??= reason;
    exchange.abort.abort(new Error(reason));
  }

  /** Resolves when an exchange's stream has ended (tests). */
  async waitExchange(exchangeId: string): Promise<void> {
    await this.exchanges.get(exchangeId)?.run;
  }

  // ── tasks ──────────────────────────────────────────────────────────────────
  private summary(agentId: string, taskId: string): A2aTaskSummary | undefined {
    const rec = this.tasks.get(agentId, taskId);
    if (!rec) return undefined;
    const { task: _task, artifactIds: _ids, ...summary } = rec;
    const push = [...this.push.values()].find((p) => p.agentId === agentId && p.taskId === taskId);
    return { ...summary, streaming: this.streams.has(`${agentId}\n${taskId}`), ...(push ? { push: push.registration } : {}) };
  }

  listTasks(agentId: string): A2aTaskSummary[] {
    this.require(agentId);
    return this.tasks.list(agentId).flatMap((t) => this.summary(agentId, t.taskId) ?? []);
  }

  getTask(agentId: string, taskId: string): A2aTaskDetail {
    this.require(agentId);
    const summary = this.summary(agentId, taskId);
    if (!summary) throw new AppError("not_found:a2a_task", `Loupe has seen no task "${taskId}" of this agent`);
    // The task's frames, streams, pushes and requests, and the requests of the exchanges that carried them.
    const rows = this.hub.store
      .prepare(
        `SELECT seq FROM entries WHERE connection_id = ? AND protocol = 'a2a' AND (json_extract(raw, '$.taskId') = ?
           OR json_extract(raw, '$.exchangeId') IN (SELECT json_extract(raw, '$.exchangeId') FROM entries
             WHERE connection_id = ? AND protocol = 'a2a' AND json_extract(raw, '$.taskId') = ?)) ORDER BY seq`,
      )
      .all(agentId, taskId, agentId, taskId) as { seq: number }[];
    return { ...summary, task: this.tasks.get(agentId, taskId)?.task, entrySeqs: rows.map((r) => r.seq) };
  }

  /** tasks/get now. */
  async refreshTask(agentId: string, taskId: string): Promise<A2aTaskDetail> {
    await this.unary(agentId, (c) => c.getTask({ tenant: "", id: taskId }));
    return this.getTask(agentId, taskId);
  }

  /** tasks/cancel. */
  async cancelTask(agentId: string, taskId: string): Promise<A2aTaskDetail> {
    await this.unary(agentId, (c) => c.cancelTask({ tenant: "", id: taskId, metadata: undefined }));
    return this.getTask(agentId, taskId);
  }

  /** tasks/resubscribe (v0.3) / SubscribeToTask (v1.0) after a drop; resolves at the first frame. */
  async resubscribe(agentId: string, taskId: string): Promise<{ exchangeId: string }> {
    const rec = this.tasks.get(agentId, taskId);
    const { entry, exchange, client } = await this.open(agentId, rec?.contextId ? { contextId: rec.contextId } : {});
    await this.stream(entry, exchange, client.resubscribeTask({ tenant: "", id: taskId }), taskId, "resubscribed");
    return { exchangeId: exchange.id };
  }

  // ── human requests ─────────────────────────────────────────────────────────
  listRequests(): A2aHumanRequest[] {
    return this.tasks.listRequests();
  }

  /** Continues the request's task (same taskId and contextId) with the answer, exactly once. */
  async answerRequest(requestId: string, body: A2aAnswerBody): Promise<A2aHumanRequest> {
    const request = this.tasks.getRequest(requestId);
    if (!request) throw new AppError("not_found:a2a_request", `No A2A request with id "${requestId}"`);
    this.require(request.agentId);
    const claim = this.tasks.claim(requestId, this.tasks.get(request.agentId, request.taskId)?.state);
    if (claim === "answered") throw new AppError("conflict:a2a_request_answered", "This request was already answered");
    if (claim === "stale") {
      const now = this.tasks.getRequest(requestId);
      throw new AppError("conflict:a2a_request_stale", `This request no longer waits: ${now?.reason ?? "the task moved on"}`);
    }
    const parts = answerParts(request, body);
    try {
      await this.send(
        request.agentId,
        { parts, taskId: request.taskId, contextId: request.contextId, stream: true },
        body.kind === "credential" ? { secrets: [body.credential] } : {},
      );
      const { error: _e, ...rest } = this.tasks.getRequest(requestId) ?? request;
      return this.tasks.save({ ...rest, status: "answered", answeredAt: Date.now() });
    } catch (e) {
      const error: AppErrorBody = AppError.from(e).toJSON();
      this.tasks.save({ ...(this.tasks.getRequest(requestId) ?? request), status: "failed", error });
      throw e;
    } finally {
      this.tasks.release(requestId);
    }
  }

  // ── push notifications ─────────────────────────────────────────────────────
  /** Registers Loupe's webhook for the task, with a random per-task token. */
  async registerPush(agentId: string, taskId: string): Promise<A2aPushRegistration> {
    this.require(agentId);
    const pushId = randomUUID();
    const token = randomBytes(24).toString("base64url");
    const url = `http://127.0.0.1:${process.env.LOUPE_PORT ?? "3000"}${PUSH_PATH}${pushId}`;
    const registration: A2aPushRegistration = { pushId, url, registeredAt: Date.now(), received: 0 };
    const record: A2aPushRecord = { pushId, agentId, taskId, token, registration };
    // Known before the agent answers: some agents post the first notification at once.
    this.push.set(pushId, record);
    try {
      await this.unary(agentId, (c) =>
        c.createTaskPushNotificationConfig({ tenant: "", id: pushId, taskId, url, token, authentication: undefined }),
      );
    } catch (e) {
      this.push.delete(pushId);
      throw e;
    }
    this.a2aStore.savePush(record);
    return registration;
  }

  /**
   * One webhook POST (the launcher's /a2a-push/:pushId, outside the Loupe token): the per-task
   * token is compared in constant time; the body is recorded as it came and applied to the task.
   */
  receivePush(pushId: string, headers: Record<string, string>, bodyText: string): { status: number; message: string } {
    const record = this.push.get(pushId);
    const given = Buffer.from(headers["x-a2a-notification-token"] ?? "");
    const want = Buffer.from(record?.token ?? randomBytes(24).toString("base64url"));
    const ok = given.length === want.length && timingSafeEqual(given, want);
    if (!record || !ok) return { status: 401, message: "Unknown webhook or wrong X-A2A-Notification-Token" };
    let body: unknown = bodyText;
    let read: A2aFrameResult | undefined;
    try {
      body = JSON.parse(bodyText);
      read = readFrame(body);
    } catch {
      read = { ok: false, error: "the body is not JSON" };
    }
    // The token was issued for one task: an update naming another (even of the same agent) must
    // not change it or open a human request for it. Recorded as it came, then refused.
    const named = read.ok && "taskId" in read.item ? (read.item as { taskId?: string }).taskId : undefined;
    const foreign =
      named !== undefined && named !== record.taskId
        ? `The update names task "${named}"; this webhook is for task "${record.taskId}" only`
        : undefined;
    if (foreign) read = { ok: false, error: foreign };
    const rec = this.tasks.get(record.agentId, record.taskId);
    recordA2a(this.hub, record.agentId, rec?.contextId ?? null, "a2a_push", "in", {
      pushId,
      taskId: record.taskId,
      headers: maskHeaders(headers),
      body,
      ...(read.ok ? { kind: read.item.type } : { error: read.error }),
    });
    if (foreign) return { status: 400, message: foreign };
    if (read.ok) this.tasks.apply(record.agentId, read.item);
    record.registration = { ...record.registration, received: record.registration.received + 1 };
    this.a2aStore.savePush(record);
    return { status: 200, message: "recorded" };
  }

  /** Every open stream is aborted (recorded `closed`) and has ended (tests, shutdown): an agent that keeps one open cannot hold Loupe. */
  async closeAll(): Promise<void> {
    const open = [...this.exchanges.values()];
    for (const { exchange } of open) this.abortExchange(exchange, "Loupe is shutting down");
    await Promise.allSettled(open.map((o) => o.run));
  }
}
