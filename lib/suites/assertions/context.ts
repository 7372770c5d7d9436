import type { AssertionResult, CaseOutcome } from "@/lib/contracts/testing";
import { formatPath } from "@/lib/diff/json-diff";
import type { JsonPath } from "@/lib/diff/json-diff";
import { selectPath } from "@/lib/suites/json-path";

/** What an LLM judge answers: a score 0–1 and why; or that it did not run (no key), in words. */
export type JudgeVerdict = { score: number; reason: string } | { skipped: string };

/** The judge a run is given (lib/server/testing/judge.ts: a playground provider; a script offline). */
export type Judge = (request: {
  provider: string;
  model: string;
  criteria: string;
  text: string;
  signal?: AbortSignal;
}) => Promise<JudgeVerdict>;

/** What every assertion is evaluated against. */
export interface AssertionContext {
  /** The outcome under test (a replay's, or the recorded one for a preview). */
  outcome: CaseOutcome;
  /** The case's recorded outcome: the expectation when an assertion names none. */
  recorded: CaseOutcome;
  judge?: Judge;
  signal?: AbortSignal;
}

export type Verdict = Omit<AssertionResult, "index" | "type">;

export const DEFAULT_PATH = "$.result";

/** The value a path selects in an outcome: one node as itself, several as an array, none: absent. */
export function valueAt(outcome: CaseOutcome, path: string): { found: true; value: unknown } | { found: false } {
  const matches = selectPath(outcome, path);
  if (matches.length === 0) return { found: false };
  return { found: true, value: matches.length === 1 ? matches[0]?.value : matches.map((m) => m.value) };
}

/** A value as assertions read text: a string as it is, anything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/** A short quote of a value for a reason in words. */
export function quote(value: unknown, max = 120): string {
  const text =
    value === undefined ? "nothing" : typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `$.result` + `$.content[0]` → `$.result.content[0]`. */
export function joinPath(base: string, relative: JsonPath): string {
  return base + formatPath(relative).slice(1);
}

export const pass = (reason: string, extra: Partial<Verdict> = {}): Verdict => ({ status: "pass", reason, ...extra });
export const fail = (reason: string, extra: Partial<Verdict> = {}): Verdict => ({ status: "fail", reason, ...extra });
export const broken = (reason: string): Verdict => ({ status: "error", reason });
