import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Assertion, AssertionResult, CaseOutcome, Run, RunDiff, RunSummary, Suite, TestCase } from "@/lib/contracts/testing";

/**
 * The Tests view in the browser (issue 24). Routes (app/api/tests/…):
 *   GET  /api/tests/suites                       Suite[]          POST SuiteBody → 201 Suite
 *   GET  /api/tests/suites/:id                   Suite            PUT SuiteBody, DELETE
 *   GET  /api/tests/suites/:id/file              the suite file   POST /api/tests/suites/import (its text) → 201 Suite
 *   GET  /api/tests/suites/:id/runs              RunSummary[] newest first   POST RunRequest → 202 Run (running)
 *   GET  /api/tests/suites/:id/runs/:runId       Run              DELETE: cancel
 *   GET  /api/tests/suites/:id/runs/:runId/diff?base=   RunDiff
 *   GET  /api/tests/cases                        TestCase[]       POST { from: CaseSource } | CaseBody → 201 TestCase
 *   GET  /api/tests/cases/:id                    TestCase         PUT CaseBody, DELETE
 *   POST /api/tests/preview                      { assertions, recorded } → AssertionResult[]
 */
const base = "/api/tests";
const seg = encodeURIComponent;

export const TEST_PATHS = {
  suites: `${base}/suites`,
  suite: (id: string) => `${base}/suites/${seg(id)}`,
  suiteFile: (id: string) => `${base}/suites/${seg(id)}/file`,
  suiteImport: `${base}/suites/import`,
  suiteRuns: (id: string) => `${base}/suites/${seg(id)}/runs`,
  run: (suiteId: string, runId: string) => `${base}/suites/${seg(suiteId)}/runs/${seg(runId)}`,
  runDiff: (suiteId: string, runId: string, baseId: string) => `${base}/suites/${seg(suiteId)}/runs/${seg(runId)}/diff?base=${seg(baseId)}`,
  cases: `${base}/cases`,
  testCase: (id: string) => `${base}/cases/${seg(id)}`,
  preview: `${base}/preview`,
};

export const testingKeys = {
  all: ["tests"] as const,
  suites: () => [...testingKeys.all, "suites"] as const,
  suite: (id: string) => [...testingKeys.all, "suite", id] as const,
  cases: () => [...testingKeys.all, "cases"] as const,
  suiteRuns: (id: string) => [...testingKeys.all, "suite", id, "runs"] as const,
  testCase: (id: string) => [...testingKeys.all, "case", id] as const,
  run: (suiteId: string, id: string) => [...testingKeys.all, "run", suiteId, id] as const,
  diff: (suiteId: string, id: string, baseId: string) => [...testingKeys.all, "run", suiteId, id, "diff", baseId] as const,
  preview: (caseId: string, assertions: string) => [...testingKeys.all, "preview", caseId, assertions] as const,
};

/** A running run is read again this often, so its progress shows live. */
export const RUN_POLL_MS = 500;

export const suitesQuery = () =>
  queryOptions({ queryKey: testingKeys.suites(), queryFn: ({ signal }) => apiFetch<Suite[]>(TEST_PATHS.suites, { signal }) });

export const suiteQuery = (id: string) =>
  queryOptions({ queryKey: testingKeys.suite(id), queryFn: ({ signal }) => apiFetch<Suite>(TEST_PATHS.suite(id), { signal }) });

/** Every saved case (a suite lists its own by id). */
export const casesQuery = () =>
  queryOptions({ queryKey: testingKeys.cases(), queryFn: ({ signal }) => apiFetch<TestCase[]>(TEST_PATHS.cases, { signal }) });

/** A suite's cases in its order, from every saved case. */
export function suiteCases(caseIds: readonly string[], cases: readonly TestCase[]): TestCase[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return caseIds.flatMap((id) => byId.get(id) ?? []);
}

/** The suite's run history; read again while one of them runs. */
export const suiteRunsQuery = (id: string) =>
  queryOptions({
    queryKey: testingKeys.suiteRuns(id),
    queryFn: ({ signal }) => apiFetch<RunSummary[]>(TEST_PATHS.suiteRuns(id), { signal }),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === "running") ? RUN_POLL_MS * 2 : false),
  });

export const caseQuery = (id: string) =>
  queryOptions({ queryKey: testingKeys.testCase(id), queryFn: ({ signal }) => apiFetch<TestCase>(TEST_PATHS.testCase(id), { signal }) });

/** One run, read again while it runs (its per-case results fill in as they come). */
export const runQuery = (suiteId: string, id: string) =>
  queryOptions({
    queryKey: testingKeys.run(suiteId, id),
    queryFn: ({ signal }) => apiFetch<Run>(TEST_PATHS.run(suiteId, id), { signal }),
    refetchInterval: (q) => (q.state.data?.status === "running" ? RUN_POLL_MS : false),
  });

export const runDiffQuery = (suiteId: string, id: string, baseId: string) =>
  queryOptions({
    queryKey: testingKeys.diff(suiteId, id, baseId),
    queryFn: ({ signal }) => apiFetch<RunDiff>(TEST_PATHS.runDiff(suiteId, id, baseId), { signal }),
  });

/**
 * The assertions' verdicts on a case's recorded outcome (the engine's preview), keyed by the case and
 * the assertions, so an edit asks again and an unchanged form is answered from the cache.
 */
export const previewQuery = (caseId: string, recorded: CaseOutcome, assertions: readonly Assertion[]) =>
  // The case stands for its recording in the key (a case's recording never changes).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: testingKeys.preview(caseId, JSON.stringify(assertions)),
    queryFn: ({ signal }) => apiFetch<AssertionResult[]>(TEST_PATHS.preview, { method: "POST", body: { recorded, assertions }, signal }),
    staleTime: Infinity,
    gcTime: 30_000,
  });
