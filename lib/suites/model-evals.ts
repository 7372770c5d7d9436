import type { Accuracy, ExpectedCall, ModelEvalResult, ModelEvalRun } from "@/lib/contracts/testing";

/**
 * Scoring of model evals (issue 24): whether a model's tool calls for a prompt include the expected
 * ones, and the accuracy per model and per tool over a run. Pure: the server runs the models.
 */

type Called = ModelEvalResult["called"][number];

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Each expected call takes one call of its tool whose arguments carry the expected ones (each equal). */
export function missingCalls(expect: readonly ExpectedCall[], called: readonly Called[]): ExpectedCall[] {
  const left = [...called];
  const missing: ExpectedCall[] = [];
  for (const want of expect) {
    const at = left.findIndex((c) => c.tool === want.tool && Object.entries(want.args ?? {}).every(([k, v]) => sameValue(c.args[k], v)));
    if (at < 0) missing.push(want);
    else left.splice(at, 1);
  }
  return missing;
}

function accuracy(hits: number, total: number): Accuracy {
  return { hits, total, accuracy: total === 0 ? 0 : hits / total };
}

/** Per model (prompts fully met) and per expected tool and model (expected calls made). */
export function summarize(
  models: readonly string[],
  expected: readonly (readonly ExpectedCall[])[],
  results: readonly ModelEvalResult[],
): Pick<ModelEvalRun, "models" | "tools"> {
  const tools = [...new Set(expected.flat().map((e) => e.tool))];
  return {
    models: models.map((model) => {
      const mine = results.filter((r) => r.model === model);
      return { model, ...accuracy(mine.filter((r) => r.pass).length, mine.length) };
    }),
    tools: tools.map((tool) => ({
      tool,
      models: models.map((model) => {
        let hits = 0;
        let total = 0;
        for (const r of results) {
          if (r.model !== model) continue;
          const want = (expected[r.promptIndex] ?? []).filter((e) => e.tool === tool).length;
          total += want;
          hits += want - r.missing.filter((m) => m.tool === tool).length;
        }
        return { model, ...accuracy(hits, total) };
      }),
    })),
  };
}
