import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { A2aAnswerBody, A2A_INTERRUPTED_STATES, A2A_TERMINAL_STATES, A2aPartInput, type A2aHumanRequest } from "@/lib/contracts/a2a";
import type { BundleEntry } from "@/lib/contracts/bundle";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseMet, ToolCallMade } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { adkFunctionCall, messageText, readFrame, type A2aItem, type A2aMessage, type A2aPart } from "@/lib/protocols/a2a/frames";
import { agentCaseBody, agentOutcome, type AgentTurn } from "@/lib/suites/agent-turns";
import { getA2a } from "@/lib/server/a2a";
import { taskEntries } from "@/lib/server/a2a/bundle-unit";
import type { A2aRegistry } from "@/lib/server/a2a/registry";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { unlessAborted } from "@/lib/server/testing/answer-pending";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * A2A's testing driver (issue 24): a case from a task Loupe sent (the user message that opened
 * it; each input-required / auth-required pause with the answer the human gave; the artifacts and
 * the final status message as the outcome; the function calls an ADK agent reports as tool calls),
 * replayed as a new task against the live agent, each pause answered through `answerRequest()` —
 * the inbox's own path — until the task ends.
 */

const taskRef = z.object({ agentId: z.string().min(1), taskId: z.string().min(1) });
const turnInput = z.object({ parts: z.array(A2aPartInput).min(1) });

/** More pauses than this in one task: the agent is looping, the replay stops. */
const MAX_PAUSES = 100;
/** How often a replay looks at the task while it waits for it to pause or end. */
const POLL_MS = 20;

/**
 * The key of a credential recorded masked (Loupe never keeps one): from the environment, so a suite
 * in CI takes it from its secrets — `LOUPE_CASE_KEY_<SCHEME>` ("demoKey" → LOUPE_CASE_KEY_DEMOKEY).
 */
