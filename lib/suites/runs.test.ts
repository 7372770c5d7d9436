import { describe, expect, it } from "vitest";
import type { CaseResult, CaseStatus, Run } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import { PauseScript } from "@/lib/suites/pauses";
import { diffRuns, runStatus, summarizeCases } from "@/lib/suites/summary";

const answers = [
  { kind: "confirmation", key: "book", request: {}, answer: { confirmed: true } },
  { kind: "input", request: {}, answer: { text: "Paris" } },
];

describe("the scripted human", () => {
  it("answers the recorded pauses in order and has nothing to say when all came", () => {
    const script = new PauseScript(answers);
    expect(script.answer({ kind: "confirmation", key: "book", request: {} })).toEqual({ ok: true, index: 0, answer: { confirmed: true } });
    expect(script.answer({ kind: "input", request: {} })).toEqual({ ok: true, index: 1, answer: { text: "Paris" } });
    expect(script.finish()).toEqual([]);
  });

  it("fails a pause somewhere new, one too many, one that never came, and a refused answer, in words", () => {
    const elsewhere = new PauseScript(answers);
    expect(elsewhere.answer({ kind: "confirmation", key: "cancel", request: {} })).toEqual({
      ok: false,
      reason: "pause 1: the peer paused for confirmation (cancel) where the case expected confirmation (book)",
    });
    expect(elsewhere.finish()).toHaveLength(1);

    const extra = new PauseScript([]);
    expect(extra.answer({ kind: "credential", request: {} })).toMatchObject({
      ok: false,
      reason: "pause 1: the peer paused for credential, which the case did not expect (it recorded 0 pauses)",
    });

    // The recording met a third pause it left unanswered: its answers stop before it (review #13).
    const unanswered = new PauseScript(answers, 3);
    unanswered.answer({ kind: "confirmation", key: "book", request: {} });
    unanswered.answer({ kind: "input", request: {} });
    expect(unanswered.answer({ kind: "credential", key: "api", request: {} })).toEqual({
      ok: false,
      reason:
        "pause 3: the peer paused for credential (api), which the recording met but the case has no answer for (it keeps 2 of its 3 pauses' answers: one was left unanswered, could not be rebuilt, or was removed)",
    });

    const skipped = new PauseScript(answers);
    skipped.answer({ kind: "confirmation", request: {} });
    expect(skipped.finish()).toEqual(["1 recorded pause never came: input"]);

    const refused = new PauseScript(answers);
    refused.answer({ kind: "confirmation", key: "book", request: {} });
    refused.refused(0, "409 session moved on");
    expect(refused.finish()).toEqual(["pause 1: the peer refused the recorded answer: 409 session moved on"]);
  });
});

const result = (
  caseId: string,
  status: CaseStatus,
  repetition = 0,
  reason = status === "pass" ? "passed" : `bad ${caseId}`,
): CaseResult => ({
  caseId,
  caseName: `case ${caseId}`,
  repetition,
  status,
  reason,
  pauseFailures: [],
  assertions: [],
  outcome: caseOutcomeSchema.parse({ result: null }),
  durationMs: 1,
});

function runOf(id: string, results: CaseResult[]): Run {
  const cases = summarizeCases(results);
  return { id, suiteId: "s", suiteName: "s", repetitions: 1, status: runStatus(cases), startedAt: 0, finishedAt: 1, cases, results };
}

describe("runs", () => {
  it("takes the worst status across repetitions and flags a case whose replays disagree as flaky", () => {
    const cases = summarizeCases([result("a", "pass", 0), result("a", "fail", 1), result("b", "pass", 0), result("b", "pass", 1)]);
    expect(cases).toEqual([
      { caseId: "a", caseName: "case a", status: "fail", flaky: true, passed: 1, total: 2 },
      { caseId: "b", caseName: "case b", status: "pass", flaky: false, passed: 2, total: 2 },
    ]);
    expect(runStatus(cases)).toBe("failed");
    expect(runStatus(summarizeCases([result("a", "pass"), result("b", "error")]))).toBe("error");
  });

  it("diffs a run against its baseline: newly failing, fixed, still failing, changed, added, removed", () => {
    const base = runOf("r1", [
      result("new-fail", "pass"),
      result("fixed", "fail"),
      result("same", "fail"),
      result("other", "fail"),
      result("gone", "pass"),
      result("ok", "pass"),
    ]);
    const now = runOf("r2", [
      result("new-fail", "fail"),
      result("fixed", "pass"),
      result("same", "fail"),
      result("other", "fail", 0, "another reason"),
      result("added", "pass"),
      result("ok", "pass"),
    ]);
    const diff = diffRuns(base, now);
    expect(Object.fromEntries(diff.cases.map((c) => [c.caseId, c.change]))).toEqual({
      "new-fail": "newly_failing",
      fixed: "fixed",
      same: "still_failing",
      other: "changed",
      added: "added",
      ok: "still_passing",
      gone: "removed",
    });
    expect(diff.cases.find((c) => c.caseId === "new-fail")?.detail).toBe("fails: bad new-fail");
    expect(diff.counts).toMatchObject({ newly_failing: 1, fixed: 1, removed: 1, still_passing: 1 });
  });
});
