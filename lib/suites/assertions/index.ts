import type { Assertion, AssertionResult, AssertionType, CaseOutcome } from "@/lib/contracts/testing";
import { broken, fail, pass } from "@/lib/suites/assertions/context";
import type { AssertionContext, Judge, Verdict } from "@/lib/suites/assertions/context";
import { finalResponse, llmJudge } from "@/lib/suites/assertions/response";
import { trajectory } from "@/lib/suites/assertions/trajectory";
import { contains, jsonSchema, regex, structural } from "@/lib/suites/assertions/values";
import { JsonPathError } from "@/lib/suites/json-path";
import { errorMessage } from "@/lib/values";

export type { AssertionContext, Judge, JudgeVerdict } from "@/lib/suites/assertions/context";

/**
 * The assertions engine (issue 24): pure, one evaluator per assertion type in a Record, so a new
 * type without an evaluator does not compile. The runner calls `evaluateAssertions` on a replay's
 * outcome; the UI's preview calls `previewAssertions` on the recording itself.
 */

type Evaluators = { [T in AssertionType]: (a: Extract<Assertion, { type: T }>, ctx: AssertionContext) => Verdict | Promise<Verdict> };

const EVALUATORS: Evaluators = {
  structural,
  json_schema: jsonSchema,
  contains,
  regex,
  is_error: (a, { outcome }) =>
    outcome.isError === a.expected
      ? pass(`isError is ${String(a.expected)}`, { actual: outcome.isError })
      : fail(`isError is ${String(outcome.isError)}, expected ${String(a.expected)}`, { actual: outcome.isError, expected: a.expected }),
  latency: (a, { outcome }) => {
    const ms = Math.round(outcome.latencyMs);
    return ms <= a.maxMs
      ? pass(`${ms} ms ≤ ${a.maxMs} ms`, { actual: ms, expected: a.maxMs })
      : fail(`${ms} ms is over the ${a.maxMs} ms budget`, { actual: ms, expected: a.maxMs });
  },
  trajectory,
  final_response: finalResponse,
  llm_judge: llmJudge,
};

function evaluatorFor<T extends AssertionType>(
  type: T,
): (a: Extract<Assertion, { type: T }>, ctx: AssertionContext) => Verdict | Promise<Verdict> {
  return EVALUATORS[type];
}

export async function evaluateAssertion(assertion: Assertion, index: number, ctx: AssertionContext): Promise<AssertionResult> {
  let verdict: Verdict;
  try {
    verdict = await evaluatorFor(assertion.type)(assertion, ctx);
  } catch (e) {
    verdict = broken(e instanceof JsonPathError ? `Bad path: ${e.message}` : `Could not evaluate: ${errorMessage(e)}`);
  }
  return { index, type: assertion.type, ...verdict };
}

/** Every assertion of a case against an outcome, in order. */
export function evaluateAssertions(assertions: readonly Assertion[], ctx: AssertionContext): Promise<AssertionResult[]> {
  return Promise.all(assertions.map((a, i) => evaluateAssertion(a, i, ctx)));
}

/** The preview the assertion editor shows: the assertions against the recorded outcome. */
export function previewAssertions(assertions: readonly Assertion[], recorded: CaseOutcome, judge?: Judge): Promise<AssertionResult[]> {
  return evaluateAssertions(assertions, { outcome: recorded, recorded, judge });
}

/** The first failing assertion in words, for a case's reason. */
export function firstFailure(results: readonly AssertionResult[]): string | null {
  const bad = results.find((r) => r.status === "fail" || r.status === "error");
  return bad ? `assertion ${bad.index + 1} (${bad.type}) ${bad.status === "error" ? "could not run" : "failed"}: ${bad.reason}` : null;
}
