import "server-only";
import { createContext, Script } from "node:vm";
import { installPatternEngine, type PatternTest } from "@/lib/schema/ajv";

/**
 * A user's regex runs on Loupe's server (a run, the editor's preview as they type): a pattern that
 * backtracks catastrophically (`^(a+)+$` on 30 "a" and a "!") would hold the event loop for
 * minutes, and nothing else could stop it. It runs here in a context of its own with a time limit,
 * which V8 enforces inside the regex engine.
 */
export const REGEX_TIME_LIMIT_MS = 250;

const sandbox = createContext({ pattern: "", flags: "", text: "", found: null });
const script = new Script("found = (() => { const m = new RegExp(pattern, flags).exec(text); return m === null ? null : m[0]; })()");

export type BoundedMatch = { ok: true; found: string | null } | { ok: false; why: string };

/** `new RegExp(pattern, flags).exec(text)`'s whole match, or why it was stopped. The pattern must compile. */
export function boundedMatch(pattern: string, flags: string, text: string): BoundedMatch {
  Object.assign(sandbox, { pattern, flags, text, found: null });
  try {
    script.runInContext(sandbox, { timeout: REGEX_TIME_LIMIT_MS });
    const found: unknown = Reflect.get(sandbox, "found");
    return { ok: true, found: typeof found === "string" ? found : null };
  } catch (e) {
    const code: unknown = e !== null && typeof e === "object" ? Reflect.get(e, "code") : undefined;
    const why =
      code === "ERR_SCRIPT_EXECUTION_TIMEOUT"
        ? `the pattern ran longer than ${REGEX_TIME_LIMIT_MS} ms on ${text.length.toLocaleString("en-US")} characters and was stopped (it backtracks too much: nested or overlapping repeats such as (a+)+)`
        : `the pattern failed: ${String(e)}`;
    return { ok: false, why };
  } finally {
    Object.assign(sandbox, { text: "", found: null });
  }
}

/**
 * A schema's `pattern` tested under the same time limit: a match that would run longer counts as
 * none (the value fails its schema, with the pattern named), instead of holding the server.
 */
export function boundedPattern(pattern: string, flags: string): PatternTest {
  return {
    test: (text) => {
      const m = boundedMatch(pattern, flags, text);
      return m.ok && m.found !== null;
    },
    // Ajv keeps one tester per toString(): "[object Object]" made every pattern the first one's.
    toString: () => `/${pattern}/${flags}`,
  };
}

// Every schema the server validates with (test assertions, answers) tests its patterns so.
installPatternEngine(boundedPattern);
