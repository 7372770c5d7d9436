import "server-only";
import { randomUUID } from "node:crypto";
import type { RunAgentInput } from "@ag-ui/core";
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
import { AppError } from "@/lib/errors";
import { pendingFrontendCalls, threadMessagesAfterRun } from "@/lib/protocols/agui";
import { AguiStore } from "@/lib/server/agui/agui-store";
import type { AguiAgentConfig, AguiThreadRecord } from "@/lib/server/agui/agui-store";
import { startRun } from "@/lib/server/agui/runner";
import type { ActiveRun, RunPlan, RunResult } from "@/lib/server/agui/runner";
import { getHub } from "@/lib/server/hub";
import { previewEntry } from "@/lib/server/preview";
import type { Entry } from "@/lib/contracts/entries";
import type { Hub } from "@/lib/server/hub";
import { maskHeaders, mergeHeaders } from "@/lib/server/secrets";

/**
 * The AG-UI service (issue 11 §3): saved agents, runs, the thread state Loupe keeps as the client
 * (messages, state), and human requests — front-end tool calls and interrupts — answered by
 * starting the next run. Routes and the inbox go through getAgui().
 */

/** Entries one thread GET returns at most (the newest); a 10,000-event run fits several times over. */
const THREAD_ENTRIES_LIMIT = 100_000;

const toolContent = (result: unknown): string => (typeof result === "string" ? result : JSON.stringify(result ?? null));

export class AguiService {
  readonly store: AguiStore;
  private readonly agents = new Map<string, { config: AguiAgentConfig; state: AguiAgentState }>();
  private readonly active = new Map<string, { run: ActiveRun; threadKey: string; done: Promise<RunResult> }>();
  private readonly busyThreads = new Map<string, string>();

  constructor(readonly hub: Hub) {
    this.store = new AguiStore(hub.store);
    for (const config of this.store.listAgents()) this.agents.set(config.id, { config, state: { status: "unknown" } });
    const settled = this.store.settleAfterRestart();
    for (const run of settled.runs) this.recordLocal("agui_run", run.agentId, run.threadId, run);
    for (const request of settled.requests) this.recordLocal("agui_request", request.agentId, request.threadId, request);
  }

  private recordLocal(kind: "agui_run", agentId: string, threadId: string, raw: AguiRunRecord): void;
  private recordLocal(kind: "agui_request", agentId: string, threadId: string, raw: AguiHumanRequest): void;
  private recordLocal(
    ...[kind, agentId, threadId, raw]: ["agui_run", string, string, AguiRunRecord] | ["agui_request", string, string, AguiHumanRequest]
  ): void {
    const base = {
      connectionId: agentId,
      sessionKey: threadId,
      protocol: "agui" as const,
      direction: "local" as const,
      receivedAt: Date.now(),
      sourceTime: null,
    };
    if (kind === "agui_run") this.hub.record({ ...base, kind, raw });
    else this.hub.record({ ...base, kind, raw });
  }

  // ── agents ─────────────────────────────────────────────────────────────────
  private view(entry: { config: AguiAgentConfig; state: AguiAgentState }): AguiAgentView {
    return { ...entry.config, headers: maskHeaders(entry.config.headers), state: entry.state };
  }

  private require(id: string) {
    const entry = this.agents.get(id);
    if (!entry) throw new AppError("not_found:agui_agent", `No AG-UI agent with id "${id}"`);
    return entry;
  }

  list(): AguiAgentView[] {
    return [...this.agents.values()].map((e) => this.view(e));
  }

  get(id: string): AguiAgentView {
    return this.view(this.require(id));
  }

  has(id: string): boolean {
    return this.agents.has(id);
  }

  create(input: AguiAgentInput, opts: { id?: string; builtin?: boolean } = {}): AguiAgentView {
    const id = opts.id ?? randomUUID();
    const prev = this.agents.get(id);
    const config: AguiAgentConfig = {
      ...input,
      id,
      createdAt: prev?.config.createdAt ?? Date.now(),
      ...(opts.builtin ? { builtin: true } : {}),
    };
    this.store.saveAgent(config);
    const entry = { config, state: prev?.state ?? { status: "unknown" as const } };
    this.agents.set(id, entry);
    return this.view(entry);
  }

  update(id: string, patch: Partial<AguiAgentInput>): AguiAgentView {
    const entry = this.require(id);
    const headers = patch.headers ? mergeHeaders(patch.headers, entry.config.headers) : entry.config.headers;
    entry.config = { ...entry.config, ...patch, headers };
    this.store.saveAgent(entry.config);
    return this.view(entry);
  }

