import "server-only";
import type { CaseTarget, Run, RunSummary, Suite, TestCase } from "@/lib/contracts/testing";
import { maskHeaders, mergeHeaders } from "@/lib/server/secrets";

/*
 * A test target's header and environment values are secrets (an Authorization header, an API key):
 * every testing route answers with them masked, as a connection's (lib/server/secrets.ts), and an
 * edit that sends a masked value back keeps the stored one. The runner and an export read the store.
 */

/** The target as a response shows it: each header and environment value replaced by the mask. */
export function maskTarget(target: CaseTarget): CaseTarget {
  if (target.kind === "url" && target.headers) return { ...target, headers: maskHeaders(target.headers) };
  if (target.kind === "command" && target.env) return { ...target, env: maskHeaders(target.env) };
  return target;
}

/** An edited target as sent back: a masked value means "keep the stored one" (a mask with nothing behind it is dropped). */
export function mergeTarget(incoming: CaseTarget, stored: CaseTarget | undefined): CaseTarget {
  if (incoming.kind === "url" && incoming.headers)
    return { ...incoming, headers: mergeHeaders(incoming.headers, stored?.kind === "url" ? stored.headers : undefined) };
  if (incoming.kind === "command" && incoming.env)
    return { ...incoming, env: mergeHeaders(incoming.env, stored?.kind === "command" ? stored.env : undefined) };
  return incoming;
}

export function maskCase(c: TestCase): TestCase {
  return { ...c, target: maskTarget(c.target) };
}

export function maskSuite(s: Suite): Suite {
  return s.defaultTarget ? { ...s, defaultTarget: maskTarget(s.defaultTarget) } : s;
}

/** A run or a run's summary (its `target` is the one the run was asked for). */
export function maskRun<T extends Run | RunSummary>(r: T): T {
  return r.target ? { ...r, target: maskTarget(r.target) } : r;
}
