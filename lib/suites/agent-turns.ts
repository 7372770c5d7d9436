import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseAnswer, PauseMet, ToolCallMade } from "@/lib/contracts/testing";
import { caseOutcomeSchema, MAX_CASE_PAUSES, MAX_CASE_STEPS, toolCallSchema } from "@/lib/contracts/testing";
import { z } from "zod";

/**
 * Agent sessions as cases (issue 24), for every agent protocol alike: a session is a list of turns —
 * the user's input, the pauses met with the human's answers, the tool calls and the final response.
 * Each protocol's driver reads its own session into turns; these build the case and the outcome
 * the runner and the assertions read, so no driver spells the case's shape itself.
 */

/** The step kind of an agent turn: one user message (and the pauses it led to). */
export const AGENT_TURN_STEP = "message";

/** A pause of a turn with what the human answered (null: the session ended waiting on it). */
export type TurnPause = PauseMet & { answer: unknown };

export interface AgentTurn {
  /** The turn's input, in the driver's own shape (what its replay sends). */
  input: unknown;
  /** Words for the UI ("user: clean up"). */
  label: string;
  pauses: TurnPause[];
  toolCalls: ToolCallMade[];
  finalResponse: string;
}

export interface AgentCaseInput {
  name: string;
  protocol: string;
  target: CaseTarget;
  source: CaseSource;
  turns: readonly AgentTurn[];
  /** The protocol's final value (a graph's state), when it has one beyond the responses. */
  result?: unknown;
}

/**
 * The case: each turn a step, the answered pauses in order (the scripted human answers them on
 * replay; a pause left unanswered ends the recording and is not replayed past), and by default the
 * assertions ADK's own evals make: the trajectory (in order, arguments equal) and the final response
 * (ROUGE-1 ≥ 0.8, ADK's response_match_score default).
 */
export function agentCaseBody(input: AgentCaseInput): CaseBody {
  const turns = input.turns.slice(0, MAX_CASE_STEPS);
  // The answers up to the first pause the recording cannot answer (null): dropping that one alone
  // would hand every later pause the answer of the one before it.
  const met = turns.flatMap((t) => t.pauses);
  const unanswered = met.findIndex((p) => p.answer === null);
  const answers: PauseAnswer[] = (unanswered < 0 ? met : met.slice(0, unanswered))
    .slice(0, MAX_CASE_PAUSES)
    .map((p) => ({ kind: p.kind, ...(p.key !== undefined ? { key: p.key } : {}), request: p.request, answer: p.answer }));
  return {
    name: input.name,
    protocol: input.protocol,
    target: input.target,
    steps: turns.map((t) => ({ kind: AGENT_TURN_STEP, input: t.input, label: t.label })),
    answers,
    recorded: agentOutcome(
      turns,
      turns.flatMap((t) => t.pauses.map(({ answer: _a, ...met }) => met)),
      input.result !== undefined ? { result: input.result } : {},
    ),
    // A graph that says nothing (no messages) is checked by its trajectory and pauses alone.
    assertions: [
      { type: "trajectory", mode: "exact", args: "exact" },
      ...(turns.at(-1)?.finalResponse ? [{ type: "final_response" as const, mode: "rouge1" as const, threshold: 0.8 }] : []),
    ],
    source: input.source,
  };
}

/**
 * What the agent did over the turns: every turn's tool calls in order, the last turn's final
 * response, the pauses met, and per turn its response (`steps`).
 */
export function agentOutcome(
  turns: readonly Pick<AgentTurn, "toolCalls" | "finalResponse">[],
  pauses: readonly PauseMet[],
  extra: { error?: string; latencyMs?: number; result?: unknown } = {},
): CaseOutcome {
  const last = turns[turns.length - 1];
  return caseOutcomeSchema.parse({
    result: extra.result !== undefined ? extra.result : { responses: turns.map((t) => t.finalResponse) },
    isError: extra.error !== undefined,
    latencyMs: extra.latencyMs ?? 0,
    toolCalls: turns.flatMap((t) => t.toolCalls),
    finalResponse: last ? last.finalResponse : null,
    pauses,
    steps: turns.map((t) => ({
      kind: AGENT_TURN_STEP,
      result: { finalResponse: t.finalResponse, toolCalls: t.toolCalls },
      isError: false,
      latencyMs: 0,
    })),
    ...(extra.error !== undefined ? { error: extra.error } : {}),
  });
}

const turnResult = z.object({ finalResponse: z.string(), toolCalls: z.array(toolCallSchema) });
export type TurnResult = z.infer<typeof turnResult>;

/** An outcome's turns (the steps of an agent case), or null when its steps are not agent turns. */
export function turnsOf(outcome: CaseOutcome): TurnResult[] | null {
  const steps = outcome.steps ?? [];
  const turns = steps.map((s) => (s.kind === AGENT_TURN_STEP ? turnResult.safeParse(s.result) : null));
  return turns.length > 0 && turns.every((t) => t?.success) ? turns.flatMap((t) => (t?.success ? [t.data] : [])) : null;
}

/**
 * Several pauses of one step (LangGraph's parallel interrupts, ADK's parallel confirmations) come
 * in no set order: puts the ones pending together in the order the recording answered them — each
 * remaining recorded answer takes the pending pause of its kind and key whose request is the same,
 * else the first of its kind and key; those the recording does not know stay last (and fail there).
 */
export function inRecordedOrder<T>(pending: readonly T[], remaining: readonly PauseAnswer[], metOf: (item: T) => PauseMet): T[] {
  const left = pending.map((item) => ({ item, met: metOf(item) }));
  const out: T[] = [];
  for (const want of remaining) {
    const same = left.filter(
      ({ met }) => met.kind === want.kind && (want.key === undefined || met.key === undefined || met.key === want.key),
    );
    const pick = same.find(({ met }) => JSON.stringify(met.request) === JSON.stringify(want.request)) ?? same[0];
    if (!pick) continue;
    out.push(pick.item);
    left.splice(left.indexOf(pick), 1);
  }
  return [...out, ...left.map(({ item }) => item)];
}