export function a2aCredentialEnvName(scheme: string | undefined): string {
  return `LOUPE_CASE_KEY_${(scheme || "A2A").toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

export function a2aPauseMet(r: Pick<A2aHumanRequest, "kind" | "prompt" | "message">): PauseMet {
  const message = isA2aMessage(r.message) ? r.message : undefined;
  const key = adkFunctionCall(message)?.name;
  return { kind: `a2a_${r.kind}`, ...(key ? { key } : {}), request: r.prompt ?? null };
}

function isA2aMessage(v: unknown): v is A2aMessage {
  return isRecord(v) && Array.isArray(v.parts);
}

/** A part as sent again: a file only when its bytes were kept. */
function partInput(p: A2aPart): A2aPartInput[] {
  if (p.kind === "text") return [{ kind: "text", text: p.text }];
  if (p.kind === "data" && isRecord(p.data)) return [{ kind: "data", data: p.data, ...(p.metadata ? { metadata: p.metadata } : {}) }];
  if (p.kind === "file" && p.bytes)
    return [{ kind: "file", mimeType: p.mimeType ?? "application/octet-stream", bytes: p.bytes, ...(p.name ? { name: p.name } : {}) }];
  return [];
}

/** The task's items, as the agent sent them, in order. */
function itemsOf(entries: readonly BundleEntry[]): A2aItem[] {
  return entries.flatMap((e) => {
    if (e.kind !== "a2a_frame" || !isRecord(e.raw)) return [];
    const read = readFrame(e.raw.payload);
    return read.ok ? [read.item] : [];
  });
}

/** The user message that opened the task (its history's first user message). */
function openingMessage(items: readonly A2aItem[]): A2aMessage | undefined {
  for (const item of items) if (item.type === "task") return item.history.find((m) => m.role === "user");
  return undefined;
}

/**
 * What the agent did on the task: the function calls its messages carried (ADK's A2A mapping), its
 * final status message's text (else its last artifact's), and its artifacts as result.
 */
function taskOutcome(items: readonly A2aItem[]): Pick<AgentTurn, "toolCalls" | "finalResponse"> & { result: unknown } {
  const calls = new Map<string, ToolCallMade>();
  const artifacts = new Map<string, { name?: string; text: string; data: unknown[] }>();
  let state = "unknown";
  let said = "";
  const seeMessage = (m: A2aMessage | undefined) => {
    const call = adkFunctionCall(m);
    if (call?.name && call.name !== "adk_request_confirmation") calls.set(call.id ?? `${calls.size}`, { name: call.name, args: call.args });
  };
  for (const item of items) {
    if (item.type === "task" || item.type === "status") {
      state = item.state;
      seeMessage(item.message);
      if (item.type === "task") item.history.filter((m) => m.role === "agent").forEach(seeMessage);
      if (A2A_TERMINAL_STATES.includes(item.state)) said = messageText(item.message) ?? said;
    }
    const arts = item.type === "artifact" ? [item.artifact] : item.type === "task" ? item.artifacts : [];
    for (const a of arts) {
      const prev = item.type === "artifact" && item.append ? artifacts.get(a.artifactId) : undefined;
      const text = a.parts.flatMap((p) => (p.kind === "text" ? [p.text] : [])).join("");
      const data = a.parts.flatMap((p) => (p.kind === "data" ? [p.data] : []));
      artifacts.set(a.artifactId, {
        ...(a.name ? { name: a.name } : {}),
        text: (prev?.text ?? "") + text,
        data: [...(prev?.data ?? []), ...data],
      });
    }
  }
  const list = [...artifacts.values()];
  return {
    toolCalls: [...calls.values()],
    finalResponse: said || (list.at(-1)?.text ?? ""),
    result: { state, artifacts: list },
  };
}

async function caseFrom(source: CaseSource): Promise<CaseBody> {
  if (source.from !== "task") throw new AppError("bad_request:case_source", `A2A cases are saved from a task, not "${source.from}"`);
  const ref = taskRef.safeParse(source.ref);
  if (!ref.success) throw new AppError("bad_request:case_source", "A task reference needs agentId and taskId");
  const { agentId, taskId } = ref.data;
  const a2a = getA2a();
  if (!a2a.has(agentId)) throw new AppError("not_found:case_source", `No A2A agent ${agentId}`);
  if (!a2a.tasks.get(agentId, taskId)) throw new AppError("not_found:case_source", `Loupe has seen no task "${taskId}" of this agent`);
  const items = itemsOf(taskEntries(agentId, taskId));
  const opening = openingMessage(items);
  const parts = opening?.parts.flatMap(partInput) ?? [];
  if (parts.length === 0) throw new AppError("bad_request:case_source", `No user message of task ${taskId} was recorded`);
  const requests = a2a
    .listRequests()
    .filter((r) => r.agentId === agentId && r.taskId === taskId && (r.status === "answered" || r.status === "pending"))
    .sort((a, b) => a.createdAt - b.createdAt);
  const { result, ...outcome } = taskOutcome(items);
  const text = messageText(opening) ?? "(data)";
  const turn: AgentTurn = {
    input: { parts },
    label: `user: ${text.slice(0, 120)}`,
    pauses: requests.map((r) => ({ ...a2aPauseMet(r), answer: r.status === "answered" ? (r.answer ?? null) : null })),
    ...outcome,
  };
  return agentCaseBody({
    name: `task ${taskId.slice(0, 8)}`,
    protocol: "a2a",
    target: { kind: "saved", id: agentId },
    source,
    turns: [turn],
    result,
  });
}

async function agentOf(a2a: A2aRegistry, target: CaseTarget): Promise<string> {
  if (target.kind === "saved") {
    if (a2a.has(target.id)) return target.id;
    throw new Error(`No saved A2A agent ${target.id}`);
  }
  if (target.kind !== "url") throw new Error(`An A2A case replays against an agent's URL, not a ${target.kind}`);
  const id = `test-${createHash("sha256").update(target.url).digest("hex").slice(0, 12)}`;
  if (!a2a.has(id)) await a2a.create({ name: `tests: ${target.url}`, url: target.url, headers: target.headers ?? {} }, { id });
  return id;
}

/** The recorded answer as one to send; a masked credential from the environment; or why not. */
function answerToSend(value: unknown): A2aAnswerBody | string {
  const parsed = A2aAnswerBody.safeParse(value);
  if (!parsed.success) return `the recorded answer is not an A2A answer (${parsed.error.issues[0]?.message ?? "invalid"})`;
  if (parsed.data.kind !== "credential" || parsed.data.credential !== SECRET_MASK) return parsed.data;
  const env = a2aCredentialEnvName(parsed.data.scheme);
  const key = process.env[env];
  return key ? { ...parsed.data, credential: key } : `the credential was recorded masked; set ${env} to its key`;
}

