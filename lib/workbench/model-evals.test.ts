import { describe, expect, it } from "vitest";
import type { ModelEvalRun } from "@/lib/contracts/testing";
import { accuracySeries, bodyOf, newDraft, unavailableReason } from "@/lib/workbench/model-evals";

const run = (id: string, models: [string, number][]): ModelEvalRun => ({
  id,
  evalId: "e",
  startedAt: 0,
  endedAt: 0,
  models: models.map(([model, accuracy]) => ({ model, accuracy, hits: accuracy, total: 1 })),
  tools: [],
  results: [],
});

describe("model evals, the pure half", () => {
  it("names the field to fix, and sends arguments as an object", () => {
    const draft = { ...newDraft("demo"), name: "w", prompts: [{ prompt: "p", expect: [{ tool: "t", args: "[1]" }] }] };
    expect(bodyOf(draft)).toEqual({ ok: false, error: 'Prompt 1, call 1: the arguments must be a JSON object, e.g. {"city": "Lisbon"}' });
    expect(bodyOf({ ...draft, prompts: [{ prompt: "p", expect: [{ tool: " t ", args: "" }] }] })).toMatchObject({
      ok: true,
      body: { prompts: [{ prompt: "p", expect: [{ tool: "t" }] }] },
    });
    expect(bodyOf({ ...draft, name: " " })).toEqual({ ok: false, error: "Give the eval a name" });
  });

  it("the scripted model always runs; a provider without a key is unavailable in words", () => {
    const none = [{ provider: "scripted" as const, label: "Scripted", keySource: "none" as const, suggestedModels: [] }];
    expect(unavailableReason({ provider: "scripted" }, none)).toBeNull();
    expect(unavailableReason({ provider: "anthropic" }, [{ ...none[0]!, provider: "anthropic", label: "Anthropic" }])).toMatch(
      /no Anthropic key/,
    );
  });

  it("draws each model oldest first, a model added later from its first run on", () => {
    const series = accuracySeries([
      run("r3", [
        ["a", 1],
        ["b", 0.5],
      ]),
      run("r2", [["a", 0.5]]),
      run("r1", [["a", 0]]),
    ]);
    expect(series).toEqual([
      {
        model: "a",
        points: [
          { runId: "r1", index: 0, accuracy: 0 },
          { runId: "r2", index: 1, accuracy: 0.5 },
          { runId: "r3", index: 2, accuracy: 1 },
        ],
      },
      { model: "b", points: [{ runId: "r3", index: 2, accuracy: 0.5 }] },
    ]);
  });
});
