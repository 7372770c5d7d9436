import "server-only";
import { randomUUID } from "node:crypto";
import type { AssertionResult, CaseBody, CaseOutcome, CaseResult, CaseTarget, Run, Suite } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { evaluateAssertions, firstFailure } from "@/lib/suites/assertions";
import type { Judge } from "@/lib/suites/assertions";
import { PauseScript } from "@/lib/suites/pauses";
import { inCaseOrder, runStatus, summarizeCases } from "@/lib/suites/summary";
import type { TestingDriver } from "@/lib/server/testing/driver";
import { errorMessage } from "@/lib/values";

/**
 * The runner (issue 24): replays every case of a suite `repetitions` times through its protocol's
 * driver (looked up, never named), at most `concurrency` at once, each under its timeout; answers
 * pauses from the case's recorded answers; evaluates the assertions; summarizes (flaky: replays
 * that disagree). Used by the API (lib/server/testing/service.ts) and the CLI (lib/cli/test.ts).
 */

export type RunnableCase = CaseBody & { id: string };

export interface RunInput {
  suite: Pick<Suite, "id" | "name" | "repetitions" | "concurrency" | "timeoutMs" | "defaultTarget">;
  cases: readonly RunnableCase[];
  /** Overrides every case's target (and the suite's default). */
  target?: CaseTarget;
  repetitions?: number;
  driverFor: (protocol: string) => TestingDriver | null;
  judge?: Judge;
  signal?: AbortSignal;
  /**
   * Told after each replay with its result and the run so far (its results in the order they
   * finished, `cases` not yet summed up): the service appends the result and saves a summary.
   */
  onUpdate?: (run: Run, result: CaseResult) => void;
  runId?: string;
}

/** The largest outcome value kept in a result (its JSON): bigger ones are kept as a preview. */
export const MAX_KEPT_RESULT_BYTES = 256 * 1024;

/** The largest other value kept in a result (a step's result, a pause's request, arguments, what an assertion compared). */
export const MAX_KEPT_VALUE_BYTES = 64 * 1024;

/** `value`, or a preview of its JSON when that is over `max` bytes. */
function kept(value: unknown, max: number): unknown {
  const text = JSON.stringify(value) ?? "";
  return text.length <= max ? value : { truncated: true, bytes: text.length, preview: text.slice(0, 4096) };
}

/** A replay's outcome as a result keeps it: every value bounded, so a run's row stays bounded too. */
function bounded(outcome: CaseOutcome): CaseOutcome {
  return {
    ...outcome,
    result: kept(outcome.result, MAX_KEPT_RESULT_BYTES),
    finalResponse:
      outcome.finalResponse !== null && outcome.finalResponse.length > MAX_KEPT_VALUE_BYTES
        ? `${outcome.finalResponse.slice(0, MAX_KEPT_VALUE_BYTES)}… (${outcome.finalResponse.length} characters in all)`
        : outcome.finalResponse,
    toolCalls: outcome.toolCalls.map((c) => ({ ...c, args: kept(c.args, MAX_KEPT_VALUE_BYTES) })),
    pauses: outcome.pauses.map((p) => ({ ...p, request: kept(p.request, MAX_KEPT_VALUE_BYTES) })),
    ...(outcome.steps ? { steps: outcome.steps.map((st) => ({ ...st, result: kept(st.result, MAX_KEPT_VALUE_BYTES) })) } : {}),
  };
}

function boundedVerdicts(results: readonly AssertionResult[]): AssertionResult[] {
  return results.map((r) => ({
    ...r,
    ...("expected" in r ? { expected: kept(r.expected, MAX_KEPT_VALUE_BYTES) } : {}),
    ...("actual" in r ? { actual: kept(r.actual, MAX_KEPT_VALUE_BYTES) } : {}),
  }));
}

/** The outcome of a replay stopped at its time limit (with the driver's last word on why it waited) or cancelled. */
function timeout(ms: number, signal: AbortSignal, note: () => string | undefined): Promise<CaseOutcome> {
  return new Promise((resolve) => {
    const done = () => {
      const why = note();
      const error = signal.reason === "cancelled" ? "the run was cancelled" : `timed out after ${ms} ms${why ? `: ${why}` : ""}`;
      resolve(caseOutcomeSchema.parse({ result: null, error }));
    };
    if (signal.aborted) return done();
    signal.addEventListener("abort", done, { once: true });
  });
}