  /** `builtin: true` (boot without the demo) removes the built-in demo agent too. */
  remove(id: string, opts: { builtin?: boolean } = {}): void {
    const entry = this.require(id);
    if (entry.config.builtin && !opts.builtin)
      throw new AppError("bad_request:agui_agent_builtin", "The demo AG-UI agent is built in and cannot be removed");
    for (const a of this.active.values()) if (a.threadKey.startsWith(`${id}\n`)) a.run.abort();
    this.store.deleteAgent(id);
    this.agents.delete(id);
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
    this.require(agentId);
    return this.store.listThreads(agentId).map((t) => this.summary(t));
  }

  thread(agentId: string, threadId: string): AguiThreadDetail {
    this.require(agentId);
    const t = this.store.getThread(agentId, threadId);
    if (!t) throw new AppError("not_found:agui_thread", `No thread "${threadId}" on this agent`);
    return { ...this.summary(t), messages: t.messages, state: t.state, runs: this.store.threadRuns(agentId, threadId) };
  }

  /** Every entry of the thread (inputs, events, runs, requests), oldest first; large raws previewed. */
  threadEntries(agentId: string, threadId: string): Entry[] {
    this.require(agentId);
    return this.store.threadEntries(agentId, threadId, THREAD_ENTRIES_LIMIT).map((e) => previewEntry(e));
  }

  // ── runs ───────────────────────────────────────────────────────────────────
  startRun(agentId: string, body: AguiRunBody): { runId: string; threadId: string } {
    const { config } = this.require(agentId);
    const threadId = body.threadId ?? randomUUID();
    const thread = this.store.getThread(agentId, threadId);
    const runId = randomUUID();
    this.assertIdle(agentId, threadId);
    // Starting a run without answering what the thread waits on moves it on: those answers can no
    // longer be carried by the run they were asked in (the agent decides what the new run means).
    for (const r of this.store.threadRequests(agentId, threadId)) {
      if (r.status === "pending" || (r.status === "answered" && !r.answeredByRunId) || r.status === "failed") {
        this.saveRequest({ ...r, status: "stale", reason: `The thread moved on: run ${runId} started without this answer` });
      }
    }
    const messages = [...(thread?.messages ?? [])];
    if (body.text !== undefined && body.text !== "") messages.push({ id: randomUUID(), role: "user", content: body.text });
    const tools = body.tools ?? config.tools;
    const input = {
      threadId,
      runId,
      state: body.state !== undefined ? body.state : (thread?.state ?? {}),
      messages,
      tools,
      context: body.context,
      forwardedProps: body.forwardedProps ?? {},
    } as RunAgentInput;
    this.launch(config, input, tools);
    return { runId, threadId };
  }

  private assertIdle(agentId: string, threadId: string): void {
    const busy = this.busyThreads.get(`${agentId}\n${threadId}`);
    if (busy) throw new AppError("conflict:agui_thread_busy", `Run ${busy} is still running on this thread; wait for it or abort it`);
  }

  private launch(config: AguiAgentConfig, input: RunAgentInput, tools: AguiToolDeclaration[], answers?: string[]): void {
    const threadKey = `${config.id}\n${input.threadId}`;
    const plan: RunPlan = { agentId: config.id, url: config.url, headers: config.headers, input, answers };
    this.busyThreads.set(threadKey, input.runId);
    const run = startRun(this.hub, plan, (record) => {
      this.store.saveRun(record);
      this.saveThreadAround(config.id, input.threadId, tools, (prev) => ({
        messages: prev?.messages ?? [],
        state: prev?.state ?? {},
        runCount: (prev?.runCount ?? 0) + 1,
        lastStatus: "running",
      }));
    });
    const done = run.done
      .then((result) => {
        this.finish(config, plan, tools, result);
        return result;
      })
      .finally(() => {
        this.active.delete(input.runId);
        if (this.busyThreads.get(threadKey) === input.runId) this.busyThreads.delete(threadKey);
      });
    this.active.set(input.runId, { run, threadKey, done });
  }

  /** Saves a thread's row as a run starts or ends (created by its first run); returns the time written. */
  private saveThreadAround(
    agentId: string,
    threadId: string,
    tools: AguiToolDeclaration[],
    change: (prev: AguiThreadRecord | undefined) => Pick<AguiThreadRecord, "messages" | "state" | "runCount" | "lastStatus">,
  ): number {
    const prev = this.store.getThread(agentId, threadId);
    const now = Date.now();
    this.store.saveThread({ agentId, threadId, createdAt: prev?.createdAt ?? now, updatedAt: now, ...change(prev), tools });
    return now;
  }

