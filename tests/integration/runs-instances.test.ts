import { describe, expect, it } from "vitest";
import type { ConformanceRun } from "@/lib/contracts/conformance";
import type { RunSummary } from "@/lib/contracts/testing";
import { ConformanceRunStore } from "@/lib/server/mcp/conformance/run-store";
import { Testing } from "@/lib/server/testing/service";
import { TestStore } from "@/lib/server/testing/store";
import { runHolder, runRoute } from "@/lib/server/testing/route";
import type { Store } from "@/lib/server/store";
import { caseBody } from "@/tests/support/test-cases";
import { storeBackends } from "@/tests/support/store-backends";
import { instanceA } from "@/tests/support/two-instances";

/**
 * Runs going on one instance of a shared PostgreSQL database (issue 25): a test suite's run and a
 * conformance run. Another instance opening the store must not close them as a stopped Loupe's (it
 * did: "Loupe stopped while this run was going" for a run A was still running); once their instance
 * stopped, they are closed in words naming it, when the store is read.
 */
const pg = storeBackends().find((b) => b.name === "PostgreSQL");

/** Instance A's heartbeat a minute old: it stopped without leaving the list (killed). */
function silence(store: Store, instance: string): void {
  store.prepare("UPDATE cluster_instances SET seen_at = ? WHERE id = ?").run(Date.now() - 60_000, instance);
}

describe.runIf(pg !== undefined)("runs going on another instance of a shared store", () => {
  it("are left to it while it lives, and closed naming it once it stopped", () => {
    if (!pg) return;
    const { a, storeA, storeB, startB } = instanceA(pg);
    // A's suite run and conformance run, going.
    const tests = new TestStore(storeA);
    const c = tests.createCase(caseBody("a"));
    const suite = tests.createSuite({ name: "s", caseIds: [c.id], repetitions: 1, concurrency: 1, timeoutMs: 1000 });
    const run: RunSummary = {
      id: `run-${Math.random()}`,
      suiteId: suite.id,
      suiteName: "s",
      repetitions: 1,
      status: "running",
      startedAt: Date.now(),
      finishedAt: null,
      cases: [],
      instance: a.id,
    };
    tests.saveRun(run);
    const connectionId = `conn-${Math.random()}`;
    storeA.prepare("INSERT INTO connections (id, config, builtin, created_at) VALUES (?, ?, 0, ?)").run(connectionId, "{}", Date.now());
    const conformance: ConformanceRun = {
      id: `conf-${Math.random()}`,
      instance: a.id,
      connectionId,
      revision: "2025-11-25",
      scenario: null,
      url: "http://127.0.0.1:1/mcp",
      status: "running",
      startedAt: Date.now(),
      progress: { index: 0, total: 0, current: null },
      scenarios: [],
      auth: { headerNames: [], hasOAuthToken: false, carried: false },
    };
    new ConformanceRunStore(storeA).save(conformance);

    // B starts and opens both stores: A lives, its runs go on.
    startB();
    const testingB = new Testing(storeB);
    const conformanceB = new ConformanceRunStore(storeB);
    expect(testingB.store.listRuns(suite.id).find((r) => r.id === run.id)?.status).toBe("running");
    expect(conformanceB.list(connectionId).find((r) => r.id === conformance.id)?.status).toBe("running");
    // Cancelling it on B goes to A, where its replays run; a run of a suite whose saved target A
    // holds starts on A (its upstream session is there), not when the targets are held apart, and a
    // target the run names decides over the suite's.
    const route = runRoute(() => testingB.store);
    expect(route("DELETE", `/api/tests/suites/${suite.id}/runs/${run.id}`)).toBe(a.id);
    expect(route("GET", `/api/tests/suites/${suite.id}/runs/${run.id}`)).toBeUndefined();
    expect(route("DELETE", `/api/tests/suites/${suite.id}/runs/nope`)).toBeUndefined();
    let holders: Record<string, string | null> = { c: a.id };
    const holderOf = (id: string) => holders[id];
    expect(runHolder(testingB.store, suite.id, undefined, holderOf)).toBe(a.id);
    expect(runHolder(testingB.store, suite.id, { kind: "saved", id: "elsewhere" }, holderOf)).toBeUndefined();
    expect(runHolder(testingB.store, suite.id, { kind: "url", url: "http://127.0.0.1:1/mcp" }, holderOf)).toBeUndefined();
    const other = tests.createCase({ ...caseBody("b"), target: { kind: "saved", id: "d" } });
    const both = tests.createSuite({ name: "both", caseIds: [c.id, other.id], repetitions: 1, concurrency: 1, timeoutMs: 1000 });
    expect(runHolder(testingB.store, both.id, undefined, holderOf)).toBeUndefined();
    expect(runHolder(testingB.store, both.id, { kind: "saved", id: "c" }, holderOf)).toBe(a.id);
    holders = { c: a.id, d: a.id };
    expect(runHolder(testingB.store, both.id, undefined, holderOf)).toBe(a.id);
    holders = { c: null, d: null };
    expect(runHolder(testingB.store, both.id, undefined, holderOf)).toBeUndefined();

    // A stops answering: what it ran is closed, naming it.
    silence(storeA, a.id);
    expect(testingB.cancelRun(suite.id, run.id)).toMatchObject({
      status: "cancelled",
      error: expect.stringContaining("Loupe A (127.0.0.1:1) stopped"),
    });
    expect(testingB.store.listRuns(suite.id).find((r) => r.id === run.id)).toMatchObject({
      status: "cancelled",
      error: "Loupe A (127.0.0.1:1) stopped while this run was going; it stopped with it",
    });
    expect(conformanceB.list(connectionId).find((r) => r.id === conformance.id)).toMatchObject({
      status: "interrupted",
      error: "Loupe A (127.0.0.1:1) stopped while this run was going; the suite stopped with it",
    });
  }, 60_000);
});
