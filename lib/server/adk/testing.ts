import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { InterruptAnswer, NewMessagePart, type InboxItem, type RunRecord } from "@/lib/contracts/agents";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseMet } from "@/lib/contracts/testing";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { adkCaseTurns, adkPauseMet } from "@/lib/protocols/adk/case";
import { agentCaseBody, agentOutcome, inRecordedOrder } from "@/lib/suites/agent-turns";
import { getAgents, type AgentRegistry } from "@/lib/server/adk/agents";
import { unlessAborted } from "@/lib/server/testing/answer-pending";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { errorMessage } from "@/lib/values";

/**
 * ADK's testing driver (issue 24): a case from a stored session (each user turn a step, the human's
 * answers at its pauses), replayed in a new session of the target agent server: each turn's input
 * as a run, then every pause the agent makes reported to the runner and answered with the recorded
 * answer through Loupe's own answer path (AgentRegistry.answer, as the inbox answers), one at a time
 * in the order they appear — several in one step each get theirs.
 */

const sessionRef = z.object({
  agentId: z.string().min(1),
  appName: z.string().min(1),
  sessionId: z.string().min(1),
  userId: z.string().min(1).optional(),
});

/** A step's input: the app it talks to and the user's parts. */
const turnInput = z.object({ appName: z.string().min(1), userId: z.string().optional(), parts: z.array(NewMessagePart).min(1) });

/**
 * The scope of an ADK session, as its inbox rows give it (adapter.ts) and a replay marks it: the
 * session's interrupts are the test's, left out of the inbox (lib/server/testing/replay-scopes.ts).
 */
export const adkReplayScope = (agentId: string, sessionKey: string): string => `${agentId}\n${sessionKey}`;

/** More pauses than this in one turn: the agent is looping, the replay stops. */
const MAX_PAUSES_PER_TURN = 100;

/**
 * The key of a credential pause recorded masked (Loupe never keeps one): from the environment, so
 * a suite in CI takes it from its secrets — `LOUPE_CASE_KEY_<CREDENTIAL_KEY>` ("report_key" →
 * LOUPE_CASE_KEY_REPORT_KEY).
 */
export function credentialEnvName(credentialKey: string): string {
  return `LOUPE_CASE_KEY_${credentialKey.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

function answerToSend(met: PauseMet, value: unknown): InterruptAnswer | string {
  const parsed = InterruptAnswer.safeParse(value);
  if (!parsed.success) return `the recorded answer is not an ADK answer (${parsed.error.issues[0]?.message ?? "invalid"})`;
  if (parsed.data.kind !== "credential" || parsed.data.apiKey !== SECRET_MASK) return parsed.data;
  const env = credentialEnvName(met.key ?? "");
  const key = process.env[env];
  return key ? { kind: "credential", apiKey: key } : `the credential was recorded masked; set ${env} to its key`;
}

async function caseFrom(source: CaseSource): Promise<CaseBody> {
  if (source.from !== "session") throw new AppError("bad_request:case_source", `ADK cases are saved from a session, not "${source.from}"`);
  const ref = sessionRef.safeParse(source.ref);
  if (!ref.success)
    throw new AppError(
      "bad_request:case_source",
      `A session reference needs agentId, appName and sessionId: ${ref.error.issues[0]?.message}`,
    );
  const { agentId, appName, sessionId, userId } = ref.data;
  const agents = getAgents();
  if (!agents.has(agentId)) throw new AppError("not_found:case_source", `No ADK agent server ${agentId}`);
  let events: unknown[];
  try {
    events = (await agents.getSession(agentId, appName, sessionId, userId)).events;
  } catch (e) {
    throw new AppError("not_found:case_source", `The session ${appName}/${sessionId} could not be read: ${errorMessage(e)}`);
  }
  const turns = adkCaseTurns(events).map((t) => ({ ...t, input: { appName, ...(userId ? { userId } : {}), parts: t.input } }));
  if (turns.length === 0) throw new AppError("bad_request:case_source", `The session ${appName}/${sessionId} has no user turn to replay`);
  return agentCaseBody({
    name: `${appName} session ${sessionId.slice(0, 8)}`,
    protocol: "adk",
    target: { kind: "saved", id: agentId },
    source,
    turns,
  });
}

/**
 * The saved agent server a replay runs on: the target's, or for a URL one saved under a stable id
 * (`test-…`, as MCP's driver does for connections), so the replay is recorded like any session.
 */
async function agentIdOf(agents: AgentRegistry, target: CaseTarget): Promise<string> {
  if (target.kind === "saved") {
    if (agents.has(target.id)) return target.id;
    throw new Error(`No saved ADK agent server ${target.id}`);
  }
  if (target.kind !== "url") throw new Error(`An ADK case replays against an agent server's URL, not a ${target.kind}`);
  const id = `test-${createHash("sha256").update(target.url).digest("hex").slice(0, 12)}`;
  if (!agents.has(id))
    await agents.create({ name: `tests: ${target.url}`, url: target.url, headers: target.headers ?? {}, userId: "user" }, { id });
  return id;
}

