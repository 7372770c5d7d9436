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
export function boundedMatch(pattern: string, flags: string, text: string, limitMs = REGEX_TIME_LIMIT_MS): BoundedMatch {
  Object.assign(sandbox, { pattern, flags, text, found: null });
  try {
    script.runInContext(sandbox, { timeout: Math.max(1, Math.ceil(limitMs)) });
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
 * none (the value fails its schema, with the pattern named), instead of holding the server. The
 * limit is the pattern's for one turn of the event loop (one validation: Ajv's is synchronous), not
 * each string's: tested on each of 200 items (allErrors), 250 ms apiece held the server 50 s; once
 * its share is spent, the rest of that turn's strings count as no match.
 */
/** A pattern test's own cost, not counted as backtracking (it runs in a context of its own). */
const PATTERN_CALL_COST_MS = 0.5;
/** All tests of one pattern in one turn, whatever each took. */
const PATTERN_TURN_MAX_MS = 5_000;

export function boundedPattern(pattern: string, flags: string): PatternTest {
  // `slowMs`: time past each call's own cost (a test takes about 60 µs in its context), which is
  // what backtracking spends; `allMs`: everything, capped far higher (10,000 items of an ordinary
  // pattern take 0.6 s and must all pass).
  const turn = { slowMs: 0, allMs: 0, resetQueued: false };
  return {
    test: (text) => {
      if (!turn.resetQueued) {
        turn.resetQueued = true;
        setImmediate(() => Object.assign(turn, { slowMs: 0, allMs: 0, resetQueued: false }));
      }
      const left = Math.min(REGEX_TIME_LIMIT_MS - turn.slowMs, PATTERN_TURN_MAX_MS - turn.allMs);
      if (left <= 0) return false;
      const started = performance.now();
      const m = boundedMatch(pattern, flags, text, left);
      const took = performance.now() - started;
      turn.slowMs += Math.max(0, took - PATTERN_CALL_COST_MS);
      turn.allMs += took;
      return m.ok && m.found !== null;
    },
    // Ajv keeps one tester per toString(): "[object Object]" made every pattern the first one's.
    toString: () => `/${pattern}/${flags}`,
  };
}

// Every schema the server validates with (test assertions, answers) tests its patterns so.
installPatternEngine(boundedPattern);
