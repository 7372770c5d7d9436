import type { AssertionOf } from "@/lib/contracts/testing";
import { jsonDiff } from "@/lib/diff/json-diff";
import { compileSchema } from "@/lib/schema/ajv";
import { withoutPaths } from "@/lib/suites/json-path";
import { boundedMatch } from "@/lib/schema/bounded-regex";
import { asText, broken, DEFAULT_PATH, fail, joinPath, pass, quote, valueAt } from "@/lib/suites/assertions/context";
import type { AssertionContext, Verdict } from "@/lib/suites/assertions/context";
import { errorMessage } from "@/lib/values";

/** Assertions on the value at a path: structural match, JSON Schema, contains, regex. */

const MAX_LISTED = 3;

export function structural(a: AssertionOf<"structural">, ctx: AssertionContext): Verdict {
  const path = a.path ?? DEFAULT_PATH;
  const actual = valueAt(ctx.outcome, path);
  let expectedValue: unknown = a.expected;
  if (expectedValue === undefined) {
    const recorded = valueAt(ctx.recorded, path);
    if (!recorded.found) return broken(`The recording has nothing at ${path} to compare with`);
    expectedValue = recorded.value;
  }
  if (!actual.found) return fail(`Nothing at ${path}`, { expected: expectedValue });
  const expected = withoutPaths(expectedValue, a.ignorePaths);
  const got = withoutPaths(actual.value, a.ignorePaths);
  const diff = jsonDiff(expected, got, { maxChanges: MAX_LISTED });
  if (diff.equal)
    return pass(`${path} matches${a.ignorePaths.length ? ` (ignoring ${a.ignorePaths.join(", ")})` : ""}`, { expected, actual: got });
  const words = diff.changes.map((c) => {
    const at = joinPath(path, c.path);
    if (c.kind === "added") return `${at} is new: ${quote(c.after)}`;
    if (c.kind === "removed") return `${at} is missing (expected ${quote(c.before)})`;
    return `${at}: expected ${quote(c.before)}, got ${quote(c.after)}`;
  });
  const more = diff.omitted > 0 ? `; ${diff.omitted} more difference${diff.omitted === 1 ? "" : "s"}` : "";
  return fail(words.join("; ") + more, { expected, actual: got });
}

/** Compiled once per schema object: a case's assertions are the same objects on every replay. */
const compiled = new WeakMap<object, ReturnType<typeof compileSchema>>();

function validatorFor(schema: Record<string, unknown> | boolean): ReturnType<typeof compileSchema> {
  if (typeof schema === "boolean") return compileSchema(schema);
  let found = compiled.get(schema);
  if (!found) {
    found = compileSchema(schema);
    compiled.set(schema, found);
  }
  return found;
}

export function jsonSchema(a: AssertionOf<"json_schema">, ctx: AssertionContext): Verdict {
  const path = a.path ?? DEFAULT_PATH;
  const actual = valueAt(ctx.outcome, path);
  if (!actual.found) return fail(`Nothing at ${path}`);
  let validate;
  try {
    validate = validatorFor(a.schema);
  } catch (e) {
    return broken(`The schema does not compile: ${errorMessage(e)}`);
  }
  if (validate(actual.value)) return pass(`${path} is valid against the schema`, { actual: actual.value });
  const errors = (validate.errors ?? [])
    .slice(0, MAX_LISTED)
    .map((e) => `${path}${e.instancePath.replaceAll("/", ".")} ${e.message ?? "is invalid"}`);
  return fail(errors.join("; ") || `${path} is not valid against the schema`, { actual: actual.value, expected: a.schema });
}

export function contains(a: AssertionOf<"contains">, ctx: AssertionContext): Verdict {
  const path = a.path ?? DEFAULT_PATH;
  const actual = valueAt(ctx.outcome, path);
  if (!actual.found) return a.negate ? pass(`Nothing at ${path}`) : fail(`Nothing at ${path}`);
  const text = asText(actual.value);
  const has = a.caseSensitive ? text.includes(a.text) : text.toLowerCase().includes(a.text.toLowerCase());
  const what = `${path} ${has ? "contains" : "does not contain"} ${quote(a.text)}`;
  return has !== a.negate ? pass(what, { actual: text }) : fail(what, { actual: text, expected: a.text });
}

/** Longest text a regex runs on: a pattern with backtracking stays bounded. */
const MAX_REGEX_INPUT = 1_000_000;

export function regex(a: AssertionOf<"regex">, ctx: AssertionContext): Verdict {
  const path = a.path ?? DEFAULT_PATH;
  const actual = valueAt(ctx.outcome, path);
  if (!actual.found) return a.negate ? pass(`Nothing at ${path}`) : fail(`Nothing at ${path}`);
  const flags = a.flags.replaceAll("g", "").replaceAll("y", "");
  try {
    new RegExp(a.pattern, flags);
  } catch (e) {
    return broken(`The pattern is not a regular expression: ${errorMessage(e)}`);
  }
  const text = asText(actual.value).slice(0, MAX_REGEX_INPUT);
  const match = boundedMatch(a.pattern, flags, text);
  if (!match.ok) return broken(`/${a.pattern}/ on ${path}: ${match.why}`);
  const found = match.found === null ? null : [match.found];
  const what = found ? `${path} matches /${a.pattern}/ (${quote(found[0])})` : `${path} does not match /${a.pattern}/`;
  return Boolean(found) !== a.negate ? pass(what, { actual: text }) : fail(what, { actual: text, expected: a.pattern });
}
