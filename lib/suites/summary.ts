import type { CaseChange, CaseResult, CaseStatus, CaseSummary, Run, RunDiff } from "@/lib/contracts/testing";

/** Pure run arithmetic (issue 24): per-case summaries across repetitions, flakiness, the run diff. */

const RANK: Record<CaseStatus, number> = { pass: 0, fail: 1, error: 2 };

/** One summary per case, in the order the cases first appear: the worst status, flaky when replays disagree. */
export function summarizeCases(results: readonly CaseResult[]): CaseSummary[] {
  const byCase = new Map<string, CaseResult[]>();
  for (const r of results) byCase.set(r.caseId, [...(byCase.get(r.caseId) ?? []), r]);
  return [...byCase.entries()].map(([caseId, rs]) => {
    const statuses = new Set(rs.map((r) => r.status));
    const worst = rs.reduce<CaseStatus>((w, r) => (RANK[r.status] > RANK[w] ? r.status : w), "pass");
    return {
      caseId,
      caseName: rs[0]?.caseName ?? caseId,
      status: worst,
      flaky: statuses.size > 1,
      passed: rs.filter((r) => r.status === "pass").length,
      total: rs.length,
    };
  });
}

/** Results in the order of `caseIds` (a case not named goes last), then by repetition; stable. */
export function inCaseOrder(results: readonly CaseResult[], caseIds: readonly string[]): CaseResult[] {
  const order = new Map<string, number>();
  caseIds.forEach((id, i) => {
    if (!order.has(id)) order.set(id, i);
  });
  const at = (id: string) => order.get(id) ?? caseIds.length;
  return [...results].sort((a, b) => at(a.caseId) - at(b.caseId) || a.repetition - b.repetition);
}

/** passed only when every case passed; error when one could not run and none failed. */
export function runStatus(cases: readonly CaseSummary[]): "passed" | "failed" | "error" {
  if (cases.some((c) => c.status === "fail")) return "failed";
  if (cases.some((c) => c.status === "error")) return "error";
  return "passed";
}

function reasonOf(run: Pick<Run, "results">, caseId: string): string {
  return run.results.find((r) => r.caseId === caseId && r.status !== "pass")?.reason ?? "";
}

/** How each case moved from the baseline run to this one. */
export function diffRuns(base: Run, current: Run): RunDiff {
  const before = new Map(base.cases.map((c) => [c.caseId, c]));
  const after = new Map(current.cases.map((c) => [c.caseId, c]));
  const cases: RunDiff["cases"] = [];
  for (const c of current.cases) {
    const b = before.get(c.caseId);
    const now = reasonOf(current, c.caseId);
    let change: CaseChange;
    let detail: string;
    if (!b) [change, detail] = ["added", c.status === "pass" ? "new, passes" : `new, ${c.status}s: ${now}`];
    else if (b.status === "pass" && c.status === "pass") [change, detail] = ["still_passing", "passes"];
    else if (b.status === "pass") [change, detail] = ["newly_failing", `${c.status === "error" ? "could not run" : "fails"}: ${now}`];
    else if (c.status === "pass") [change, detail] = ["fixed", `passes now (was: ${reasonOf(base, c.caseId)})`];
    else {
      const was = reasonOf(base, c.caseId);
      [change, detail] =
        was === now && b.status === c.status
          ? ["still_failing", now]
          : ["changed", `still ${c.status === "error" ? "not running" : "failing"}, for another reason: ${now} (was: ${was})`];
    }
    cases.push({ caseId: c.caseId, caseName: c.caseName, change, base: b?.status ?? null, current: c.status, detail });
  }
  for (const b of base.cases) {
    if (!after.has(b.caseId))
      cases.push({ caseId: b.caseId, caseName: b.caseName, change: "removed", base: b.status, current: null, detail: "not in this run" });
  }
  const counts: Record<CaseChange, number> = {
    newly_failing: 0,
    fixed: 0,
    still_failing: 0,
    still_passing: 0,
    changed: 0,
    added: 0,
    removed: 0,
  };
  for (const c of cases) counts[c.change]++;
  return { baseRunId: base.id, runId: current.id, cases, counts };
}
