import { afterAll, describe, expect, it } from "vitest";
import type { Run, RunSummary } from "@/lib/contracts/testing";
import { MAX_RUNS_PER_SUITE } from "@/lib/contracts/testing";
import { openStore } from "@/lib/server/store";
import { TestStore } from "@/lib/server/testing/store";
import { tempDir } from "@/tests/support/servers";
import { caseBody, caseResult } from "@/tests/support/test-cases";

// A run's results are rows appended one per replay; the run's row keeps only its summary (review of
// issue 24, #9: the whole results JSON was rewritten every 250 ms while a run went on).

const data = tempDir("loupe-test-store-");
const store = openStore(data.dir);
const tests = new TestStore(store);
afterAll(() => {
  store.close();
  data.cleanup();
});

const a = tests.createCase(caseBody("a"));
const b = tests.createCase(caseBody("b"));
const suite = tests.createSuite({ name: "s", caseIds: [a.id, b.id], repetitions: 2, concurrency: 2, timeoutMs: 1000 });
const summary = (id: string, startedAt: number, extra: Partial<RunSummary> = {}): RunSummary => ({
  id,
  suiteId: suite.id,
  suiteName: "s",
  repetitions: 2,
  status: "running",
  startedAt,
  finishedAt: null,
  cases: [],
  ...extra,
});
const count = (sql: string, ...args: string[]) => store.prepare<{ n: number }>(sql).get(...args)?.n;

describe("TestStore runs", () => {
  it("appends each result as a row, keeps only the summary in the run's row, and reads them back in case order", () => {
    tests.saveRun(summary("r1", 1));
    for (const [c, rep] of [
      [b.id, 0],
      [a.id, 1],
      [a.id, 0],
      [b.id, 1],
    ] as const)
      tests.appendResult("r1", caseResult(c, rep));
    const cases = [a.id, b.id].map((id) => ({ caseId: id, caseName: id, status: "pass" as const, flaky: false, passed: 2, total: 2 }));
    tests.saveRun(summary("r1", 1, { status: "passed", finishedAt: 2, cases }));
    const row = store.prepare<{ summary: string; results: string }>("SELECT summary, results FROM test_runs WHERE id = ?").get("r1");
    expect(row?.results).toBe("[]");
    expect(row?.summary).not.toContain('"results"');
    expect(count("SELECT count(*) AS n FROM test_results WHERE run_id = ?", "r1")).toBe(4);
    const run = tests.requireRun(suite.id, "r1");
    expect(run.results.map((r) => `${r.caseId === a.id ? "a" : "b"}#${r.repetition}`)).toEqual(["a#0", "a#1", "b#0", "b#1"]);
    expect(tests.listRuns(suite.id)[0]).not.toHaveProperty("results");
  });

  it("reads a run an older Loupe saved with its results in the run's row, and stops one it left running", () => {
    const old: Run = { ...summary("old", 0, { cases: [] }), results: [caseResult(a.id, 0), caseResult(b.id, 0)] };
    const { results, ...rest } = old;
    store
      .prepare("INSERT INTO test_runs (id, suite_id, started_at, summary, results) VALUES (?, ?, ?, ?, ?)")
      .run("old", suite.id, 0, JSON.stringify(rest), JSON.stringify(results));
    tests.interruptLeftovers(() => "Loupe stopped");
    const read = tests.requireRun(suite.id, "old");
    expect(read).toMatchObject({ status: "cancelled", error: "Loupe stopped" });
    expect(read.results.map((r) => r.caseId)).toEqual([a.id, b.id]);
    expect(read.cases.map((c) => c.caseId)).toEqual([a.id, b.id]);
  });

  it("deletes a pruned run's results with it, and a deleted suite's", () => {
    for (let i = 0; i < MAX_RUNS_PER_SUITE + 1; i++) {
      tests.saveRun(summary(`p${i}`, 10 + i));
      tests.appendResult(`p${i}`, caseResult(a.id, 0));
    }
    // r1 and old were the oldest: pruned with their rows.
    expect(count("SELECT count(*) AS n FROM test_results WHERE run_id IN ('r1', 'old')")).toBe(0);
    expect(count("SELECT count(*) AS n FROM test_runs WHERE suite_id = ?", suite.id)).toBe(MAX_RUNS_PER_SUITE);
    tests.deleteSuite(suite.id);
    expect(count("SELECT count(*) AS n FROM test_results")).toBe(0);
  });
});
