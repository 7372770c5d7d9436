import { beforeEach, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { StoredAnswer } from "@/lib/contracts/agents";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { AgentStore } from "@/lib/server/adk/agent-store";
import { approvalStore, LOUPE_STOPPED_REASON } from "@/lib/server/approvals/approval-store";
import { BundleService } from "@/lib/server/bundles";
import { requestStore } from "@/lib/server/mcp/requests/request-store";
import type { Store } from "@/lib/server/store";
import { TestStore } from "@/lib/server/testing/store";
import { syntheticAdkBundle } from "@/tests/support/bundles";
import { storeBackends, storePerTest } from "@/tests/support/store-backends";
import { caseBody, caseResult } from "@/tests/support/test-cases";

/**
 * The shared store suite, part two (part one: store-shared.test.ts): the records each feature keeps
 * beside the traffic — human requests and answers, approvals, imported bundles, test cases and runs —
 * give the same answers on SQLite and on PostgreSQL, orders and restarts included.
 */

const backends = storeBackends();

const request = (id: string, createdAt: number, status: McpClientRequest["status"] = "pending"): McpClientRequest => ({
  id,
  connectionId: "c1",
  connectionName: "one",
  sessionKey: null,
  kind: "sampling",
  jsonrpcId: id,
  params: { messages: [] },
  createdAt,
  status,
});

const approval = (id: string, createdAt: number): ToolApproval => ({
  id,
  connectionId: "c1",
  connectionName: "one",
  tool: "write",
  arguments: { path: "/tmp/x" },
  origin: { kind: "tap", tapId: "c1" },
  policy: { value: "always", from: "default" },
  createdAt,
  status: "pending",
});

const answer = (id: string, createdAt: number): StoredAnswer => ({
  id,
  agentId: "a1",
  sessionKey: "app/user/s1",
  interruptId: "call-1",
  interruptKey: "k1",
  answer: { kind: "confirmation", confirmed: true },
  status: "sending",
  createdAt,
});

describe.each(backends)("the records on $name", (backend) => {
  const current = storePerTest(backend);
  let store: Store;
  beforeEach(() => {
    store = current.store;
  });

  it("keeps MCP client requests, newest first, and turns those a stopped Loupe left pending stale", () => {
    const rows = requestStore(store, () => true);
    rows.save(request("q1", 10));
    rows.save(request("q2", 20));
    rows.save({ ...request("q1", 10), status: "answered", answer: { at: 11, body: { action: "reject", message: "no" } } });
    expect(rows.list().map((r) => [r.id, r.status])).toEqual([
      ["q2", "pending"],
      ["q1", "answered"],
    ]);
    store.close();
    const again = backend.open(true);
    try {
      const reopened = requestStore(again, () => false);
      expect(reopened.get("q2")).toMatchObject({ status: "stale", staleCause: "loupe_stopped" });
      expect(reopened.get("q1")?.answer).toEqual({ at: 11, body: { action: "reject", message: "no" } });
    } finally {
      again.close();
    }
  });

  it("lists approvals newest first, ties in the order they came, an answered one keeping its place", () => {
    const rows = approvalStore(store, () => true);
    for (const id of ["a1", "a2", "a3"]) rows.save(approval(id, 100));
    rows.save({ ...approval("a1", 100), status: "answered", decision: { action: "reject", reason: "no", at: 101 } });
    expect(rows.list().map((a) => a.id)).toEqual(["a3", "a2", "a1"]);
    expect(rows.list("answered").map((a) => a.id)).toEqual(["a1"]);
    store.close();
    const again = backend.open(true);
    try {
      // SQLite: its gates died with the process, so a reopened store says so. A shared store (PostgreSQL) leaves
      // them pending: another live instance may hold their gates, and a take-over adopts them (issue 25).
      const left = backend.name === "SQLite" ? { status: "stale", reason: LOUPE_STOPPED_REASON } : { status: "pending" };
      expect(approvalStore(again, () => false).get("a2")).toMatchObject(left);
    } finally {
      again.close();
    }
  });

  it("keeps ADK answers and reads the newest per interrupt, even when an older one is updated after it", () => {
    const agents = new AgentStore(store);
    agents.saveAnswer(answer("first", 50));
    agents.saveAnswer(answer("second", 50));
    agents.saveAnswer({ ...answer("first", 50), status: "failed" });
    expect(agents.latestAnswers("a1").get("app/user/s1\nk1")?.id).toBe("second");
    expect(agents.getAnswer("first")?.status).toBe("failed");
  });

  it("imports, lists, pages and removes a bundle", () => {
    const bundles = new BundleService(store, () => new Date("2026-11-29T10:00:00.000Z"));
    const summary = bundles.importText(JSON.stringify(syntheticAdkBundle(5)), "adk.json");
    expect(bundles.list().map((b) => b.id)).toEqual([summary.id]);
    expect(bundles.get(summary.id).summary).toMatchObject({ id: summary.id });
    expect(bundles.file(summary.id).text.length).toBeGreaterThan(0);
    bundles.remove(summary.id);
    expect(bundles.list()).toEqual([]);
  });

  it("keeps test cases, suites and runs, a run's results in case order", () => {
    const tests = new TestStore(store);
    const a = tests.createCase(caseBody("a"));
    const b = tests.createCase(caseBody("b"));
    const suite = tests.createSuite({ name: "s", caseIds: [a.id, b.id], repetitions: 1, concurrency: 1, timeoutMs: 1000 });
    const summary = {
      id: "r1",
      suiteId: suite.id,
      suiteName: "s",
      repetitions: 1,
      status: "running" as const,
      startedAt: 1,
      finishedAt: null,
      cases: [],
    };
    tests.saveRun(summary);
    for (const caseId of [b.id, a.id]) tests.appendResult("r1", caseResult(caseId, 0));
    const cases = [a, b].map((c) => ({ caseId: c.id, caseName: c.name, status: "pass" as const, flaky: false, passed: 1, total: 1 }));
    tests.saveRun({ ...summary, status: "passed", finishedAt: 2, cases });
    expect(
      tests
        .listCases()
        .map((c) => c.name)
        .sort(),
    ).toEqual(["a", "b"]);
    expect(tests.listRuns(suite.id).map((r) => [r.id, r.status])).toEqual([["r1", "passed"]]);
    expect(tests.requireRun(suite.id, "r1").results.map((r) => r.caseId)).toEqual([a.id, b.id]);
    tests.deleteCase(b.id);
    expect(tests.getCase(b.id)).toBeUndefined();
  });
});
