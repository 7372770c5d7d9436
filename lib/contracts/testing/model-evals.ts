import { z } from "zod";
import { ColumnConfig } from "@/lib/contracts/playground";

/**
 * Model evals for MCP servers (issue 24): prompts, each with the tool calls it should lead to, run
 * on several playground models against one server's tools; accuracy per model and per tool, kept
 * run after run.
 *
 *   GET  /api/tests/model-evals                 ModelEval[]
 *   POST /api/tests/model-evals                 (ModelEvalBody) → 201 ModelEval
 *   GET  /api/tests/model-evals/:evalId         ModelEval       PUT (ModelEvalBody) → ModelEval, DELETE → 204
 *   GET  /api/tests/model-evals/:evalId/runs    ModelEvalRun[] newest first (the history)
 *   POST /api/tests/model-evals/:evalId/runs    runs it now → 201 ModelEvalRun (status "cancelled" when cancelled)
 *   DELETE /api/tests/model-evals/:evalId/runs  cancels the run going → 202; 409 conflict:model_eval_not_running
 */

/** Runs kept per eval (oldest pruned first). */
export const MAX_MODEL_EVAL_RUNS = 100;
/** A conversation has at most three columns: an eval runs at most three models. */
export const MAX_EVAL_MODELS = 3;

export const expectedCallSchema = z.object({
  tool: z.string().min(1).max(300),
  /** Arguments the call must carry (each one equal); absent: any arguments. */
  args: z.record(z.string(), z.unknown()).optional(),
});
export type ExpectedCall = z.infer<typeof expectedCallSchema>;

export const modelEvalBodySchema = z.object({
  name: z.string().trim().min(1).max(300),
  /** The saved MCP connection whose tools the models are given. */
  connectionId: z.string().min(1).max(200),
  systemPrompt: z.string().max(100_000).default(""),
  prompts: z
    .array(z.object({ prompt: z.string().min(1).max(10_000), expect: z.array(expectedCallSchema).min(1).max(20) }))
    .min(1)
    .max(100),
  models: z.array(ColumnConfig).min(1).max(MAX_EVAL_MODELS),
  /** Per prompt, for every model together, in ms. */
  timeoutMs: z.number().int().min(1000).max(600_000).default(60_000),
});
export type ModelEvalBody = z.infer<typeof modelEvalBodySchema>;

export type ModelEval = ModelEvalBody & { id: string; createdAt: number };

/** One prompt on one model: the calls it made, the expected ones it did not, or why it could not run. */
export interface ModelEvalResult {
  promptIndex: number;
  /** "openai gpt-4o" (the model's label; two columns of one model get "#2"). */
  model: string;
  pass: boolean;
  called: { tool: string; args: Record<string, unknown> }[];
  missing: ExpectedCall[];
  error?: string;
  conversationId?: string;
}

export interface Accuracy {
  hits: number;
  total: number;
  /** hits / total, 0 when nothing was expected. */
  accuracy: number;
}

/**
 * How a run ended: every prompt put to every model, or cancelled from the page — its results, and
 * the accuracy over them, are then the prompts that had ended on every model.
 */
export type ModelEvalRunStatus = "completed" | "cancelled";

export interface ModelEvalRun {
  id: string;
  evalId: string;
  startedAt: number;
  endedAt: number;
  /** Absent in a run kept before runs could be cancelled: completed. */
  status?: ModelEvalRunStatus;
  /** Per model: the prompts whose expected calls were all made. */
  models: (Accuracy & { model: string })[];
  /** Per expected tool and model: the expected calls of that tool that were made. */
  tools: { tool: string; models: (Accuracy & { model: string })[] }[];
  results: ModelEvalResult[];
}
