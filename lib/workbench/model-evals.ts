import type { ColumnConfig, ProviderStatus } from "@/lib/contracts/playground";
import type { Accuracy, ModelEval, ModelEvalBody, ModelEvalRun } from "@/lib/contracts/testing";
import { MAX_EVAL_MODELS } from "@/lib/contracts/testing";
import { isRecord } from "@/lib/values";

/**
 * The pure half of the model evals' UI (issue 24): the form's draft and its check before it is
 * sent, which models can run, and the words and series the results and the history show. No React.
 */

/** One expected call as typed: its arguments are JSON text (empty: any arguments). */
export interface ExpectedCallDraft {
  tool: string;
  args: string;
}

export interface EvalDraft {
  name: string;
  connectionId: string;
  systemPrompt: string;
  prompts: { prompt: string; expect: ExpectedCallDraft[] }[];
  models: ColumnConfig[];
  /** Per prompt, for every model together (kept as it was when editing). */
  timeoutMs: number;
}

export const SCRIPTED_MODEL: ColumnConfig = { provider: "scripted", model: "scripted", strict: false, maxSteps: 20 };

export const emptyCall = (): ExpectedCallDraft => ({ tool: "", args: "" });

export function newDraft(connectionId: string): EvalDraft {
  return {
    name: "",
    connectionId,
    systemPrompt: "",
    prompts: [{ prompt: "", expect: [emptyCall()] }],
    models: [SCRIPTED_MODEL],
    timeoutMs: 60_000,
  };
}

export function draftOf(ev: ModelEval): EvalDraft {
  return {
    name: ev.name,
    connectionId: ev.connectionId,
    systemPrompt: ev.systemPrompt,
    prompts: ev.prompts.map((p) => ({
      prompt: p.prompt,
      expect: p.expect.map((e) => ({ tool: e.tool, args: e.args ? JSON.stringify(e.args) : "" })),
    })),
    models: ev.models,
    timeoutMs: ev.timeoutMs,
  };
}

export type DraftCheck = { ok: true; body: ModelEvalBody } | { ok: false; error: string };

/** The body to send, or the first thing to fix, in words naming where it is ("Prompt 2, call 1: …"). */
export function bodyOf(draft: EvalDraft): DraftCheck {
  if (!draft.name.trim()) return { ok: false, error: "Give the eval a name" };
  if (!draft.connectionId) return { ok: false, error: "Pick the MCP server whose tools the models get" };
  if (draft.models.length === 0) return { ok: false, error: "Pick at least one model" };
  if (draft.models.length > MAX_EVAL_MODELS) return { ok: false, error: `At most ${MAX_EVAL_MODELS} models` };
  const prompts: ModelEvalBody["prompts"] = [];
  for (const [i, p] of draft.prompts.entries()) {
    const at = `Prompt ${i + 1}`;
    if (!p.prompt.trim()) return { ok: false, error: `${at}: write the prompt` };
    if (p.expect.length === 0) return { ok: false, error: `${at}: add the tool call it should lead to` };
    const expect: ModelEvalBody["prompts"][number]["expect"] = [];
    for (const [j, e] of p.expect.entries()) {
      const where = `${at}, call ${j + 1}`;
      if (!e.tool.trim()) return { ok: false, error: `${where}: name the tool` };
      if (!e.args.trim()) {
        expect.push({ tool: e.tool.trim() });
        continue;
      }
      let args: unknown;
      try {
        args = JSON.parse(e.args);
      } catch (err) {
        return { ok: false, error: `${where}: the arguments are not JSON (${err instanceof Error ? err.message : String(err)})` };
      }
      if (!isRecord(args)) return { ok: false, error: `${where}: the arguments must be a JSON object, e.g. {"city": "Lisbon"}` };
      expect.push({ tool: e.tool.trim(), args });
    }
    prompts.push({ prompt: p.prompt, expect });
  }
  if (prompts.length === 0) return { ok: false, error: "Add a prompt" };
  return {
    ok: true,
    body: {
      name: draft.name.trim(),
      connectionId: draft.connectionId,
      systemPrompt: draft.systemPrompt,
      prompts,
      models: draft.models,
      timeoutMs: draft.timeoutMs,
    },
  };
}

/** Why a model cannot run, in words, or null when it can (the scripted model always can). */
export function unavailableReason(config: Pick<ColumnConfig, "provider">, providers: readonly ProviderStatus[]): string | null {
  if (config.provider === "scripted") return null;
  const status = providers.find((p) => p.provider === config.provider);
  if (!status) return null;
  return status.keySource === "none" ? `unavailable: no ${status.label} key (set one in the playground's Keys)` : null;
}

/** A cancelled run in words ("Cancelled after 1 of 3 prompts"); null for a run that ran every prompt. */
export function runEndText(run: Pick<ModelEvalRun, "status" | "results">, prompts: number): string | null {
  if (run.status !== "cancelled") return null;
  const ran = new Set(run.results.map((r) => r.promptIndex)).size;
  return `Cancelled after ${ran} of ${prompts} prompt${prompts === 1 ? "" : "s"}`;
}

/** "67% (2 of 3)"; "no calls expected" when nothing was. */
export function accuracyText(a: Accuracy): string {
  if (a.total === 0) return "no calls expected";
  return `${Math.round(a.accuracy * 100)}% (${a.hits} of ${a.total})`;
}

/**
 * Per model, its accuracy in each run it ran in, oldest first (the history chart's lines; runs arrive
 * newest first); `index` is the run's place oldest first, so a model added later starts further right.
 */
export function accuracySeries(
  runs: readonly ModelEvalRun[],
): { model: string; points: { runId: string; index: number; accuracy: number }[] }[] {
  const oldestFirst = [...runs].reverse();
  const models = [...new Set(oldestFirst.flatMap((r) => r.models.map((m) => m.model)))];
  return models.map((model) => ({
    model,
    points: oldestFirst.flatMap((r, index) => {
      const m = r.models.find((x) => x.model === model);
      return m ? [{ runId: r.id, index, accuracy: m.accuracy }] : [];
    }),
  }));
}
