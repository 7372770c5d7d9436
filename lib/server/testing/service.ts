import "server-only";
import { randomUUID } from "node:crypto";
import type {
  Assertion,
  AssertionResult,
  CaseOutcome,
  CaseSource,
  Run,
  RunDiff,
  RunRequest,
  RunSummary,
  Suite,
  SuiteFile,
  TestCase,
} from "@/lib/contracts/testing";
import { SUITE_FILE_FORMAT, SUITE_FILE_VERSION } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { previewAssertions } from "@/lib/suites/assertions";
import { diffRuns, inCaseOrder, summarizeCases } from "@/lib/suites/summary";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import { getStore } from "@/lib/server/store";
import type { TestingDriver } from "@/lib/server/testing/driver";
import { playgroundJudge } from "@/lib/server/testing/judge";
import { runSuite } from "@/lib/server/testing/runner";
import { TestStore } from "@/lib/server/testing/store";
import { processWide } from "@/lib/server/process-wide";
import { stoppedElsewhere, thisInstanceId } from "@/lib/server/cluster/whereabouts";
import { portableTarget } from "@/lib/suites/target-secrets";

/** Runs going at once across suites (a bounded resource). */
export const MAX_RUNNING = 4;

/** How often a going run is saved (its finished replays so far). */
const SAVE_EVERY_MS = 250;

export const INTERRUPTED_RUN = "Loupe stopped while this run was going; it stopped with it";

/** The protocol's testing driver, from the adapters registry (never named here). */
export function driverFor(protocol: string): TestingDriver | null {
  return PROTOCOL_ADAPTERS.find((a) => a.id === protocol)?.testing ?? null;
}

/** A going run whose instance stopped (issue 25): why it stopped, in words. */
function leftElsewhere(run: RunSummary): string | undefined {
  const stopped = stoppedElsewhere(run.instance);
  return stopped && `${stopped} stopped while this run was going; it stopped with it`;
}

/**
 * Test cases, suites and runs behind the routes (app/api/tests/…): saves cases from what each
 * protocol recorded, runs suites in the background (their traffic is recorded like any other),
 * keeps the history, diffs a run against a baseline, imports and exports the suite file.
 */
