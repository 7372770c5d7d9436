import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { LgAnswerBody, type LgHumanRequest } from "@/lib/contracts/langgraph";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseMet } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { agentCaseBody, agentOutcome, type AgentTurn } from "@/lib/suites/agent-turns";
import { getLangGraph, type LangGraphService } from "@/lib/server/langgraph";
import { answerPending, unlessAborted, type ReplayAnswers } from "@/lib/server/testing/answer-pending";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * LangGraph's testing driver (issue 24): a case from a thread Loupe ran (each run with an `input`
 * a turn; its interrupts with the answers given), replayed on a new thread of the target deployment:
 * each turn a run, then every pending interrupt reported to the runner and answered through
 * `answerRequest()` (the inbox's path) — several of one step in the recorded order, the resume going
 * out with the step's last answer as Loupe's inbox sends it.
 */

const threadRef = z.object({ deploymentId: z.string().min(1), threadId: z.string().min(1) });
const turnInput = z.object({ assistantId: z.string().min(1), input: z.unknown() });
const postedBody = z.object({ assistant_id: z.string(), input: z.unknown().optional(), command: z.unknown().optional() });

/** A thread's scope, as its inbox rows give it (adapter.ts) and a replay marks it (lib/server/testing/replay-scopes.ts). */
export const lgReplayScope = (deploymentId: string, threadId: string): string => `${deploymentId}\n${threadId}`;

/** More interrupts than this in one turn: the graph is looping, the replay stops. */
const MAX_PAUSES_PER_TURN = 100;

/** What an interrupt paused on: its node (the namespace's first segment), else an Agent Inbox action. */
export function lgPauseMet(r: Pick<LgHumanRequest, "ns" | "value">): PauseMet {
  const node = r.ns?.[0]?.split(":")[0];
  const action = isRecord(r.value) && isRecord(r.value.action_request) ? r.value.action_request.action : undefined;
  const key = node ?? (typeof action === "string" ? action : undefined);
  return { kind: "interrupt", ...(key ? { key } : {}), request: r.value };
}

/** Tool calls and the last AI text of a thread's `messages` (a messages graph), if it has any. */
function messagesOutcome(values: unknown): Pick<AgentTurn, "toolCalls" | "finalResponse"> {
  const messages = isRecord(values) && Array.isArray(values.messages) ? values.messages.filter(isRecord) : [];
  const ai = messages.filter((m) => m.type === "ai" || m.role === "assistant");
  const toolCalls = ai.flatMap((m) => (Array.isArray(m.tool_calls) ? m.tool_calls.filter(isRecord) : []));
  const last = ai.at(-1)?.content;
  return {
    toolCalls: toolCalls.map((c) => ({ name: String(c.name), args: isRecord(c.args) ? c.args : {} })),
    finalResponse: typeof last === "string" ? last : "",
  };
}

async function caseFrom(source: CaseSource): Promise<CaseBody> {
  if (source.from !== "thread")
    throw new AppError("bad_request:case_source", `LangGraph cases are saved from a thread, not "${source.from}"`);
  const ref = threadRef.safeParse(source.ref);
  if (!ref.success) throw new AppError("bad_request:case_source", "A thread reference needs deploymentId and threadId");
  const { deploymentId, threadId } = ref.data;
  const lg = getLangGraph();
  if (!lg.has(deploymentId)) throw new AppError("not_found:case_source", `No LangGraph deployment ${deploymentId}`);
  const turns: (AgentTurn & { runIds: Set<string> })[] = [];
  for (const e of lg.threads.entries(deploymentId, threadId)) {
    if (e.kind !== "lg_input" || !isRecord(e.raw) || !isRecord(e.raw.request)) continue;
    const body = postedBody.safeParse(e.raw.request.body);
    const runId = typeof e.raw.runId === "string" ? e.raw.runId : "";
    if (body.success && body.data.input !== undefined && body.data.input !== null) {
      const input = { assistantId: body.data.assistant_id, input: body.data.input };
      turns.push({ input, label: `run ${body.data.assistant_id}`, pauses: [], toolCalls: [], finalResponse: "", runIds: new Set() });
    }
    turns.at(-1)?.runIds.add(runId);
  }
  if (turns.length === 0) throw new AppError("bad_request:case_source", `Loupe started no run with an input on thread ${threadId}`);
  const requests = lg.store.threadRequests(deploymentId, threadId).sort((a, b) => (a.answeredAt ?? Infinity) - (b.answeredAt ?? Infinity));
  for (const r of requests) {
    const turn = turns.find((t) => r.runId !== null && t.runIds.has(r.runId)) ?? turns.at(-1)!;
    if (r.status === "answered" || r.status === "pending") turn.pauses.push({ ...lgPauseMet(r), answer: r.answer ?? null });
  }
  const values = (await lg.threads.detail(deploymentId, threadId)).values;
  Object.assign(turns.at(-1)!, messagesOutcome(values));
  const target = { kind: "saved" as const, id: deploymentId };
  return agentCaseBody({ name: `thread ${threadId.slice(0, 8)}`, protocol: "langgraph", target, source, turns, result: values });
}

async function deploymentOf(lg: LangGraphService, target: CaseTarget): Promise<string> {
  if (target.kind === "saved") {
    if (lg.has(target.id)) return target.id;
    throw new Error(`No saved LangGraph deployment ${target.id}`);
  }
  if (target.kind !== "url") throw new Error(`A LangGraph case replays against a deployment's URL, not a ${target.kind}`);
  const id = `test-${createHash("sha256").update(target.url).digest("hex").slice(0, 12)}`;
  if (!lg.has(id))
    await lg.create({ name: `tests: ${target.url}`, url: target.url, headers: target.headers ?? {}, pollSeconds: 0 }, { id });
  return id;
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  const lg = getLangGraph();
  const started = performance.now();
  const pauses: PauseMet[] = [];
  const steps = testCase.steps.map((s) => turnInput.safeParse(s.input));
  if (steps.some((s) => !s.success)) return agentOutcome([], [], { error: "A step is not a LangGraph run (assistantId and input)" });
  let deploymentId: string;
  try {
    deploymentId = await deploymentOf(lg, target);
  } catch (e) {
    return agentOutcome([], [], { error: errorMessage(e) });
  }
  // The replay's thread is marked before it exists: none of its interrupts reaches the inbox.
  const threadId = randomUUID();
  getReplayScopes().mark("langgraph", lgReplayScope(deploymentId, threadId));
  try {
    await lg.threads.create(deploymentId, { metadata: {}, threadId });
  } catch (e) {
    return agentOutcome([], [], { error: `The replay's thread could not be created: ${errorMessage(e)}` });
  }
  // A run is waited on until it ends or the case is stopped, then cancelled rather than left to go on.
  const settle = async (runId: string) => {
    const done = await unlessAborted(lg.runDone(runId) ?? Promise.resolve(undefined), io.signal);
    if (io.signal.aborted) await lg.cancelRun(deploymentId, runId).catch(() => undefined);
    return done;
  };
  const state: ReplayAnswers = { io, answers: testCase.answers, answered: 0, pauses };
  let error: string | undefined;
  outer: for (const step of steps) {
    if (!step.success || io.signal.aborted) break;
    const started = await lg.startRun(deploymentId, { ...step.data, threadId, streamModes: ["updates"], subgraphs: false });
    const done = await settle(started.runId);
    if (io.signal.aborted) break;
    if (done && done.record.status === "error") {
      error = `The run ended in error: ${done.record.error?.message ?? "no message"}`;
      break;
    }
    for (let n = 0; n < MAX_PAUSES_PER_TURN;) {
      const pending = lg.listRequests().filter((r) => r.deploymentId === deploymentId && r.threadId === threadId && r.status === "pending");
      if (pending.length === 0) break;
      const batch = await answerPending(state, pending, lgPauseMet, (r, recorded) => {
        const body = LgAnswerBody.safeParse(recorded);
        if (!body.success) throw new Error("the recorded answer is not a LangGraph answer");
        return lg.answerRequest(r.id, body.data);
      });
      if (batch.stop) break outer;
      n += batch.count;
      const resume = batch.last ? lg.getRequest(batch.last.id).answeredByRunId : undefined;
      if (resume) await settle(resume);
      if (io.signal.aborted) break outer;
    }
  }
  const values = await lg.threads
    .detail(deploymentId, threadId)
    .then((d) => d.values)
    .catch(() => null);
  // What an early end (an unexpected pause, too many, the timeout) left waiting is no one's to answer.
  lg.closeLeftByReplay(deploymentId, threadId);
  const turns = steps.map((_, i) => (i === steps.length - 1 ? messagesOutcome(values) : { toolCalls: [], finalResponse: "" }));
  return agentOutcome(turns, pauses, { latencyMs: Math.round(performance.now() - started), result: values, ...(error ? { error } : {}) });
}

export const langgraphTesting = { sources: { thread: "a LangGraph thread" }, caseFrom, replay } satisfies TestingDriver;
