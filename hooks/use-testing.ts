"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Assertion, AssertionType, CaseBody, CaseSource, CaseTarget, Run, Suite, SuiteBody, TestCase } from "@/lib/contracts/testing";
import type { AppError } from "@/lib/errors";
import { suiteQuery, TEST_PATHS, testingKeys } from "@/lib/queries/testing";
import { applicableKinds, newAssertion } from "@/lib/workbench/testing-view";

/** A saved case's body (what PUT takes): the case without its identity. */
export function caseBody(c: TestCase): CaseBody {
  return {
    name: c.name,
    protocol: c.protocol,
    target: c.target,
    steps: c.steps,
    answers: c.answers,
    recorded: c.recorded,
    assertions: c.assertions,
    ...(c.timeoutMs !== undefined ? { timeoutMs: c.timeoutMs } : {}),
    ...(c.source ? { source: c.source } : {}),
  };
}

/** A suite's body (what PUT takes). */
export function suiteBody(s: Suite): SuiteBody {
  return {
    name: s.name,
    caseIds: s.caseIds,
    repetitions: s.repetitions,
    concurrency: s.concurrency,
    timeoutMs: s.timeoutMs,
    ...(s.defaultTarget ? { defaultTarget: s.defaultTarget } : {}),
    ...(s.baselineRunId ? { baselineRunId: s.baselineRunId } : {}),
  };
}

/** Save as case: what was recorded, into an existing suite or a new one, with the kinds of assertion to start with. */
export interface SaveCaseInput {
  source: CaseSource;
  name: string;
  suite: { id: string } | { name: string };
  kinds: readonly AssertionType[];
}

export interface SavedCase {
  testCase: TestCase;
  suiteId: string;
}

/**
 * The protocol's driver makes the case from its record; it is then named and given its starting
 * assertions (filled from what it recorded, those that apply to it), and added to its suite.
 */
async function saveCase(qc: QueryClient, { source, name, suite, kinds }: SaveCaseInput): Promise<SavedCase> {
  const made = await apiFetch<TestCase>(TEST_PATHS.cases, { method: "POST", body: { from: source } });
  const applicable = applicableKinds(made.recorded);
  const assertions = kinds.filter((k) => applicable.includes(k)).map((k) => newAssertion(k, made.recorded));
  const testCase = await apiFetch<TestCase>(TEST_PATHS.testCase(made.id), { method: "PUT", body: { ...caseBody(made), name, assertions } });
  if ("id" in suite) {
    const current = await qc.fetchQuery({ ...suiteQuery(suite.id), staleTime: 0 });
    await apiFetch<Suite>(TEST_PATHS.suite(suite.id), {
      method: "PUT",
      body: { ...suiteBody(current), caseIds: [...current.caseIds, testCase.id] },
    });
    return { testCase, suiteId: suite.id };
  }
  const created = await apiFetch<Suite>(TEST_PATHS.suites, { method: "POST", body: { name: suite.name, caseIds: [testCase.id] } });
  return { testCase, suiteId: created.id };
}

/** The Tests view's writes (issue 24); each refreshes what it changes. */
export function useSaveCase() {
  const qc = useQueryClient();
  return useMutation<SavedCase, AppError, SaveCaseInput>({
    mutationFn: (input) => saveCase(qc, input),
    onSettled: () => void qc.invalidateQueries({ queryKey: testingKeys.all }),
  });
}

/** A case's name and assertions as edited. */
export function useUpdateCase(testCase: TestCase) {
  const qc = useQueryClient();
  return useMutation<TestCase, AppError, { name?: string; assertions?: Assertion[] }>({
    mutationFn: (patch) => apiFetch(TEST_PATHS.testCase(testCase.id), { method: "PUT", body: { ...caseBody(testCase), ...patch } }),
    onSuccess: (saved) => {
      qc.setQueryData(testingKeys.testCase(saved.id), saved);
      void qc.invalidateQueries({ queryKey: testingKeys.cases() });
    },
  });
}

export function useDeleteCase() {
  const qc = useQueryClient();
  return useMutation<void, AppError, string>({
    mutationFn: (id) => apiFetch(TEST_PATHS.testCase(id), { method: "DELETE" }),
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: testingKeys.testCase(id) });
      void qc.invalidateQueries({ queryKey: testingKeys.all });
    },
  });
}

/** Runs a suite: against each case's own target or the one given, N times; answers the run as it starts. */
export function useRunSuite(suiteId: string) {
  const qc = useQueryClient();
  return useMutation<Run, AppError, { target?: CaseTarget; repetitions?: number }>({
    mutationFn: (body) => apiFetch(TEST_PATHS.suiteRuns(suiteId), { method: "POST", body }),
    onSuccess: (run) => {
      qc.setQueryData(testingKeys.run(suiteId, run.id), run);
      void qc.invalidateQueries({ queryKey: testingKeys.suiteRuns(suiteId) });
    },
  });
}

export function useCancelRun(suiteId: string, runId: string) {
  const qc = useQueryClient();
  return useMutation<Run, AppError, void>({
    mutationFn: () => apiFetch(TEST_PATHS.run(suiteId, runId), { method: "DELETE" }),
    onSettled: () => void qc.invalidateQueries({ queryKey: testingKeys.run(suiteId, runId) }),
  });
}

/** Keeps a run as the suite's baseline: later runs are diffed against it. */
export function useKeepBaseline(suiteId: string) {
  const qc = useQueryClient();
  return useMutation<Suite, AppError, string>({
    mutationFn: async (runId) => {
      const current = await qc.fetchQuery({ ...suiteQuery(suiteId), staleTime: 0 });
      return apiFetch(TEST_PATHS.suite(suiteId), { method: "PUT", body: { ...suiteBody(current), baselineRunId: runId } });
    },
    onSuccess: (saved) => {
      qc.setQueryData(testingKeys.suite(suiteId), saved);
      void qc.invalidateQueries({ queryKey: testingKeys.suiteRuns(suiteId) });
    },
  });
}

export function useDeleteSuite() {
  const qc = useQueryClient();
  return useMutation<void, AppError, string>({
    mutationFn: (id) => apiFetch(TEST_PATHS.suite(id), { method: "DELETE" }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: testingKeys.suites() }),
  });
}

/** Imports a suite file's text; a refusal is an AppError naming the bad field's path. */
export function useImportSuite() {
  const qc = useQueryClient();
  return useMutation<Suite, AppError, string>({
    mutationFn: (text) => apiFetch(TEST_PATHS.suiteImport, { method: "POST", body: text }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: testingKeys.all }),
  });
}
