import "server-only";
import { randomUUID } from "node:crypto";
import type { RunAgentInput } from "@ag-ui/core";
import type {
  AguiAgentInput,
  AguiAgentState,
  AguiHumanRequest,
  AguiRunBody,
  AguiRunRecord,
  AguiToolDeclaration,
} from "@/lib/contracts/agui";
import { AppError } from "@/lib/errors";
import { pendingFrontendCalls, threadMessagesAfterRun } from "@/lib/protocols/agui";
import type { AguiAgentConfig, AguiStore, AguiThreadRecord } from "@/lib/server/agui/agui-store";
import { saveAguiRequest } from "@/lib/server/agui/record";
import { startRun } from "@/lib/server/agui/runner";
import type { ActiveRun, EndedRun, RunPlan, RunResult } from "@/lib/server/agui/runner";
import type { Hub } from "@/lib/server/hub";
import type { PeerEntry } from "@/lib/server/peers/registry";

/** The saved agent a run belongs to (gone: it was removed while the run went on). */
export type AguiAgentLookup = (agentId: string) => PeerEntry<AguiAgentInput, AguiAgentState> | undefined;

/**
 * AG-UI runs (issue 11 §3): one at a time per thread; when one ends, the thread moves on (messages,
 * state) and what it asked of the user — front-end tool calls, interrupts — becomes requests. A
 * response that carries several runs in sequence moves the thread through each in turn; what a run
 * asked is stale once the agent started the next without the answer. Runs the agent replayed before
 * Loupe's run (history) are kept on record and move nothing.
 */
export class AguiRuns {
  private readonly active = new Map<string, { run: ActiveRun; threadKey: string; done: Promise<RunResult> }>();
  private readonly busyThreads = new Map<string, string>();

  constructor(
    private readonly hub: Hub,
    private readonly store: AguiStore,
    private readonly agent: AguiAgentLookup,
  ) {}

  private saveRequest(request: AguiHumanRequest): AguiHumanRequest {
    return saveAguiRequest(this.hub, this.store, request);
  }