  private finish(config: AguiAgentConfig, plan: RunPlan, tools: AguiToolDeclaration[], result: RunResult): void {
    const { record, timeline } = result;
    const { input } = plan;
    // Removed while running: its rows are gone and stay gone.
    if (!this.agents.has(config.id)) return;
    this.store.saveRun(record);
    const now = this.saveThreadAround(config.id, input.threadId, tools, (prev) => ({
      messages: threadMessagesAfterRun(input.messages, timeline),
      state: timeline.state,
      runCount: prev?.runCount ?? 1,
      lastStatus: record.status,
    }));
    const entry = this.agents.get(config.id);
    if (entry) {
      const unreachable = record.error?.code === "upstream:agui_unreachable" || record.error?.code === "upstream:agui_http";
      entry.state = unreachable ? { status: "error", error: record.error!.message, checkedAt: now } : { status: "ok", checkedAt: now };
    }
    // The answers this run carried: refused (RUN_ERROR, HTTP error, cut, abort) → failed, retry allowed.
    if (record.status === "error" || record.status === "aborted") {
      for (const id of plan.answers ?? []) {
        const r = this.store.getRequest(id);
        if (r && r.answeredByRunId === record.runId) this.saveRequest({ ...r, status: "failed", error: record.error });
      }
      return;
    }
    const name = config.name;
    const base = {
      agentId: config.id,
      agentName: name,
      threadId: input.threadId,
      runId: record.runId,
      createdAt: now,
      status: "pending" as const,
    };
    if (timeline.outcome.type === "interrupt") {
      for (const interrupt of timeline.outcome.interrupts) {
        this.saveRequest({
          ...base,
          id: randomUUID(),
          kind: "interrupt",
          interrupt,
          schema: interrupt.responseSchema,
          ...(interrupt.toolCallId ? { toolCallId: interrupt.toolCallId } : {}),
        });
      }
      return;
    }
    const declared = new Map(tools.map((t) => [t.name, t]));
    for (const call of pendingFrontendCalls(timeline, new Set(declared.keys()))) {
      this.saveRequest({
        ...base,
        id: randomUUID(),
        kind: "tool",
        toolCallId: call.toolCallId,
        toolName: call.name,
        arguments: call.parsedArgs ?? call.args,
        schema: declared.get(call.name)?.parameters,
      });
    }
  }

  private saveRequest(request: AguiHumanRequest): AguiHumanRequest {
    this.store.saveRequest(request);
    this.recordLocal("agui_request", request.agentId, request.threadId, request);
    return request;
  }

  async abortRun(agentId: string, runId: string): Promise<AguiRunRecord> {
    const a = this.active.get(runId);
    if (!a || !a.threadKey.startsWith(`${agentId}\n`)) {
      const stored = this.store.getRun(runId);
      if (stored && stored.agentId === agentId)
        throw new AppError("conflict:agui_run_not_running", `Run ${runId} already ended (${stored.status})`);
      throw new AppError("not_found:agui_run", `No run "${runId}" on this agent`);
    }
    a.run.abort();
    return (await a.done).record;
  }

  /** Resolves when the run ends (tests, and routes that want to wait). */
  runDone(runId: string): Promise<RunResult> | undefined {
    return this.active.get(runId)?.done;
  }

  // ── human requests ─────────────────────────────────────────────────────────
  listRequests(): AguiHumanRequest[] {
    return this.store.listRequests();
  }

  getRequest(requestId: string): AguiHumanRequest {
    const r = this.store.getRequest(requestId);
    if (!r) throw new AppError("not_found:agui_request", `No AG-UI request with id "${requestId}"`);
    return r;
  }

