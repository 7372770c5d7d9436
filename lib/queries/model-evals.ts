import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ModelEval, ModelEvalRun } from "@/lib/contracts/testing";

/**
 * Model evals in the browser (issue 24; routes in lib/contracts/testing/model-evals.ts): the evals,
 * one eval, and its runs newest first (the history). A run is answered when it ends (POST waits).
 */
const base = "/api/tests/model-evals";
const seg = encodeURIComponent;

export const MODEL_EVAL_PATHS = {
  evals: base,
  eval: (id: string) => `${base}/${seg(id)}`,
  runs: (id: string) => `${base}/${seg(id)}/runs`,
};

export const modelEvalKeys = {
  all: ["model-evals"] as const,
  list: () => [...modelEvalKeys.all, "list"] as const,
  one: (id: string) => [...modelEvalKeys.all, "eval", id] as const,
  runs: (id: string) => [...modelEvalKeys.all, "eval", id, "runs"] as const,
};

export const modelEvalsQuery = () =>
  queryOptions({ queryKey: modelEvalKeys.list(), queryFn: ({ signal }) => apiFetch<ModelEval[]>(MODEL_EVAL_PATHS.evals, { signal }) });

export const modelEvalQuery = (id: string) =>
  queryOptions({ queryKey: modelEvalKeys.one(id), queryFn: ({ signal }) => apiFetch<ModelEval>(MODEL_EVAL_PATHS.eval(id), { signal }) });

export const modelEvalRunsQuery = (id: string) =>
  queryOptions({
    queryKey: modelEvalKeys.runs(id),
    queryFn: ({ signal }) => apiFetch<ModelEvalRun[]>(MODEL_EVAL_PATHS.runs(id), { signal }),
  });
