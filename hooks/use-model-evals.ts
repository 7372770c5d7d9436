"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ModelEval, ModelEvalBody, ModelEvalRun } from "@/lib/contracts/testing";
import type { AppError } from "@/lib/errors";
import { MODEL_EVAL_PATHS, modelEvalKeys } from "@/lib/queries/model-evals";

/** The model evals' writes (issue 24); each refreshes what it changes. */

/** Creates an eval (no id) or replaces one (its runs stay). */
export function useSaveModelEval(id: string | null) {
  const qc = useQueryClient();
  return useMutation<ModelEval, AppError, ModelEvalBody>({
    mutationFn: (body) =>
      id === null
        ? apiFetch(MODEL_EVAL_PATHS.evals, { method: "POST", body })
        : apiFetch(MODEL_EVAL_PATHS.eval(id), { method: "PUT", body }),
    onSuccess: (saved) => {
      qc.setQueryData(modelEvalKeys.one(saved.id), saved);
      void qc.invalidateQueries({ queryKey: modelEvalKeys.list() });
    },
  });
}

export function useDeleteModelEval() {
  const qc = useQueryClient();
  return useMutation<void, AppError, string>({
    mutationFn: (id) => apiFetch(MODEL_EVAL_PATHS.eval(id), { method: "DELETE" }),
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: modelEvalKeys.one(id) });
      void qc.invalidateQueries({ queryKey: modelEvalKeys.list() });
    },
  });
}

/** Cancels the eval's run going: the run's own request then answers with it, ended "cancelled". */
export function useCancelModelEvalRun(id: string) {
  return useMutation<unknown, AppError, void>({
    mutationFn: () => apiFetch(MODEL_EVAL_PATHS.runs(id), { method: "DELETE" }),
  });
}

/** Runs the eval now: the server answers when every prompt ended on every model. */
export function useRunModelEval(id: string) {
  const qc = useQueryClient();
  return useMutation<ModelEvalRun, AppError, void>({
    mutationFn: () => apiFetch(MODEL_EVAL_PATHS.runs(id), { method: "POST", body: {} }),
    onSuccess: (run) => {
      qc.setQueryData<ModelEvalRun[]>(modelEvalKeys.runs(id), (old) => [run, ...(old ?? []).filter((r) => r.id !== run.id)]);
      void qc.invalidateQueries({ queryKey: modelEvalKeys.runs(id) });
    },
  });
}