/** A task's scope, as its inbox rows give it (adapter.ts) and a replay marks it (lib/server/testing/replay-scopes.ts). */
export const a2aReplayScope = (agentId: string, taskId: string): string => `${agentId}\n${taskId}`;

/** Resolves when the task ended or waits on a request not answered yet (that request), or at abort. */
async function settled(a2a: A2aRegistry, agentId: string, taskId: string, signal: AbortSignal): Promise<A2aHumanRequest | null> {
  while (!signal.aborted) {
    const waiting = a2a.listRequests().find((r) => r.agentId === agentId && r.taskId === taskId && r.status === "pending");
    if (waiting) return waiting;
    const rec = a2a.tasks.get(agentId, taskId);
    if (!rec || A2A_TERMINAL_STATES.includes(rec.state) || rec.lost) return null;
    if (A2A_INTERRUPTED_STATES.includes(rec.state) && !a2a.getTask(agentId, taskId).streaming) return null;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return null;
}

/**
 * A task the replay leaves before it ended (the case timed out or was cancelled, a pause it did not
 * expect, an answer refused, too many pauses) is cancelled on the agent with tasks/cancel, as AG-UI's
 * and LangGraph's replays close theirs: nothing answers it, and the agent would keep it waiting for
 * good. Its pending requests then go stale. A refusal (the agent cannot cancel it) leaves it as it is.
 */
async function cancelLeft(a2a: A2aRegistry, agentId: string, taskId: string): Promise<void> {
  const rec = a2a.tasks.get(agentId, taskId);
  if (!rec || A2A_TERMINAL_STATES.includes(rec.state)) return;
  await a2a.cancelTask(agentId, taskId).catch(() => undefined);
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  const a2a = getA2a();
  const started = performance.now();
  const pauses: PauseMet[] = [];
  const steps = testCase.steps.map((s) => turnInput.safeParse(s.input));
  if (steps.some((s) => !s.success)) return agentOutcome([], [], { error: "A step is not an A2A message (parts)" });
  let agentId: string;
  try {
    agentId = await agentOf(a2a, target);
  } catch (e) {
    return agentOutcome([], [], { error: errorMessage(e) });
  }
  const turns: Pick<AgentTurn, "toolCalls" | "finalResponse">[] = [];
  let result: unknown;
  let contextId: string | undefined;
  for (const step of steps) {
    if (!step.success || io.signal.aborted) break;
    let taskId: string | undefined;
    try {
      // Marked as the agent names the task, before its first frame is applied: none of its pauses reaches the inbox.
      const onTask = (id: string) => getReplayScopes().mark("a2a", a2aReplayScope(agentId, id));
      const sent = await a2a.send(agentId, { parts: step.data.parts, stream: true, ...(contextId ? { contextId } : {}) }, { onTask });
      taskId = sent.taskId;
      contextId = sent.contextId ?? contextId;
      await unlessAborted(a2a.waitExchange(sent.exchangeId), io.signal);
    } catch (e) {
      if (taskId) await cancelLeft(a2a, agentId, taskId);
      return agentOutcome(turns, pauses, { error: errorMessage(e) });
    }
    if (!taskId) return agentOutcome(turns, pauses, { error: "The agent answered with a message, not a task" });
    let stop = false;
    for (let n = 0; n < MAX_PAUSES && !stop; n++) {
      const request = await settled(a2a, agentId, taskId, io.signal);
      if (!request) break;
      const met = a2aPauseMet(request);
      pauses.push(met);
      const reply = io.pause(met);
      if (!reply.ok) break;
      const answer = answerToSend(reply.answer);
      try {
        if (typeof answer === "string") throw new Error(answer);
        await a2a.answerRequest(request.id, answer);
      } catch (e) {
        io.refused(reply.index, errorMessage(e));
        stop = true;
      }
    }
    await cancelLeft(a2a, agentId, taskId);
    const { result: r, ...outcome } = taskOutcome(itemsOf(taskEntries(agentId, taskId)));
    turns.push(outcome);
    result = r;
    if (stop) break;
  }
  return agentOutcome(turns, pauses, { latencyMs: Math.round(performance.now() - started), ...(result !== undefined ? { result } : {}) });
}

export const a2aTesting = { sources: { task: "an A2A task" }, caseFrom, replay } satisfies TestingDriver;
