import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { AguiAnswerBody, AguiToolDeclaration, type AguiHumanRequest } from "@/lib/contracts/agui";
import type { Entry } from "@/lib/contracts/entries";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseMet } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { agentCaseBody, agentOutcome, type AgentTurn } from "@/lib/suites/agent-turns";
import { getAgui, type AguiService } from "@/lib/server/agui";
import { answerPending, unlessAborted, type ReplayAnswers } from "@/lib/server/testing/answer-pending";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * AG-UI's testing driver (issue 24): a case from a thread Loupe ran (each run posted with a new
 * user message a turn, with the front-end tools it declared; its front-end tool calls and
 * interrupts with the answers given), replayed on a new thread: each turn a run, then every pending
 * request reported to the runner and answered through `answerRequest()` (the inbox's path; the
 * answers of one run travel together on the next run) until none is left.
 */

const threadRef = z.object({ agentId: z.string().min(1), threadId: z.string().min(1) });
const turnInput = z.object({ text: z.string(), tools: z.array(AguiToolDeclaration).default([]) });
const postedInput = z.object({
  messages: z.array(z.object({ role: z.string(), content: z.unknown().optional() }).passthrough()).default([]),
  tools: z
    .array(z.object({ name: z.string(), description: z.string().optional(), parameters: z.unknown().optional() }).passthrough())
    .default([]),
  resume: z.array(z.unknown()).optional(),
});

const MAX_PAUSES_PER_TURN = 100;

/** A thread's scope, as its inbox rows give it (adapter.ts) and a replay marks it (lib/server/testing/replay-scopes.ts). */
export const aguiReplayScope = (agentId: string, threadId: string): string => `${agentId}\n${threadId}`;

export function aguiPauseMet(r: Pick<AguiHumanRequest, "kind" | "toolName" | "interrupt" | "arguments">): PauseMet {
  const key = r.kind === "tool" ? r.toolName : (r.interrupt?.reason ?? undefined);
  return {
    kind: `agui_${r.kind}`,
    ...(key ? { key } : {}),
    request: r.kind === "tool" ? (r.arguments ?? null) : (r.interrupt?.message ?? null),
  };
}

/** The tool calls (TOOL_CALL_START + streamed ARGS) and the last text message of some runs' events. */
function eventsOutcome(entries: readonly Entry[], runIds: ReadonlySet<string>): Pick<AgentTurn, "toolCalls" | "finalResponse"> {
  const calls = new Map<string, { name: string; args: string }>();
  const texts = new Map<string, string>();
  for (const e of entries) {
    if (e.kind !== "agui_event" || !isRecord(e.raw) || !runIds.has(String(e.raw.runId)) || !isRecord(e.raw.event)) continue;
    const ev = e.raw.event;
    const id = String(ev.toolCallId ?? ev.messageId ?? "");
    if (ev.type === "TOOL_CALL_START") calls.set(id, { name: String(ev.toolCallName), args: "" });
    if (ev.type === "TOOL_CALL_ARGS" && calls.has(id)) calls.get(id)!.args += String(ev.delta ?? "");
    if (ev.type === "TEXT_MESSAGE_START") texts.set(id, "");
    if (ev.type === "TEXT_MESSAGE_CONTENT") texts.set(id, (texts.get(id) ?? "") + String(ev.delta ?? ""));
  }
  const parse = (s: string): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(s || "{}");
      return isRecord(v) ? v : {};
    } catch {
      return {};
    }
  };
  return {
    toolCalls: [...calls.values()].map((c) => ({ name: c.name, args: parse(c.args) })),
    finalResponse: [...texts.values()].at(-1) ?? "",
  };
}

/** Adds to each set of run ids the runs the agent started after them in the same responses (`responseOf`). */
function withResponseRuns(agui: AguiService, agentId: string, threadId: string, sets: readonly Set<string>[]): void {
  for (const run of agui.store.threadRuns(agentId, threadId))
    if (run.responseOf) for (const ids of sets) if (ids.has(run.responseOf)) ids.add(run.runId);
}

