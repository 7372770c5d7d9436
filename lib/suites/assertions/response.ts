import type { AssertionOf } from "@/lib/contracts/testing";
import { asText, broken, fail, pass, quote, valueAt } from "@/lib/suites/assertions/context";
import type { AssertionContext, Verdict } from "@/lib/suites/assertions/context";
import { rouge1 } from "@/lib/suites/rouge";

/** The final response: exact, contains, or ROUGE-1 F-measure ≥ threshold (ADK's response_match_score). */
export function finalResponse(a: AssertionOf<"final_response">, ctx: AssertionContext): Verdict {
  const expected = a.expected ?? ctx.recorded.finalResponse;
  if (expected === null) return broken("The recording has no final response to compare with: give the expected text");
  const actual = ctx.outcome.finalResponse;
  if (actual === null) return fail("There was no final response", { expected });
  if (a.mode === "exact") {
    return actual === expected
      ? pass("The final response is the expected text", { expected, actual })
      : fail(`Expected ${quote(expected)}, got ${quote(actual)}`, { expected, actual });
  }
  if (a.mode === "contains") {
    const has = actual.includes(expected);
    return has
      ? pass(`The final response contains ${quote(expected)}`, { expected, actual })
      : fail(`The final response ${quote(actual)} does not contain ${quote(expected)}`, { expected, actual });
  }
  const score = rouge1(actual, expected).fmeasure;
  const words = `ROUGE-1 F ${score.toFixed(3)} ${score >= a.threshold ? "≥" : "<"} ${a.threshold}`;
  return score >= a.threshold
    ? pass(words, { expected, actual, score })
    : fail(`${words}: got ${quote(actual)}`, { expected, actual, score });
}

export async function llmJudge(a: AssertionOf<"llm_judge">, ctx: AssertionContext): Promise<Verdict> {
  if (!ctx.judge) return { status: "skipped", reason: "skipped: no judge is available here" };
  const at = a.path ? valueAt(ctx.outcome, a.path) : { found: true as const, value: ctx.outcome.finalResponse ?? ctx.outcome.result };
  if (!at.found) return fail(`Nothing at ${a.path ?? "$"} to judge`);
  const text = asText(at.value);
  const verdict = await ctx.judge({ provider: a.provider, model: a.model, criteria: a.criteria, text, signal: ctx.signal });
  if ("skipped" in verdict) return { status: "skipped", reason: `skipped (${verdict.skipped})` };
  const words = `${a.provider}/${a.model} scored ${verdict.score.toFixed(2)} (${verdict.score >= a.threshold ? "≥" : "<"} ${a.threshold}): ${verdict.reason}`;
  return verdict.score >= a.threshold
    ? pass(words, { score: verdict.score, actual: text })
    : fail(words, { score: verdict.score, actual: text });
}
