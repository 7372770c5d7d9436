import { describe, expect, it } from "vitest";
import type { CaseBody, CaseOutcome } from "@/lib/contracts/testing";
import { assertionSchema, caseOutcomeSchema } from "@/lib/contracts/testing";
import type { ReplayIO, TestingDriver } from "@/lib/server/testing/driver";
import { runSuite } from "@/lib/server/testing/runner";
import type { RunnableCase } from "@/lib/server/testing/runner";
import type { Judge } from "@/lib/suites/assertions";

// The runner alone, with drivers written for it (the MCP driver against a real server is in
// tests/integration/testing-mcp.test.ts): repetitions, flakiness, timeouts, the concurrency bound,
// pauses and a protocol without a driver.

const outcome = (text: string, pauses: CaseOutcome["pauses"] = []): CaseOutcome =>
  caseOutcomeSchema.parse({ result: { text }, finalResponse: text, pauses });

function testCase(id: string, extra: Partial<RunnableCase> = {}): RunnableCase {
  return {
    id,
    name: `case ${id}`,
    protocol: "fake",
    target: { kind: "saved", id: "peer" },
    steps: [{ kind: "say", input: id }],
    answers: [],
    recorded: outcome("ok"),
    assertions: [assertionSchema.parse({ type: "final_response", mode: "exact", expected: "ok" })],
    ...extra,
  };
}

const suite = { id: "s", name: "s", repetitions: 1, concurrency: 2, timeoutMs: 5_000 };

function driver(replay: (c: CaseBody, io: ReplayIO) => Promise<CaseOutcome>): TestingDriver {
  return { sources: {}, caseFrom: () => Promise.reject(new Error("not here")), replay: (c, _t, io) => replay(c, io) };
}

