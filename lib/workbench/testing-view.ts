import type { Assertion, AssertionType, CaseChange, CaseOutcome, CaseStatus, CaseTarget, Run, RunStatus } from "@/lib/contracts/testing";

/**
 * The Tests view's pure half (issue 24): the assertions a new case starts with, JSON paths picked by
 * clicking, the words and tones of statuses and changes, a run's progress, and the target a run is
 * given. No React; the components in components/testing/ render what these decide.
 */

/** The assertion kinds that say something about this outcome (a trajectory needs tool calls, a final response text). */
export function applicableKinds(outcome: CaseOutcome): AssertionType[] {
  const kinds: AssertionType[] = ["structural", "json_schema", "contains", "regex", "is_error", "latency"];
  if (outcome.toolCalls.length > 0) kinds.push("trajectory");
  if (outcome.finalResponse !== null) kinds.push("final_response");
  kinds.push("llm_judge");
  return kinds;
}

/** The kinds ticked in the save dialog: the result as recorded, its error flag, and the agent's trajectory and answer. */
export function defaultKinds(outcome: CaseOutcome): AssertionType[] {
  const kinds: AssertionType[] = outcome.finalResponse !== null || outcome.toolCalls.length > 0 ? [] : ["structural"];
  kinds.push("is_error");
  if (outcome.toolCalls.length > 0) kinds.push("trajectory");
  if (outcome.finalResponse !== null) kinds.push("final_response");
  return kinds;
}

/** The first text in a recorded result (an MCP result's content, or the agent's answer), for contains / regex. */
export function firstText(outcome: CaseOutcome): string {
  if (outcome.finalResponse) return outcome.finalResponse;
  const content = isRecord(outcome.result) ? outcome.result.content : undefined;
  if (Array.isArray(content)) {
    for (const block of content) if (isRecord(block) && typeof block.text === "string" && block.text) return block.text;
  }
  return typeof outcome.result === "string" ? outcome.result : "";
}

/** A latency budget with room above the recorded latency: three times it, at least 100 ms, rounded up to 50 ms. */
export function latencyBudget(latencyMs: number): number {
  return Math.max(100, Math.ceil((latencyMs * 3) / 50) * 50);
}

/** A new assertion of one kind, filled from the recorded outcome so it passes against it as it stands. */
export function newAssertion(type: AssertionType, outcome: CaseOutcome): Assertion {
  const text = firstText(outcome).slice(0, 200) || "text";
  switch (type) {
    case "structural":
      return { type, ignorePaths: [] };
    case "json_schema":
      return { type, schema: { type: "object" } };
    case "contains":
      return { type, text, caseSensitive: true, negate: false };
    case "regex":
      return { type, pattern: escapeRegex(text), flags: "", negate: false };
    case "is_error":
      return { type, expected: outcome.isError };
    case "latency":
      return { type, maxMs: latencyBudget(outcome.latencyMs) };
    case "trajectory":
      return { type, mode: "exact", args: "exact" };
    case "final_response":
      return { type, mode: "rouge1", threshold: 0.8 };
    case "llm_judge":
      return { type, provider: "scripted", model: "scripted", criteria: "The answer does what was asked.", threshold: 0.5 };
  }
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One step into a JSON value: an object key or an array index. */
export type PathSegment = string | number;

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The JSONPath of a clicked value, relative to `root` (`$.content[0].text`; odd keys as `['a b']`). */
export function jsonPathOf(segments: readonly PathSegment[], root = "$"): string {
  let out = root;
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (PLAIN_KEY.test(s)) out += `.${s}`;
    else out += `['${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`;
  }
  return out;
}

/** A picked path with each array index made `[*]`: every item's field (every content block's id). */
export function everyItemPath(segments: readonly PathSegment[], root = "$"): string {
  return jsonPathOf(segments, root).replace(/\[\d+\]/g, "[*]");
}

/** Adds a path to a list once. */
export function withPath(paths: readonly string[], path: string): string[] {
  return paths.includes(path) ? [...paths] : [...paths, path];
}

/** A tone of the shared status vocabulary (components/elements/status-badge.tsx), named here without React. */
export type Tone = "pending" | "running" | "ok" | "failed" | "stale" | "canceled" | "info" | "warning";

export const CASE_STATUS_TEXT: Record<CaseStatus, { label: string; tone: Tone }> = {
  pass: { label: "Passed", tone: "ok" },
  fail: { label: "Failed", tone: "failed" },
  error: { label: "Could not run", tone: "warning" },
};

export const RUN_STATUS_TEXT: Record<RunStatus, { label: string; tone: Tone }> = {
  running: { label: "Running", tone: "running" },
  passed: { label: "Passed", tone: "ok" },
  failed: { label: "Failed", tone: "failed" },
  error: { label: "Error", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "canceled" },
};

/** How a case moved against the baseline, in words, in the order the diff lists them (what needs a look first). */
export const CASE_CHANGE_TEXT: Record<CaseChange, { label: string; tone: Tone; order: number }> = {
  newly_failing: { label: "Newly failing", tone: "failed", order: 0 },
  changed: { label: "Changed", tone: "warning", order: 1 },
  still_failing: { label: "Still failing", tone: "failed", order: 2 },
  fixed: { label: "Fixed", tone: "ok", order: 3 },
  added: { label: "Added", tone: "info", order: 4 },
  removed: { label: "Removed", tone: "stale", order: 5 },
  still_passing: { label: "Still passing", tone: "ok", order: 6 },
};

/** Replays done out of those the run will make (each case times its repetitions). */
export function runProgress(run: Pick<Run, "cases" | "results" | "repetitions">, caseCount: number): { done: number; total: number } {
  return { done: run.results.length, total: Math.max(caseCount, run.cases.length) * run.repetitions };
}

/** Where a run goes, in words. */
export function targetText(target: CaseTarget | undefined): string {
  if (!target) return "each case's own server or agent";
  switch (target.kind) {
    case "saved":
      return `saved ${target.id}`;
    case "config":
      return `${target.name} from ${target.file ?? "the config file"}`;
    case "command":
      return [target.command, ...target.args].join(" ");
    case "url":
      return target.url;
  }
}

/** A target typed by the user: a URL, else a command line split on spaces (quotes keep spaces). */
export function parseTargetText(text: string): CaseTarget | null {
  const t = text.trim();
  if (!t) return null;
  if (/^https?:\/\//i.test(t)) return { kind: "url", url: t };
  const words = [...t.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
  const [command, ...args] = words;
  return command ? { kind: "command", command, args } : null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The diff's cases in the order to read them: what needs a look first, then by name. */
export function sortDiffCases<T extends { change: CaseChange; caseName: string }>(cases: readonly T[]): T[] {
  return [...cases].sort(
    (a, b) => CASE_CHANGE_TEXT[a.change].order - CASE_CHANGE_TEXT[b.change].order || a.caseName.localeCompare(b.caseName),
  );
}