export class Testing {
  readonly store: TestStore;
  private readonly shared: boolean;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<Run> }>();

  constructor(store = getStore()) {
    // On a shared store (issue 25) a going run may be another live instance's: only one whose
    // instance stopped is stopped with it (when the store is opened, and as runs are listed).
    const shared = store.engine.kind !== "sqlite";
    this.shared = shared;
    this.store = new TestStore(store, shared ? leftElsewhere : undefined);
    this.store.interruptLeftovers(shared ? leftElsewhere : () => INTERRUPTED_RUN);
  }

  async caseFrom(source: CaseSource): Promise<TestCase> {
    const driver = driverFor(source.protocol);
    if (!driver) throw new AppError("bad_request:case_source", `No testing driver for protocol "${source.protocol}"`);
    return this.store.createCase(await driver.caseFrom(source));
  }

  preview(assertions: readonly Assertion[], recorded: CaseOutcome): Promise<AssertionResult[]> {
    return previewAssertions(assertions, recorded, playgroundJudge);
  }

  /** Starts a run (saved at once as "running", again after each replay); `done` resolves when it ends. */
  startRun(suiteId: string, request: RunRequest): { run: Run; done: Promise<Run> } {
    const suite = this.store.requireSuite(suiteId);
    if (this.running.size >= MAX_RUNNING)
      throw new AppError("conflict:test_run", `${MAX_RUNNING} runs are going already: wait for one to end`);
    const cases = suite.caseIds.map((id) => this.store.requireCase(id));
    if (!cases.length) throw new AppError("bad_request:test_run", `The suite "${suite.name}" has no cases`);
    const controller = new AbortController();
    const runId = randomUUID();
    const first: Run = {
      id: runId,
      suiteId,
      suiteName: suite.name,
      ...(request.target ? { target: request.target } : {}),
      repetitions: request.repetitions ?? suite.repetitions,
      status: "running",
      startedAt: Date.now(),
      finishedAt: null,
      cases: [],
      results: [],
      ...(thisInstanceId() ? { instance: thisInstanceId() } : {}),
    };
    this.store.saveRun(first);
    let savedAt = 0;
    const caseIds = cases.map((c) => c.id);
    const done = runSuite({
      suite,
      cases,
      target: request.target,
      repetitions: request.repetitions,
      driverFor,
      judge: playgroundJudge,
      signal: controller.signal,
      runId,
      onUpdate: (run, result) => {
        // Each result is one row appended (the results so far are never written again); the summary
        // (a line per case) is saved for the view that polls it at most every SAVE_EVERY_MS.
        this.store.appendResult(runId, result);
        if (Date.now() - savedAt < SAVE_EVERY_MS) return;
        savedAt = Date.now();
        const { results, ...summary } = run;
        this.store.saveRun({ ...summary, cases: summarizeCases(inCaseOrder(results, caseIds)), startedAt: first.startedAt });
      },
    })
      .then(({ results: _r, ...run }) => ({ ...run, startedAt: first.startedAt }))
      .catch((e: unknown) => {
        const results = inCaseOrder(this.store.requireRun(suiteId, runId).results, caseIds);
        const { results: _r, ...summary } = first;
        return {
          ...summary,
          cases: summarizeCases(results),
          status: "error" as const,
          error: AppError.from(e).message,
          finishedAt: Date.now(),
        };
      })
      .then((summary) => {
        try {
          this.store.saveRun(summary);
        } finally {
          // The slot is freed even when the last save fails (else 4 such runs refuse every run after).
          this.running.delete(runId);
        }
        // Read back whole: the results are the rows appended as the replays finished.
        return this.store.requireRun(suiteId, runId);
      });
    // Nobody awaits `done` after a 202: a failed last save must not be an unhandled rejection.
    done.catch((e: unknown) => console.error(`[loupe] test run ${runId}: ${AppError.from(e).message}`));
    this.running.set(runId, { controller, done });
    return { run: first, done };
  }

  cancelRun(suiteId: string, runId: string): Run {
    const run = this.store.requireRun(suiteId, runId);
    const here = this.running.get(runId);
    if (here) here.controller.abort("cancelled");
    // Going on an instance that stopped (issue 25): closed now, naming it (a live one's cancel was forwarded there).
    else if (run.status === "running" && this.shared) this.store.interruptLeftovers(leftElsewhere);
    return here ? run : this.store.requireRun(suiteId, runId);
  }

  /** The run against `baseRunId`, else the suite's baseline, else the run before it. */
  diff(suiteId: string, runId: string, baseRunId?: string): RunDiff {
    const suite = this.store.requireSuite(suiteId);
    const run = this.store.requireRun(suiteId, runId);
    const base =
      baseRunId ??
      (suite.baselineRunId !== runId ? suite.baselineRunId : undefined) ??
      this.store.listRuns(suiteId).find((r) => r.startedAt < run.startedAt && r.status !== "running")?.id;
    if (!base) throw new AppError("not_found:test_run", "No earlier run to compare with: choose a baseline");
    return diffRuns(this.store.requireRun(suiteId, base), run);
  }

  exportSuite(suiteId: string): SuiteFile {
    const suite = this.store.requireSuite(suiteId);
    const cases = suite.caseIds.map((id) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...body } = this.store.requireCase(id);
      return { ...body, target: portableTarget(body.target) };
    });
    if (!cases.length) throw new AppError("bad_request:test_suite", `The suite "${suite.name}" has no cases to export`);
    return {
      format: SUITE_FILE_FORMAT,
      version: SUITE_FILE_VERSION,
      name: suite.name,
      ...(suite.defaultTarget ? { target: portableTarget(suite.defaultTarget) } : {}),
      repetitions: suite.repetitions,
      concurrency: suite.concurrency,
      timeoutMs: suite.timeoutMs,
      cases,
    };
  }

  /** A suite file becomes a new suite with new cases. */
  importSuite(file: SuiteFile): Suite {
    const db = this.store;
    const ids = file.cases.map((c) => db.createCase(c).id);
    return db.createSuite({
      name: file.name,
      caseIds: ids,
      ...(file.target ? { defaultTarget: file.target } : {}),
      repetitions: file.repetitions,
      concurrency: file.concurrency,
      timeoutMs: file.timeoutMs,
    });
  }

  /** Cancels what runs (shutdown, tests) and waits for it to be saved. */
  async closeAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort("cancelled");
    await Promise.all(all.map((r) => r.done));
  }
}

const TESTING_KEY = Symbol.for("loupe.testing");

/** The process-wide testing service (STYLE rule 3: it survives dev hot reload). */
export function getTesting(): Testing {
  return processWide(TESTING_KEY, () => new Testing());
}
