import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Assertion, AssertionResult, Run, RunDiff, RunSummary, Suite, TestCase } from "@/lib/contracts/testing";

/**
 * The Tests view in the browser (issue 24). Routes (app/api/tests/…):
 *   GET  /api/tests/suites                 Suite[]           POST → Suite (SuiteBody)
 *   GET  /api/tests/suites/:id             Suite             PATCH, DELETE
 *   GET  /api/tests/suites/:id/cases       TestCase[]
 *   GET  /api/tests/suites/:id/runs        RunSummary[] newest first     POST RunRequest → Run (running)
 *   GET  /api/tests/suites/:id/export      the suite file     POST /api/tests/suites/import (its text) → Suite
 *   POST /api/tests/cases                  { source | case, suiteId | suiteName } → TestCase
 *   GET  /api/tests/cases/:id              TestCase          PATCH (name, assertions), DELETE
 *   POST /api/tests/preview                { caseId | outcome, assertions } → AssertionResult[]
 *   GET  /api/tests/runs/:id               Run               POST …/cancel
 *   GET  /api/tests/runs/:id/diff?base=    RunDiff
 */
const base = "/api/tests";
const seg = encodeURIComponent;

export const TEST_PATHS = {
  suites: `${base}/suites`,
  suite: (id: string) => `${base}/suites/${seg(id)}`,
  suiteCases: (id: string) => `${base}/suites/${seg(id)}/cases`,
  suiteRuns: (id: string) => `${base}/suites/${seg(id)}/runs`,
  suiteExport: (id: string) => `${base}/suites/${seg(id)}/export`,
  suiteImport: `${base}/suites/import`,
  cases: `${base}/cases`,
  testCase: (id: string) => `${base}/cases/${seg(id)}`,
  preview: `${base}/preview`,
  run: (id: string) => `${base}/runs/${seg(id)}`,
  runCancel: (id: string) => `${base}/runs/${seg(id)}/cancel`,
  runDiff: (id: string, baseId: string) => `${base}/runs/${seg(id)}/diff?base=${seg(baseId)}`,
};

export const testingKeys = {
  all: ["tests"] as const,
  suites: () => [...testingKeys.all, "suites"] as const,
  suite: (id: string) => [...testingKeys.all, "suite", id] as const,
  suiteCases: (id: string) => [...testingKeys.all, "suite", id, "cases"] as const,
  suiteRuns: (id: string) => [...testingKeys.all, "suite", id, "runs"] as const,
  testCase: (id: string) => [...testingKeys.all, "case", id] as const,
  run: (id: string) => [...testingKeys.all, "run", id] as const,
  diff: (id: string, baseId: string) => [...testingKeys.all, "run", id, "diff", baseId] as const,
  preview: (caseId: string, assertions: string) => [...testingKeys.all, "preview", caseId, assertions] as const,
};

/** A running run is read again this often, so its progress shows live. */
export const RUN_POLL_MS = 500;

export const suitesQuery = () =>
  queryOptions({ queryKey: testingKeys.suites(), queryFn: ({ signal }) => apiFetch<Suite[]>(TEST_PATHS.suites, { signal }) });

export const suiteQuery = (id: string) =>
  queryOptions({ queryKey: testingKeys.suite(id), queryFn: ({ signal }) => apiFetch<Suite>(TEST_PATHS.suite(id), { signal }) });

export const suiteCasesQuery = (id: string) =>
  queryOptions({ queryKey: testingKeys.suiteCases(id), queryFn: ({ signal }) => apiFetch<TestCase[]>(TEST_PATHS.suiteCases(id), { signal }) });

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
export const runQuery = (id: string) =>
  queryOptions({
    queryKey: testingKeys.run(id),
    queryFn: ({ signal }) => apiFetch<Run>(TEST_PATHS.run(id), { signal }),
    refetchInterval: (q) => (q.state.data?.status === "running" ? RUN_POLL_MS : false),
  });

export const runDiffQuery = (id: string, baseId: string) =>
  queryOptions({
    queryKey: testingKeys.diff(id, baseId),
    queryFn: ({ signal }) => apiFetch<RunDiff>(TEST_PATHS.runDiff(id, baseId), { signal }),
  });

/**
 * The assertions' verdicts on a case's recorded outcome (the engine's preview), keyed by the case and
 * the assertions, so an edit asks again and an unchanged form is answered from the cache.
 */
export const previewQuery = (caseId: string, assertions: readonly Assertion[]) => {
  const body = { caseId, assertions };
  return queryOptions({
    queryKey: testingKeys.preview(caseId, JSON.stringify(assertions)),
    queryFn: ({ signal }) => apiFetch<AssertionResult[]>(TEST_PATHS.preview, { method: "POST", body, signal }),
    staleTime: Infinity,
    gcTime: 30_000,
  });
};