async function replayOnce(c: RunnableCase, repetition: number, input: RunInput, timeoutMs: number): Promise<CaseResult> {
  const started = performance.now();
  const script = new PauseScript(c.answers, c.recorded.pauses.length);
  const driver = input.driverFor(c.protocol);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort("timeout"), timeoutMs);
  const onCancel = () => controller.abort("cancelled");
  input.signal?.addEventListener("abort", onCancel, { once: true });
  let outcome: CaseOutcome;
  let note: string | undefined;
  try {
    if (!driver) outcome = caseOutcomeSchema.parse({ result: null, error: `No testing driver for protocol "${c.protocol}"` });
    else {
      const target = input.target ?? input.suite.defaultTarget ?? c.target;
      const io = {
        signal: controller.signal,
        pause: (met: Parameters<PauseScript["answer"]>[0]) => script.answer(met),
        refused: (i: number, why: string) => script.refused(i, why),
        note: (why: string) => void (note = why),
      };
      outcome = await Promise.race([
        driver.replay(c, target, io).catch((e: unknown) => caseOutcomeSchema.parse({ result: null, error: errorMessage(e) })),
        timeout(timeoutMs, controller.signal, () => note),
      ]);
    }
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener("abort", onCancel);
    if (!controller.signal.aborted) controller.abort("done");
  }
  // A replay that broke off (timeout, cancel, a peer that died) did not get to its later pauses: only
  // what went wrong with the pauses it met counts; "never came" is for a replay that ran to its end.
  const pauseFailures = outcome.error !== undefined ? [...script.failures] : script.finish();
  const assertions =
    outcome.error && !pauseFailures.length
      ? []
      : await evaluateAssertions(c.assertions, {
          outcome,
          recorded: c.recorded,
          judge: input.judge,
          // An LLM judge whose provider never answers must not hold the run (or a CI job): the case's time limit applies.
          signal: input.signal ? AbortSignal.any([input.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
  const failed = firstFailure(assertions);
  let status: CaseResult["status"] = "pass";
  let reason = assertions.length
    ? `all ${assertions.length} assertion${assertions.length === 1 ? "" : "s"} passed`
    : "replayed without error (no assertions)";
  if (pauseFailures.length) [status, reason] = ["fail", pauseFailures[0]!];
  else if (outcome.error?.startsWith("timed out")) [status, reason] = ["fail", outcome.error];
  else if (outcome.error) [status, reason] = ["error", outcome.error];
  else if (failed) [status, reason] = ["fail", failed];
  return {
    caseId: c.id,
    caseName: c.name,
    repetition,
    status,
    reason,
    pauseFailures,
    assertions: boundedVerdicts(assertions),
    outcome: bounded(outcome),
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * Runs `tasks` with at most `limit` in flight, in order of start. When one throws, `stop` is aborted
 * (the replays going end, no other starts), and once every worker has ended the first error is thrown.
 */
async function pool<T>(tasks: readonly (() => Promise<T>)[], limit: number, stop: AbortController): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !stop.signal.aborted) {
      try {
        await tasks[next++]!();
      } catch (e) {
        stop.abort("cancelled");
        throw e;
      }
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  const failed = ended.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}

export async function runSuite(input: RunInput): Promise<Run> {
  const repetitions = input.repetitions ?? input.suite.repetitions;
  const run: Run = {
    id: input.runId ?? randomUUID(),
    suiteId: input.suite.id,
    suiteName: input.suite.name,
    ...(input.target ? { target: input.target } : {}),
    repetitions,
    status: "running",
    startedAt: Date.now(),
    finishedAt: null,
    cases: [],
    results: [],
  };
  // Aborted by a cancel, or by a task that threw (a failed save): the replays going stop with it.
  const stop = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, stop.signal]) : stop.signal;
  const going = { ...input, signal };
  const tasks = input.cases.flatMap((c) =>
    Array.from({ length: repetitions }, (_, r) => async () => {
      if (signal.aborted) return;
      const result = await replayOnce(c, r, going, c.timeoutMs ?? input.suite.timeoutMs);
      run.results.push(result);
      input.onUpdate?.(run, result);
    }),
  );
  await pool(tasks, input.suite.concurrency, stop);
  run.results = inCaseOrder(
    run.results,
    input.cases.map((c) => c.id),
  );
  run.cases = summarizeCases(run.results);
  run.status = input.signal?.aborted ? "cancelled" : input.cases.length ? runStatus(run.cases) : "passed";
  run.finishedAt = Date.now();
  return run;
}
