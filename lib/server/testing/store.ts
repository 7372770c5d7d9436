import "server-only";
import { randomUUID } from "node:crypto";
import type { CaseBody, CaseResult, Run, RunSummary, Suite, SuiteBody, TestCase } from "@/lib/contracts/testing";
import { MAX_RUNS_PER_SUITE } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { storedJson } from "@/lib/server/store";
import { mergeTarget } from "@/lib/server/testing/mask";
import { inCaseOrder, summarizeCases } from "@/lib/suites/summary";
import type { Store } from "@/lib/server/store";

/** Cases and suites a store keeps (a bounded resource: a bigger library is a mistake or an attack). */
export const MAX_CASES = 10_000;
export const MAX_SUITES = 1_000;

function withoutResults({ results: _r, ...summary }: Run): RunSummary {
  return summary;
}

/**
 * Test cases, suites and runs in the SQLite store (tables: lib/server/testing/tables.ts). Runs are
 * capped per suite (MAX_RUNS_PER_SUITE, oldest pruned first), never the suite's chosen baseline. A
 * run's row holds its summary; its results are rows appended one per replay (so a going run costs
 * one small write per replay, not its whole results again).
 */
/** Why a run the store says is going was left by a Loupe that stopped, else undefined (it is going). */
export type LeftBy = (run: RunSummary) => string | undefined;

export class TestStore {
  /** `leftBy`: on a shared store (issue 25), which going runs another instance left when it stopped (swept as they are listed). */
  constructor(
    private readonly store: Store,
    private readonly leftBy?: LeftBy,
  ) {}

  listCases(): TestCase[] {
    return this.store
      .prepare<{ record: string }>("SELECT record FROM test_cases ORDER BY updated_at DESC, id")
      .all()
      .map((r) => storedJson<TestCase>(r.record));
  }

  getCase(id: string): TestCase | undefined {
    const row = this.store.prepare<{ record: string }>("SELECT record FROM test_cases WHERE id = ?").get(id);
    return row ? storedJson<TestCase>(row.record) : undefined;
  }

  requireCase(id: string): TestCase {
    const found = this.getCase(id);
    if (!found) throw new AppError("not_found:test_case", `No test case "${id}"`);
    return found;
  }

  createCase(body: CaseBody): TestCase {
    this.refuseOver("test_cases", MAX_CASES, "test cases");
    const now = Date.now();
    const created: TestCase = { ...body, id: randomUUID(), createdAt: now, updatedAt: now };
    this.saveCase(created);
    return created;
  }

  updateCase(id: string, body: CaseBody): TestCase {
    const existing = this.requireCase(id);
    // The routes answer with the target's secrets masked: a mask sent back keeps the stored value.
    const target = mergeTarget(body.target, existing.target);
    const updated: TestCase = { ...body, target, id, createdAt: existing.createdAt, updatedAt: Date.now() };
    this.saveCase(updated);
    return updated;
  }

  /** Deletes the case and takes it out of every suite. */
  deleteCase(id: string): void {
    this.requireCase(id);
    const db = this.store.db;
    db.transaction(() => {
      db.prepare("DELETE FROM test_cases WHERE id = ?").run(id);
      for (const suite of this.listSuites()) {
        if (suite.caseIds.includes(id)) this.saveSuite({ ...suite, caseIds: suite.caseIds.filter((c) => c !== id) });
      }
    })();
  }

  listSuites(): Suite[] {
    return this.store
      .prepare<{ record: string }>("SELECT record FROM test_suites ORDER BY updated_at DESC, id")
      .all()
      .map((r) => storedJson<Suite>(r.record));
  }

  requireSuite(id: string): Suite {
    const row = this.store.prepare<{ record: string }>("SELECT record FROM test_suites WHERE id = ?").get(id);
    if (!row) throw new AppError("not_found:test_suite", `No test suite "${id}"`);
    return storedJson<Suite>(row.record);
  }

  createSuite(body: SuiteBody): Suite {
    this.refuseOver("test_suites", MAX_SUITES, "suites");
    this.requireCases(body.caseIds);
    const now = Date.now();
    const suite: Suite = { ...body, id: randomUUID(), createdAt: now, updatedAt: now };
    this.saveSuite(suite);
    return suite;
  }

  updateSuite(id: string, body: SuiteBody): Suite {
    const existing = this.requireSuite(id);
    this.requireCases(body.caseIds);
    if (body.baselineRunId !== undefined && !this.listRuns(id).some((r) => r.id === body.baselineRunId)) {
      throw new AppError("bad_request:test_suite", `The baseline "${body.baselineRunId}" is not a run of this suite`);
    }
    const defaultTarget = body.defaultTarget && mergeTarget(body.defaultTarget, existing.defaultTarget);
    const suite: Suite = { ...body, ...(defaultTarget ? { defaultTarget } : {}), id, createdAt: existing.createdAt, updatedAt: Date.now() };
    this.saveSuite(suite);
    return suite;
  }

  deleteSuite(id: string): void {
    this.requireSuite(id);
    const db = this.store.db;
    db.transaction(() => {
      db.prepare("DELETE FROM test_results WHERE run_id IN (SELECT id FROM test_runs WHERE suite_id = ?)").run(id);
      db.prepare("DELETE FROM test_runs WHERE suite_id = ?").run(id);
      db.prepare("DELETE FROM test_suites WHERE id = ?").run(id);
    })();
  }