  /**
   * Answers one request. Exactly one answer wins (the status flips before anything awaits). The
   * answers of one run travel together on the next run, as the interrupt spec requires ("a single
   * resume array must address every open interrupt"): until the last is answered, the others wait.
   * A failed answer may be given again; the group is then re-sent with the answers it had.
   */
  async answerRequest(requestId: string, body: AguiAnswerBody): Promise<AguiHumanRequest> {
    const r = this.getRequest(requestId);
    if (r.status === "answered") throw new AppError("conflict:agui_request_answered", "This request was already answered");
    if (r.status === "stale") throw new AppError("conflict:agui_request_stale", `This request is stale: ${r.reason ?? "its run is gone"}`);
    if (r.kind === "tool" && body.kind !== "tool_result")
      throw new AppError("bad_request:agui_answer_kind", 'A front-end tool call is answered with { kind: "tool_result", result }');
    if (r.kind === "interrupt" && body.kind !== "resume")
      throw new AppError("bad_request:agui_answer_kind", 'An interrupt is answered with { kind: "resume", status, payload? }');
    if (
      r.kind === "interrupt" &&
      body.kind === "resume" &&
      body.status === "resolved" &&
      r.interrupt?.expiresAt &&
      Date.parse(r.interrupt.expiresAt) < Date.now()
    ) {
      throw new AppError(
        "conflict:agui_interrupt_expired",
        `The interrupt expired at ${r.interrupt.expiresAt}; it can only be cancelled now`,
      );
    }
    const entry = this.agents.get(r.agentId);
    if (!entry) {
      this.saveRequest({ ...r, status: "stale", reason: "The agent was removed" });
      throw new AppError("conflict:agui_request_stale", "This request's agent was removed");
    }
    this.assertIdle(r.agentId, r.threadId);
    const answered = this.saveRequest({
      ...r,
      status: "answered",
      answeredAt: Date.now(),
      answer: body,
      error: undefined,
      reason: undefined,
      answeredByRunId: undefined,
    });
    const group = this.store.threadRequests(r.agentId, r.threadId).filter((x) => x.runId === r.runId);
    const waiting = group.filter((x) => x.status === "pending");
    if (waiting.length > 0) {
      const reason = `Sent with the ${waiting.length} other request${waiting.length === 1 ? "" : "s"} of this run once ${waiting.length === 1 ? "it is" : "they are"} answered`;
      return this.saveRequest({ ...answered, reason });
    }
    const carried = group.filter(
      (x) => (x.status === "answered" || x.status === "failed") && x.answer && !(x.status === "answered" && x.answeredByRunId),
    );
    return this.continueThread(entry.config, r, carried);
  }

  private continueThread(config: AguiAgentConfig, r: AguiHumanRequest, group: AguiHumanRequest[]): AguiHumanRequest {
    const thread = this.store.getThread(config.id, r.threadId);
    const runId = randomUUID();
    const toolIds = new Set(group.filter((g) => g.kind === "tool").map((g) => g.toolCallId));
    // A retried answer replaces the tool result its failed attempt left after the call. Only after
    // the newest assistant message making that call: agents that number calls per run reuse ids, and
    // an earlier run's answer under the same id stays in the history.
    const all = thread?.messages ?? [];
    const lastCall = new Map<string | undefined, number>();
    all.forEach((m, i) => {
      const calls = (m as { role?: unknown; toolCalls?: { id?: string }[] }).toolCalls;
      if ((m as { role?: unknown }).role === "assistant" && Array.isArray(calls))
        for (const c of calls) if (toolIds.has(c.id)) lastCall.set(c.id, i);
    });
    const messages = all.filter((m, i) => {
      const id = (m as { toolCallId?: string }).toolCallId;
      return !((m as { role?: unknown }).role === "tool" && toolIds.has(id) && i > (lastCall.get(id) ?? -1));
    });
    const resume: NonNullable<RunAgentInput["resume"]> = [];
    for (const g of group) {
      const a = g.answer!;
      if (a.kind === "tool_result")
        messages.push({ id: randomUUID(), role: "tool", toolCallId: g.toolCallId, content: toolContent(a.result) });
      else
        resume.push({
          interruptId: g.interrupt!.id,
          status: a.status,
          ...(a.status === "resolved" && a.payload !== undefined ? { payload: a.payload } : {}),
        });
    }
    const tools = thread?.tools ?? config.tools;
    const input = {
      threadId: r.threadId,
      runId,
      state: thread?.state ?? {},
      messages,
      tools,
      context: [],
      forwardedProps: {},
      ...(resume.length ? { resume } : {}),
    } as RunAgentInput;
    let mine = r;
    for (const g of group) {
      const saved = this.saveRequest({
        ...this.store.getRequest(g.id)!,
        status: "answered",
        answeredByRunId: runId,
        reason: undefined,
        error: undefined,
      });
      if (g.id === r.id) mine = saved;
    }
    this.launch(
      config,
      input,
      tools,
      group.map((g) => g.id),
    );
    return mine;
  }
}

const KEY = Symbol.for("loupe.agui");
type WithAgui = typeof globalThis & { [KEY]?: AguiService };

export function getAgui(): AguiService {
  const g = globalThis as WithAgui;
  return (g[KEY] ??= new AguiService(getHub()));
}