const runEnded = (what: string, run: RunRecord | undefined): string | null =>
  !run ? `${what} was lost` : run.status !== "completed" ? `${what} ended ${run.status}${run.error ? `: ${run.error.message}` : ""}` : null;

/** The session's next pending pause not yet met, the one the recording answered first when several wait. */
function nextPending(
  agents: AgentRegistry,
  agentId: string,
  sessionKey: string,
  handled: ReadonlySet<string>,
  remaining: CaseBody["answers"],
): InboxItem | undefined {
  const pending = agents
    .listInbox()
    .filter((i) => i.agentId === agentId && i.sessionKey === sessionKey && i.status === "pending" && !handled.has(i.key));
  return inRecordedOrder(pending, remaining, adkPauseMet)[0];
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  const agents = getAgents();
  const started = performance.now();
  const pauses: PauseMet[] = [];
  let agentId: string;
  const steps = testCase.steps.map((s) => turnInput.safeParse(s.input));
  const bad = steps.findIndex((s) => !s.success);
  if (bad >= 0) return agentOutcome([], [], { error: `Step ${bad + 1} is not an ADK turn (appName and parts)` });
  const turns = steps.flatMap((s) => (s.success ? [s.data] : []));
  try {
    agentId = await agentIdOf(agents, target);
  } catch (e) {
    return agentOutcome([], [], { error: errorMessage(e) });
  }
  const first = turns[0]!;
  const session = await agents.createSession(agentId, first.appName, first.userId ? { userId: first.userId } : {});
  let error: string | undefined;
  let answered = 0;
  // Each run waited on until it ends or the case is stopped; then the run is aborted, not left to go on.
  const waitRun = async (runId: string) => {
    const done = await unlessAborted(agents.waitRun(runId), io.signal);
    if (io.signal.aborted) await agents.abort(agentId, runId).catch(() => undefined);
    return done;
  };
  outer: for (const [index, turn] of turns.entries()) {
    if (io.signal.aborted) break;
    const run = agents.run(agentId, turn.appName, session.id, {
      parts: turn.parts,
      streaming: false,
      ...(turn.userId ? { userId: turn.userId } : {}),
    });
    // Marked before any frame of the run is read: its pauses never reach the inbox.
    getReplayScopes().mark("adk", adkReplayScope(agentId, run.sessionKey));
    const done = await waitRun(run.id);
    if (io.signal.aborted) break;
    const ended = runEnded(`The run of turn ${index + 1}`, done);
    if (ended) {
      error = ended;
      break;
    }
    const handled = new Set<string>();
    const next = () => nextPending(agents, agentId, run.sessionKey, handled, testCase.answers.slice(answered));
    for (let item = next(); item; item = next()) {
      if (io.signal.aborted || handled.size >= MAX_PAUSES_PER_TURN) break outer;
      handled.add(item.key);
      const met = adkPauseMet(item);
      pauses.push(met);
      const reply = io.pause(met);
      if (!reply.ok || io.signal.aborted) break outer;
      answered = reply.index + 1;
      const answer = answerToSend(met, reply.answer);
      if (typeof answer === "string") {
        io.refused(reply.index, answer);
        break outer;
      }
      try {
        const res = await agents.answer(agentId, {
          sessionKey: run.sessionKey,
          interruptId: item.id,
          interruptKey: item.key,
          answer,
          streaming: false,
        });
        const resumed = res.run ? await waitRun(res.run.id) : undefined;
        if (io.signal.aborted) break outer;
        const after = res.run ? runEnded("the run it started", resumed) : null;
        if (after) throw new Error(after);
      } catch (e) {
        io.refused(reply.index, errorMessage(e));
        break outer;
      }
    }
  }
  const stored = await agents.getSession(agentId, first.appName, session.id, first.userId);
  return agentOutcome(adkCaseTurns(stored.events), pauses, {
    latencyMs: Math.round(performance.now() - started),
    ...(error ? { error } : {}),
  });
}

export const adkTesting = { sources: { session: "an ADK session" }, caseFrom, replay } satisfies TestingDriver;