  /**
   * Saves a run's summary (its row holds nothing else: results are rows of their own, appended by
   * `appendResult`) and prunes the suite's oldest runs past the cap, except its baseline.
   */
  saveRun(run: Run | RunSummary): void {
    const summary = "results" in run ? withoutResults(run) : run;
    const db = this.store.db;
    const baseline = this.suiteBaseline(run.suiteId);
    db.transaction(() => {
      // A run an older Loupe saved keeps its results column (read with the rows); a new one has "[]".
      db.prepare(
        `INSERT INTO test_runs (id, suite_id, started_at, summary, results) VALUES (?, ?, ?, ?, '[]')
         ON CONFLICT(id) DO UPDATE SET summary = excluded.summary`,
      ).run(run.id, run.suiteId, run.startedAt, JSON.stringify(summary));
      const pruned = this.store
        .prepare<{ id: string }>(
          `SELECT id FROM test_runs WHERE suite_id = ? AND id != ? AND id NOT IN
             (SELECT id FROM test_runs WHERE suite_id = ? ORDER BY started_at DESC, id DESC LIMIT ?)`,
        )
        .all(run.suiteId, baseline ?? "", run.suiteId, MAX_RUNS_PER_SUITE);
      for (const { id } of pruned) {
        db.prepare("DELETE FROM test_results WHERE run_id = ?").run(id);
        db.prepare("DELETE FROM test_runs WHERE id = ?").run(id);
      }
    })();
  }

  /** One replay's result, appended to its run: the run's other results are not written again. */
  appendResult(runId: string, result: CaseResult): void {
    this.store
      .prepare("INSERT INTO test_results (run_id, case_id, repetition, record) VALUES (?, ?, ?, ?)")
      .run(runId, result.caseId, result.repetition, JSON.stringify(result));
  }

  /** Newest first, without per-replay results. */
  listRuns(suiteId: string): RunSummary[] {
    const read = () =>
      this.store
        .prepare<{ summary: string }>("SELECT summary FROM test_runs WHERE suite_id = ? ORDER BY started_at DESC, id DESC")
        .all(suiteId)
        .map((r) => storedJson<RunSummary>(r.summary));
    const runs = read();
    const leftBy = this.leftBy;
    if (!leftBy || !runs.some((r) => r.status === "running" && leftBy(r) !== undefined)) return runs;
    this.interruptLeftovers(leftBy);
    return read();
  }

  requireRun(suiteId: string, runId: string): Run {
    const row = this.store
      .prepare<{ summary: string; results: string }>("SELECT summary, results FROM test_runs WHERE suite_id = ? AND id = ?")
      .get(suiteId, runId);
    if (!row) throw new AppError("not_found:test_run", `No run "${runId}" of this suite`);
    const summary = storedJson<RunSummary>(row.summary);
    const rows = this.store
      .prepare<{ record: string }>("SELECT record FROM test_results WHERE run_id = ? ORDER BY rowid")
      .all(runId)
      .map((r) => storedJson<CaseResult>(r.record));
    const results = [...storedJson<CaseResult[]>(row.results), ...rows];
    return {
      ...summary,
      results: inCaseOrder(
        results,
        summary.cases.map((c) => c.caseId),
      ),
    };
  }

  /**
   * A run still "running" in the file belongs to a Loupe that stopped: it stopped with it, saying
   * `leftBy`'s reason. On a shared store (issue 25) only those another instance left when it stopped.
   */
  interruptLeftovers(leftBy: LeftBy): void {
    const rows = this.store.prepare<{ summary: string }>("SELECT summary FROM test_runs").all();
    for (const row of rows) {
      const summary = storedJson<RunSummary>(row.summary);
      const reason = summary.status === "running" ? leftBy(summary) : undefined;
      if (reason === undefined) continue;
      const results = this.requireRun(summary.suiteId, summary.id).results;
      this.saveRun({ ...summary, cases: summarizeCases(results), status: "cancelled", error: reason, finishedAt: Date.now() });
    }
  }

  private suiteBaseline(suiteId: string): string | undefined {
    const row = this.store.prepare<{ record: string }>("SELECT record FROM test_suites WHERE id = ?").get(suiteId);
    return row ? storedJson<Suite>(row.record).baselineRunId : undefined;
  }

  private requireCases(ids: readonly string[]): void {
    const missing = ids.filter((id) => !this.getCase(id));
    if (missing.length) throw new AppError("bad_request:test_suite", `No test case "${missing[0]}"`, { missing });
  }

  private refuseOver(table: "test_cases" | "test_suites", max: number, what: string): void {
    const row = this.store.prepare<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).get();
    if ((row?.n ?? 0) >= max) throw new AppError("conflict:test_library", `Loupe keeps at most ${max} ${what}: delete some first`);
  }

  private saveCase(c: TestCase): void {
    this.store.db
      .prepare(
        `INSERT INTO test_cases (id, protocol, updated_at, record) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET protocol = excluded.protocol, updated_at = excluded.updated_at, record = excluded.record`,
      )
      .run(c.id, c.protocol, c.updatedAt, JSON.stringify(c));
  }

  private saveSuite(s: Suite): void {
    this.store.db
      .prepare(
        `INSERT INTO test_suites (id, updated_at, record) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at, record = excluded.record`,
      )
      .run(s.id, s.updatedAt, JSON.stringify(s));
  }
}
