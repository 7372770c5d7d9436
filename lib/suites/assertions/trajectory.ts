import type { AssertionOf, ToolCallMade } from "@/lib/contracts/testing";
import { jsonEqual } from "@/lib/diff/json-diff";
import { fail, pass, quote } from "@/lib/suites/assertions/context";
import type { AssertionContext, Verdict } from "@/lib/suites/assertions/context";
import { isRecord } from "@/lib/values";

/**
 * Tool trajectory, as ADK's tool_trajectory_avg_score matches it (EXACT: the same calls in the same
 * order and nothing else; IN_ORDER: the expected calls appear in that order, others may be between;
 * ANY_ORDER: every expected call appears, in any order), with the arguments compared exactly, as
 * a subset (every expected key, deeply, with its value), or not at all.
 */

type Expected = { name: string; args?: unknown };
type ArgMatch = AssertionOf<"trajectory">["args"];

/** Every key of `expected` is in `actual` with a matching value (deeply; arrays compared whole). */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (isRecord(expected) && isRecord(actual))
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && isSubset(v, actual[k]));
  return jsonEqual(expected, actual);
}

function callMatches(expected: Expected, actual: ToolCallMade, args: ArgMatch): boolean {
  if (expected.name !== actual.name) return false;
  if (args === "ignore" || expected.args === undefined) return true;
  return args === "exact" ? jsonEqual(expected.args, actual.args) : isSubset(expected.args, actual.args);
}

const names = (calls: readonly { name: string }[]) => (calls.length ? calls.map((c) => c.name).join(" → ") : "no tool calls");

/** The first expected call that has no match, with the actual call of the same name if there is one. */
function missing(expected: readonly Expected[], actual: readonly ToolCallMade[], args: ArgMatch): string {
  const used = new Set<number>();
  for (const e of expected) {
    const i = actual.findIndex((a, j) => !used.has(j) && callMatches(e, a, args));
    if (i >= 0) {
      used.add(i);
      continue;
    }
    const same = actual.find((a) => a.name === e.name);
    return same ? `${e.name} was called with ${quote(same.args)} where ${quote(e.args)} was expected` : `${e.name} was not called`;
  }
  return "";
}

export function trajectory(a: AssertionOf<"trajectory">, ctx: AssertionContext): Verdict {
  const expected: Expected[] = a.expected ?? ctx.recorded.toolCalls;
  const actual = ctx.outcome.toolCalls;
  let ok: boolean;
  if (a.mode === "exact") ok = expected.length === actual.length && expected.every((e, i) => callMatches(e, actual[i]!, a.args));
  else if (a.mode === "in_order") {
    let at = 0;
    for (const call of actual) if (at < expected.length && callMatches(expected[at]!, call, a.args)) at++;
    ok = at === expected.length;
  } else ok = missing(expected, actual, a.args) === "";
  const extra = { expected, actual, score: ok ? 1 : 0 };
  if (ok) return pass(`Tool calls match (${a.mode.replace("_", " ")}): ${names(actual)}`, extra);
  const why = missing(expected, actual, a.args) || `called ${names(actual)}`;
  return fail(`Expected ${names(expected)} (${a.mode.replace("_", " ")}, arguments ${a.args}): ${why}`, extra);
}
