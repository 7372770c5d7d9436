"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Assertion, CaseSource, CaseTarget, Run, Suite, TestCase } from "@/lib/contracts/testing";
import type { AppError } from "@/lib/errors";
import { TEST_PATHS, testingKeys } from "@/lib/queries/testing";

/** Save as test case: what was recorded, into an existing suite or a new one, with the assertions to start with. */
export interface SaveCaseInput {
  source: CaseSource;
  name: string;
  suite: { id: string } | { name: string };
  assertions: Assertion[];
}

/** The Tests view's writes (issue 24); each refreshes the lists it changes. */
export function useSaveCase() {
  const qc = useQueryClient();
  return useMutation<TestCase & { suiteId: string }, AppError, SaveCaseInput>({
    mutationFn: ({ source, name, suite, assertions }) =>
      apiFetch(TEST_PATHS.cases, {
        method: "POST",
        body: { source, name, assertions, ...("id" in suite ? { suiteId: suite.id } : { suiteName: suite.name }) },
      }),
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: testingKeys.suites() });
      void qc.invalidateQueries({ queryKey: testingKeys.suiteCases(saved.suiteId) });
    },
  });
}

/** A case's name and assertions as edited. */
export function useUpdateCase(caseId: string) {
  const qc = useQueryClient();
  return useMutation<TestCase, AppError, { name?: string; assertions?: Assertion[] }>({
    mutationFn: (patch) => apiFetch(TEST_PATHS.testCase(caseId), { method: "PATCH", body: patch }),
    onSuccess: (saved) => {
      qc.setQueryData(testingKeys.testCase(caseId), saved);
      void qc.invalidateQueries({ queryKey: [...testingKeys.all, "suite"] });
    },
  });
}

export function useDeleteCase() {
  const qc = useQueryClient();
  return useMutation<void, AppError, string>({
    mutationFn: (id) => apiFetch(TEST_PATHS.testCase(id), { method: "DELETE" }),
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: testingKeys.testCase(id) });
      void qc.invalidateQueries({ queryKey: [...testingKeys.all, "suite"] });
    },
  });
}

/** Runs a suite: against each case's own target or the one given, N times; answers the run as it starts. */
export function useRunSuite(suiteId: string) {
  const qc = useQueryClient();
  return useMutation<Run, AppError, { target?: CaseTarget; repetitions?: number }>({
    mutationFn: (body) => apiFetch(TEST_PATHS.suiteRuns(suiteId), { method: "POST", body }),
    onSuccess: (run) => {
      qc.setQueryData(testingKeys.run(run.id), run);
      void qc.invalidateQueries({ queryKey: testingKeys.suiteRuns(suiteId) });
    },
  });
}

export function useCancelRun(runId: string) {
  const qc = useQueryClient();
  return useMutation<unknown, AppError, void>({
    mutationFn: () => apiFetch(TEST_PATHS.runCancel(runId), { method: "POST" }),
    onSettled: () => void qc.invalidateQueries({ queryKey: testingKeys.run(runId) }),
  });
}

/** A suite's settings (its baseline run). */
export function useUpdateSuite(suiteId: string) {
  const qc = useQueryClient();
  return useMutation<Suite, AppError, Partial<Pick<Suite, "name" | "baselineRunId">>>({
    mutationFn: (patch) => apiFetch(TEST_PATHS.suite(suiteId), { method: "PATCH", body: patch }),
    onSuccess: (saved) => {
      qc.setQueryData(testingKeys.suite(suiteId), saved);
      void qc.invalidateQueries({ queryKey: testingKeys.suites() });
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
    onSuccess: () => void qc.invalidateQueries({ queryKey: testingKeys.suites() }),
  });
}
