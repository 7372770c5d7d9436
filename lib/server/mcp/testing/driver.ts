import "server-only";
import type { CaseBody, CaseOutcome, CaseTarget, PauseMet } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { caseFrom, MCP_CASE_SOURCES } from "@/lib/server/mcp/testing/case-from";
import { caseOutcome } from "@/lib/server/mcp/testing/outcome";
import type { StepOutcome } from "@/lib/server/mcp/testing/outcome";
import { runStep } from "@/lib/server/mcp/testing/steps";
import { connectionFor } from "@/lib/server/mcp/testing/target";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * MCP's testing driver (issue 24): replays a case's steps in order on the target's connection.
 * Its pauses are the server's requests to the client while a step runs (sampling, elicitation):
 * each is reported to the runner and answered with the case's recorded answer through the same
 * desk a human uses (ClientRequests.answer), so the answer is recorded like theirs.
 */

/** A call's scope, as its server requests' inbox rows give it (adapter.ts) and a replay marks it (replay-scopes.ts). */
export const mcpReplayScope = (connectionId: string, callId: string): string => `${connectionId}\n${callId}`;

/**
 * Watches the connection's server → client requests during a replay and answers them from the
 * script: only those tied to a tool call of this replay (`calls`). A request tied to no call (two
 * calls were running on the connection: a user's, another case's) is never answered by a replay: it
 * may be a human's, so it stays in the inbox for them.
 */
function answerPauses(
  connectionId: string,
  calls: ReadonlySet<string>,
  io: ReplayIO,
  stop: () => void,
): { pauses: PauseMet[]; close: () => void } {
  const hub = getRegistry().hub;
  const requests = getClientRequests();
  const seen = new Set<string>();
  const pauses: PauseMet[] = [];
  const close = hub.subscribe(hub.maxSeq(), (entry) => {
    if (entry.connectionId !== connectionId || entry.kind !== "mcp_request" || !isRecord(entry.raw)) return;
    const id = entry.raw.id;
    if (typeof id !== "string" || seen.has(id)) return;
    const request = requests.get(id);
    if (!request || request.status !== "pending") return;
    if (!request.relatedCall) {
      // Should the case time out waiting, its reason says why (review: a replay waits on it in vain).
      if (calls.size > 0)
        io.note(
          `the server's ${request.kind} request ${id} could not be tied to this case's call (another call was running on the connection), so the replay left it unanswered`,
        );
      return;
    }
    if (!calls.has(request.relatedCall.callId)) return;
    seen.add(id);
    const met: PauseMet = {
      kind: request.kind,
      ...(request.relatedCall ? { key: request.relatedCall.tool } : {}),
      request: request.params,
    };
    pauses.push(met);
    const reply = io.pause(met);
    if (!reply.ok || io.signal.aborted) return stop();
    requests.answer(connectionId, id, reply.answer).catch((e: unknown) => {
      io.refused(reply.index, errorMessage(e));
      stop();
    });
  });
  return { pauses, close };
}

/**
 * Replays that answer pauses take turns on a connection: a server's request is tied to a call only
 * while that call is the one running there, so two replays at once (a suite's concurrency, a case's
 * repetitions) would leave each other's requests unanswered. Keyed by connection id; a turn's
 * promise never rejects.
 */
const turns = new Map<string, Promise<void>>();

async function inTurn<T>(connectionId: string, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const before = turns.get(connectionId) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  const chained = before.then(() => mine);
  turns.set(connectionId, chained);
  try {
    await Promise.race([before, new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }))]);
    return await run();
  } finally {
    release();
    if (turns.get(connectionId) === chained) turns.delete(connectionId);
  }
}

async function replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome> {
  let connectionId: string;
  try {
    connectionId = (await connectionFor(target)).id;
  } catch (e) {
    return caseOutcomeSchema.parse({ result: null, error: errorMessage(e) });
  }
  return testCase.answers.length > 0
    ? inTurn(connectionId, io.signal, () => replayOn(connectionId, testCase, io))
    : replayOn(connectionId, testCase, io);
}

async function replayOn(connectionId: string, testCase: CaseBody, io: ReplayIO): Promise<CaseOutcome> {
  const stopped = new AbortController();
  const signal = AbortSignal.any([io.signal, stopped.signal]);
  const calls = new Set<string>();
  // Each call is marked before it is sent: the server's requests during it never reach the inbox.
  const ownCall = {
    add: (callId: string) => {
      getReplayScopes().mark("mcp", mcpReplayScope(connectionId, callId));
      calls.add(callId);
    },
  };
  const watch = answerPauses(connectionId, calls, io, () => stopped.abort("pause"));
  const from = getRegistry().hub.maxSeq() + 1;
  const steps: StepOutcome[] = [];
  try {
    for (const step of testCase.steps) {
      if (signal.aborted) break;
      const outcome = await runStep(connectionId, step, signal, ownCall);
      steps.push(outcome);
      if (outcome.error !== undefined) break;
    }
  } finally {
    watch.close();
  }
  return caseOutcome(steps, { pauses: watch.pauses, traffic: { connectionId, fromSeq: from, toSeq: getRegistry().hub.maxSeq() } });
}

export const mcpTesting = { sources: MCP_CASE_SOURCES, caseFrom, replay } satisfies TestingDriver;