describe("runSuite", () => {
  it("replays each case `repetitions` times and flags a case whose replays disagree as flaky", async () => {
    let n = 0;
    const flip = driver(() => Promise.resolve(outcome(n++ % 2 ? "ok" : "not ok")));
    const run = await runSuite({ suite, cases: [testCase("a")], repetitions: 4, driverFor: () => flip });
    expect(run.results.map((r) => r.repetition)).toEqual([0, 1, 2, 3]);
    expect(run.cases).toEqual([{ caseId: "a", caseName: "case a", status: "fail", flaky: true, passed: 2, total: 4 }]);
    expect(run.status).toBe("failed");
  });

  it("fails a replay at its timeout even when the driver never returns, and says so", async () => {
    const stuck = driver(() => new Promise<CaseOutcome>(() => undefined));
    const run = await runSuite({ suite, cases: [testCase("slow", { timeoutMs: 150 })], driverFor: () => stuck });
    expect(run.results[0]).toMatchObject({ status: "fail", reason: "timed out after 150 ms" });
  });

  it("ends an LLM judge that never answers at the case's time limit and fails the case in words", async () => {
    // A provider that takes the request and never answers: before, the case and the run waited for good.
    const silentJudge: Judge = ({ signal }) =>
      new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new Error("the judge was stopped")), { once: true }));
    const judged = testCase("judged", {
      timeoutMs: 150,
      assertions: [assertionSchema.parse({ type: "llm_judge", provider: "scripted", model: "m", criteria: "polite" })],
    });
    const ok = driver(() => Promise.resolve(outcome("ok")));
    const run = await runSuite({ suite, cases: [judged], driverFor: () => ok, judge: silentJudge });
    expect(run.results[0]).toMatchObject({ status: "fail", reason: expect.stringContaining("the judge was stopped") });
  });

  it("keeps every value of a result bounded: steps, pause requests, arguments and what an assertion compared", async () => {
    const big = "x".repeat(200 * 1024);
    const huge = driver(() =>
      Promise.resolve(
        caseOutcomeSchema.parse({
          result: { text: "ok" },
          finalResponse: big,
          toolCalls: [{ name: "t", args: { big } }],
          pauses: [],
          steps: [{ kind: "say", result: { big }, isError: false, latencyMs: 1 }],
        }),
      ),
    );
    const run = await runSuite({ suite, cases: [testCase("big")], driverFor: () => huge });
    // Before: each of these kept its 200 KiB whole, and the run's row grew with every replay.
    const result = run.results[0]!;
    expect(JSON.stringify(result.outcome.toolCalls[0]?.args)).toContain('"truncated":true');
    expect(JSON.stringify(result.outcome.steps?.[0]?.result)).toContain('"truncated":true');
    expect(JSON.stringify(result.assertions[0]?.actual)).toContain('"truncated":true');
    expect(result.outcome.finalResponse).toMatch(/… \(204800 characters in all\)$/);
    expect(JSON.stringify(result).length).toBeLessThan(2 * 64 * 1024);
  });

  it("keeps at most `concurrency` replays going at once", async () => {
    let going = 0;
    let most = 0;
    const slow = driver(async () => {
      most = Math.max(most, ++going);
      await new Promise((r) => setTimeout(r, 20));
      going--;
      return outcome("ok");
    });
    const run = await runSuite({
      suite: { ...suite, concurrency: 3 },
      cases: ["a", "b", "c", "d", "e", "f", "g"].map((id) => testCase(id)),
      driverFor: () => slow,
    });
    expect(run.status).toBe("passed");
    expect(most).toBe(3);
    expect(run.cases.map((c) => c.caseId)).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it("answers pauses from the recorded answers, and a refused answer fails the case in words", async () => {
    const answers = [{ kind: "confirmation", key: "book", request: {}, answer: { ok: true } }];
    const seen: unknown[] = [];
    const pausing = driver((_c, io) => {
      const reply = io.pause({ kind: "confirmation", key: "book", request: {} });
      if (reply.ok) seen.push(reply.answer);
      return Promise.resolve(outcome("ok"));
    });
    expect((await runSuite({ suite, cases: [testCase("p", { answers })], driverFor: () => pausing })).status).toBe("passed");
    expect(seen).toEqual([{ ok: true }]);
    const refusing = driver((_c, io) => {
      const reply = io.pause({ kind: "confirmation", key: "book", request: {} });
      if (reply.ok) io.refused(reply.index, "the session moved on");
      return Promise.resolve(outcome("ok"));
    });
    const refused = await runSuite({ suite, cases: [testCase("p", { answers })], driverFor: () => refusing });
    expect(refused.results[0]?.reason).toBe("pause 1: the peer refused the recorded answer: the session moved on");
  });

  it("a protocol without a driver and a driver that throws are errors in words, not crashes", async () => {
    const none = await runSuite({ suite, cases: [testCase("x")], driverFor: () => null });
    expect(none.results[0]).toMatchObject({ status: "error", reason: 'No testing driver for protocol "fake"' });
    expect(none.status).toBe("error");
    const throwing = driver(() => Promise.reject(new Error("boom")));
    expect((await runSuite({ suite, cases: [testCase("x")], driverFor: () => throwing })).results[0]?.reason).toBe("boom");
    // A peer that died before its pauses: that is the reason, not "the recorded pause never came".
    const died = driver(() => Promise.resolve(caseOutcomeSchema.parse({ result: null, error: "the agent exited (code 1)" })));
    const answers = [{ kind: "input", request: {}, answer: "Paris" }];
    expect((await runSuite({ suite, cases: [testCase("x", { answers })], driverFor: () => died })).results[0]).toMatchObject({
      status: "error",
      reason: "the agent exited (code 1)",
      pauseFailures: [],
    });
  });

  it("stops when cancelled: what finished is kept, the run says cancelled", async () => {
    const controller = new AbortController();
    const slow = driver(() => new Promise((r) => setTimeout(() => r(outcome("ok")), 30)));
    const going = runSuite({
      suite: { ...suite, concurrency: 1 },
      cases: ["a", "b", "c", "d"].map((id) => testCase(id)),
      driverFor: () => slow,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort("cancelled"), 45);
    const run = await going;
    expect(run.status).toBe("cancelled");
    expect(run.results.length).toBeLessThan(4);
  });

  it("when a task throws (a result that could not be saved), the replays going stop and no other starts", async () => {
    const started: string[] = [];
    let stoppedEarly = false;
    const fast = driver((c, io) => {
      started.push(String(c.steps[0]?.input));
      if (c.steps[0]?.input === "a") return Promise.resolve(outcome("ok"));
      // "b" runs until it is stopped: before, it ran to its timeout and c and d started after.
      return new Promise((resolve) =>
        io.signal.addEventListener("abort", () => {
          stoppedEarly = true;
          resolve(outcome("stopped"));
        }),
      );
    });
    const going = runSuite({
      suite: { ...suite, concurrency: 2 },
      cases: ["a", "b", "c", "d"].map((id) => testCase(id)),
      driverFor: () => fast,
      onUpdate: () => {
        throw new Error("the disk is full");
      },
    });
    await expect(going).rejects.toThrow("the disk is full");
    expect(started).toEqual(["a", "b"]);
    expect(stoppedEarly).toBe(true);
  });
});
