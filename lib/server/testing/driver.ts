import "server-only";
import type { CaseBody, CaseOutcome, CaseSource, CaseTarget, PauseMet } from "@/lib/contracts/testing";

/**
 * A protocol's testing driver (issue 24): the `testing` slot of its ProtocolAdapter
 * (lib/server/protocols/types.ts). The runner (lib/server/testing/runner.ts) calls it without
 * naming the protocol: `caseFrom` turns something recorded into a case, `replay` runs a case's
 * steps against a target and answers what came back.
 */

/** The runner's answer to a pause: the case's next recorded answer, or why the case fails there. */
export type PauseReply = { ok: true; index: number; answer: unknown } | { ok: false; reason: string };

/** What a replay is given besides the case: how it reports pauses, and when to stop. */
export interface ReplayIO {
  /** Aborted at the case's timeout or when the run is cancelled: the driver stops and returns. */
  signal: AbortSignal;
  /**
   * Each pause the peer makes, in order. `ok: false` (a pause the case did not expect, or another
   * kind than recorded): the driver answers nothing, stops the replay and returns what it has.
   */
  pause(met: PauseMet): PauseReply;
  /** The peer refused the answer given at pause `index` (in words): the case fails with it. */
  refused(index: number, reason: string): void;
  /**
   * Why the replay may be waiting in vain (in words): a case that then times out says it after
   * "timed out after … ms" — a request it could not tie to its own call, say.
   */
  note(reason: string): void;
}

export interface TestingDriver {
  /** What a case can be saved from (`CaseSource.from`) → words for the UI ("a tool call"). */
  sources: Readonly<Record<string, string>>;
  /**
   * A case from something recorded. Unknown `from`, a bad `ref` or a record that is gone: an
   * AppError with a 4xx (`bad_request:case_source`, `not_found:case_source`).
   */
  caseFrom(source: CaseSource): Promise<CaseBody>;
  /**
   * Replays the case's steps against `target` and answers the outcome. A target that cannot be
   * reached is an outcome with `error` (in words), not a throw.
   */
  replay(testCase: CaseBody, target: CaseTarget, io: ReplayIO): Promise<CaseOutcome>;
}
