import type { AssertionOf } from "@/lib/contracts/testing";
import { jsonEqual } from "@/lib/diff/json-diff";
import { turnsOf, type TurnResult } from "@/lib/suites/agent-turns";
import { broken, fail, pass } from "@/lib/suites/assertions/context";
import type { AssertionContext, Verdict } from "@/lib/suites/assertions/context";
import { rouge1 } from "@/lib/suites/rouge";

/**
 * Agent cases scored turn by turn and averaged, the way ADK's evaluators score an eval case's
 * invocations (google/adk-python src/google/adk/evaluation/trajectory_evaluator.py and
 * final_response_match_v1.py): tool_trajectory_avg_score gives each invocation 1.0 when its tool
 * calls (name and arguments, in order) equal the expected ones, else 0.0; response_match_score is
 * ROUGE-1 F of each invocation's response; each is the mean over invocations, compared with its
 * threshold.
 */

function turns(ctx: AssertionContext): { actual: TurnResult[]; expected: TurnResult[] } | string {
  const expected = turnsOf(ctx.recorded);
  if (!expected) return "The recording has no agent turns to score turn by turn";
  return { actual: turnsOf(ctx.outcome) ?? [], expected };
}

const mean = (scores: readonly number[]) => (scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0);

function verdict(metric: string, scores: number[], threshold: number, why: string): Verdict {
  const score = mean(scores);
  const words = `${metric} ${score.toFixed(3)} ${score >= threshold ? "≥" : "<"} ${threshold} over ${scores.length} turn${scores.length === 1 ? "" : "s"}`;
  return score >= threshold ? pass(words, { score }) : fail(`${words}: ${why}`, { score });
}

export function perTurnTrajectory(a: AssertionOf<"trajectory">, ctx: AssertionContext): Verdict {
  const t = turns(ctx);
  if (typeof t === "string") return broken(t);
  let why = "";
  const scores = t.expected.map((want, i) => {
    const got = t.actual[i]?.toolCalls ?? [];
    const same =
      got.length === want.toolCalls.length && want.toolCalls.every((c, j) => c.name === got[j]?.name && jsonEqual(c.args, got[j]?.args));
    if (!same && why === "")
      why = `turn ${i + 1} called ${got.map((c) => `${c.name}(${JSON.stringify(c.args)})`).join(", ") || "no tools"}`;
    return same ? 1 : 0;
  });
  return verdict("tool_trajectory_avg_score", scores, a.threshold ?? 1, why);
}

export function perTurnResponse(a: AssertionOf<"final_response">, ctx: AssertionContext): Verdict {
  const t = turns(ctx);
  if (typeof t === "string") return broken(t);
  const scores = t.expected.map((want, i) => rouge1(t.actual[i]?.finalResponse ?? "", want.finalResponse).fmeasure);
  const low = scores.findIndex((s) => s < a.threshold);
  const why = low >= 0 ? `turn ${low + 1} answered ${JSON.stringify(t.actual[low]?.finalResponse ?? "")}` : "";
  return verdict("response_match_score", scores, a.threshold, why);
}