  start(config: AguiAgentConfig, body: AguiRunBody): { runId: string; threadId: string } {
    const agentId = config.id;
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

  /** 409 while a response streams on the thread, naming the run of it going on now. */
  assertIdle(agentId: string, threadId: string): void {
    const busy = this.busyThreads.get(`${agentId}\n${threadId}`);
    if (!busy) return;
    const open = this.active.get(busy)?.run.openRun();
    const which = open && open.runId !== busy ? `${open.runId} (started by the agent in its response to run ${busy})` : busy;
    throw new AppError("conflict:agui_thread_busy", `Run ${which} is still running on this thread; wait for it or abort it`);
  }

  launch(config: AguiAgentConfig, input: RunAgentInput, tools: AguiToolDeclaration[], answers?: string[]): void {
    const threadKey = `${config.id}\n${input.threadId}`;
    const plan: RunPlan = { agentId: config.id, url: config.url, headers: config.headers, input, answers };
    this.busyThreads.set(threadKey, input.runId);
    // Each run of the response: saved as it starts (the thread counts it) and as it ends before the response does.
    const changed = (record: AguiRunRecord) => {
      this.store.saveRun(record);
      if (record.status !== "running") return;
      const active = this.active.get(input.runId);
      // A next run of the response is found (aborted, waited on) as the response.
      if (active && record.runId !== input.runId) this.active.set(record.runId, active);
      this.saveThreadAround(config.id, input.threadId, tools, (prev) => ({
        messages: prev?.messages ?? [],
        state: prev?.state ?? {},
        runCount: (prev?.runCount ?? 0) + 1,
        lastStatus: "running",
      }));
    };
    const run = startRun(this.hub, plan, { changed, known: (runId) => this.store.getRun(runId) !== undefined });
    const done = run.done
      .then((result) => {
        this.finish(config, plan, tools, result);
        return result;
      })
      .finally(() => {
        for (const [id, a] of this.active) if (a.run === run) this.active.delete(id);
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
    const { input } = plan;
    // Removed while running: its rows are gone and stay gone.
    const entry = this.agent(config.id);
    if (!entry) return;
    // Replayed history is kept on record only: it moves no thread and asks nothing.
    const runs = [result, ...result.next];
    const last = result.next.at(-1) ?? result;
    // Runs known only now (the agent named none Loupe's runId: its next runs were decided at the end) count too.
    const unsaved = runs.filter((run) => !this.store.getRun(run.record.runId)).length;
    for (const run of [...result.history, ...runs]) this.store.saveRun(run.record);
    // Messages accumulate across the runs of one response and state persists (each run's timeline starts from the last's).
    const messages = runs.reduce<unknown[]>((before, run) => threadMessagesAfterRun(before, run.timeline), input.messages);
    const now = this.saveThreadAround(config.id, input.threadId, tools, (prev) => ({
      messages,
      state: last.timeline.state,
      runCount: prev ? prev.runCount + unsaved : runs.length,
      lastStatus: last.record.status,
    }));
    const { error } = last.record;
    const unreachable = error?.code === "upstream:agui_unreachable" || error?.code === "upstream:agui_http";
    entry.state = unreachable && error ? { status: "error", error: error.message, checkedAt: now } : { status: "ok", checkedAt: now };
    // The answers the request carried (Loupe's run took them): refused (RUN_ERROR, HTTP error, cut, abort) → failed, retry allowed.
    if (result.record.status === "error" || result.record.status === "aborted") {
      for (const id of plan.answers ?? []) {
        const r = this.store.getRequest(id);
        if (r && r.answeredByRunId === result.record.runId) this.saveRequest({ ...r, status: "failed", error: result.record.error });
      }
    }
    runs.forEach((run, i) => {
      const after = runs[i + 1];
      const moved = after ? `The thread moved on: the agent started run ${after.record.runId} without this answer` : undefined;
      this.askedBy(config, tools, run, now, moved);
    });
  }

  /** What a run asked of the user (front-end tool calls, interrupts) as requests: pending, or stale with `moved`. */
  private askedBy(config: AguiAgentConfig, tools: AguiToolDeclaration[], run: EndedRun, now: number, moved?: string): void {
    const { record, timeline } = run;
    if (record.status === "error" || record.status === "aborted") return;
    const base = {
      agentId: config.id,
      agentName: config.name,
      threadId: record.threadId,
      runId: record.runId,
      createdAt: now,
      ...(moved ? { status: "stale" as const, reason: moved } : { status: "pending" as const }),
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

  async abort(agentId: string, runId: string): Promise<AguiRunRecord> {
    const a = this.active.get(runId);
    if (!a || !a.threadKey.startsWith(`${agentId}\n`)) {
      const stored = this.store.getRun(runId);
      if (stored && stored.agentId === agentId)
        throw new AppError("conflict:agui_run_not_running", `Run ${runId} already ended (${stored.status})`);
      throw new AppError("not_found:agui_run", `No run "${runId}" on this agent`);
    }
    // A run of the response that ended while a later one goes on: aborting it would stop the later one.
    const open = a.run.openRun();
    if (open && open.runId !== runId) {
      const status = this.store.getRun(runId)?.status ?? "ended";
      throw new AppError(
        "conflict:agui_run_not_running",
        `Run ${runId} already ended (${status}); run ${open.runId}, which the agent started after it in the same response, is running now: abort that one`,
      );
    }
    a.run.abort();
    const result = await a.done;
    return [result, ...result.next, ...result.history].find((r) => r.record.runId === runId)?.record ?? result.record;
  }

  /** Aborts every run of the agent (it is being removed). */
  abortAgent(agentId: string): void {
    for (const a of this.active.values()) if (a.threadKey.startsWith(`${agentId}\n`)) a.run.abort();
  }

  /** Aborts every run in flight and waits for them to end (tests, shutdown). */
  async closeAll(): Promise<void> {
    const open = [...this.active.values()];
    for (const a of open) a.run.abort();
    await Promise.allSettled(open.map((a) => a.done));
  }

  /** Resolves when the run ends (tests, and routes that want to wait). */
  done(runId: string): Promise<RunResult> | undefined {
    return this.active.get(runId)?.done;
  }
}