async function caseFrom(source: CaseSource): Promise<CaseBody> {
  if (source.from !== "thread") throw new AppError("bad_request:case_source", `AG-UI cases are saved from a thread, not "${source.from}"`);
  const ref = threadRef.safeParse(source.ref);
  if (!ref.success) throw new AppError("bad_request:case_source", "A thread reference needs agentId and threadId");
  const { agentId, threadId } = ref.data;
  const agui = getAgui();
  if (!agui.has(agentId)) throw new AppError("not_found:case_source", `No AG-UI agent ${agentId}`);
  const entries = agui.threadEntries(agentId, threadId);
  const turns: (AgentTurn & { runIds: Set<string> })[] = [];
  for (const e of entries) {
    if (e.kind !== "agui_input" || !isRecord(e.raw)) continue;
    const input = postedInput.safeParse(e.raw.input);
    const last = input.success ? input.data.messages.at(-1) : undefined;
    if (input.success && last?.role === "user" && !input.data.resume?.length) {
      const text = typeof last.content === "string" ? last.content : "";
      const tools = input.data.tools.map((t) =>
        AguiToolDeclaration.parse({
          name: t.name,
          description: t.description ?? "",
          parameters: isRecord(t.parameters) ? t.parameters : undefined,
        }),
      );
      turns.push({
        input: { text, tools },
        label: `user: ${text.slice(0, 120)}`,
        pauses: [],
        toolCalls: [],
        finalResponse: "",
        runIds: new Set(),
      });
    }
    turns.at(-1)?.runIds.add(String(e.raw.runId));
  }
  withResponseRuns(
    agui,
    agentId,
    threadId,
    turns.map((t) => t.runIds),
  );
  if (turns.length === 0) throw new AppError("bad_request:case_source", `Loupe sent no user message on thread ${threadId}`);
  const requests = agui.listRequests().filter((r) => r.agentId === agentId && r.threadId === threadId);
  requests.sort((a, b) => (a.answeredAt ?? Infinity) - (b.answeredAt ?? Infinity));
  for (const r of requests) {
    const turn = turns.find((t) => t.runIds.has(r.runId)) ?? turns.at(-1)!;
    if (r.status === "answered" || r.status === "pending") turn.pauses.push({ ...aguiPauseMet(r), answer: r.answer ?? null });
  }
  for (const t of turns) Object.assign(t, eventsOutcome(entries, t.runIds));
  return agentCaseBody({ name: `thread ${threadId.slice(0, 8)}`, protocol: "agui", target: { kind: "saved", id: agentId }, source, turns });
}

async function agentOf(agui: AguiService, target: CaseTarget): Promise<string> {
  if (target.kind === "saved") {
    if (agui.has(target.id)) return target.id;
    throw new Error(`No saved AG-UI agent ${target.id}`);
  }
  if (target.kind !== "url") throw new Error(`An AG-UI case replays against an agent's URL, not a ${target.kind}`);
  const id = `test-${createHash("sha256").update(target.url).digest("hex").slice(0, 12)}`;
  if (!agui.has(id)) agui.create({ name: `tests: ${target.url}`, url: target.url, headers: target.headers ?? {}, tools: [] }, { id });
  return id;
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  const agui = getAgui();
  const started = performance.now();
  const pauses: PauseMet[] = [];
  const steps = testCase.steps.map((s) => turnInput.safeParse(s.input));
  if (steps.some((s) => !s.success)) return agentOutcome([], [], { error: "A step is not an AG-UI turn (text and tools)" });
  let agentId: string;
  try {
    agentId = await agentOf(agui, target);
  } catch (e) {
    return agentOutcome([], [], { error: errorMessage(e) });
  }
  let threadId: string | undefined;
  const state: ReplayAnswers = { io, answers: testCase.answers, answered: 0, pauses };
  const runsOfTurn: Set<string>[] = [];
  // A run is waited on until it ends or the case is stopped, then aborted rather than left to go on.
  const settle = async (runId: string) => {
    await unlessAborted(agui.runDone(runId) ?? Promise.resolve(undefined), io.signal);
    if (io.signal.aborted) await agui.abortRun(agentId, runId).catch(() => undefined);
  };
  outer: for (const step of steps) {
    if (!step.success || io.signal.aborted) break;
    const run = agui.startRun(agentId, { text: step.data.text, tools: step.data.tools, context: [], ...(threadId ? { threadId } : {}) });
    // Marked as the run starts (its requests come from its events, later): none reaches the inbox.
    getReplayScopes().mark("agui", aguiReplayScope(agentId, run.threadId));
    threadId = run.threadId;
    const runIds = new Set([run.runId]);
    runsOfTurn.push(runIds);
    await settle(run.runId);
    if (io.signal.aborted) break;
    for (let n = 0; n < MAX_PAUSES_PER_TURN;) {
      const tid = threadId;
      const pending = agui.listRequests().filter((r) => r.agentId === agentId && r.threadId === tid && r.status === "pending");
      if (pending.length === 0) break;
      const batch = await answerPending(state, pending, aguiPauseMet, (r, recorded) => {
        const body = AguiAnswerBody.safeParse(recorded);
        if (!body.success) throw new Error("the recorded answer is not an AG-UI answer");
        return agui.answerRequest(r.id, body.data);
      });
      if (batch.stop) break outer;
      n += batch.count;
      const next = batch.last ? agui.getRequest(batch.last.id).answeredByRunId : undefined;
      if (!next) break;
      runIds.add(next);
      await settle(next);
      if (io.signal.aborted) break outer;
    }
  }
  // What an early end (an unexpected pause, too many, the timeout) left waiting is no one's to answer.
  if (threadId) agui.closeLeftByReplay(agentId, threadId);
  if (threadId) withResponseRuns(agui, agentId, threadId, runsOfTurn);
  const entries = threadId ? agui.threadEntries(agentId, threadId) : [];
  const turns = runsOfTurn.map((ids) => eventsOutcome(entries, ids));
  return agentOutcome(turns, pauses, { latencyMs: Math.round(performance.now() - started) });
}

export const aguiTesting = { sources: { thread: "an AG-UI thread" }, caseFrom, replay } satisfies TestingDriver;
