import { describe, expect, it } from "vitest";
import { missingCalls, summarize } from "@/lib/suites/model-evals";

describe("model eval scoring", () => {
  it("each expected call takes its own call of the tool, carrying the expected arguments (others may differ)", () => {
    const called = [{ tool: "get-forecast", args: { city: "Lisbon", days: 3 } }];
    const twice = [{ tool: "get-forecast" }, { tool: "get-forecast" }];
    expect(missingCalls([{ tool: "get-forecast", args: { city: "Lisbon" } }], called)).toEqual([]);
    expect(missingCalls([{ tool: "get-forecast", args: { city: "Porto" } }], called)).toHaveLength(1);
    expect(missingCalls(twice, called)).toEqual([{ tool: "get-forecast" }]);
  });

  it("accuracy per model counts prompts fully met, per tool the expected calls made", () => {
    const expected = [[{ tool: "a" }, { tool: "b" }], [{ tool: "a" }]];
    const result = (model: string, promptIndex: number, missing: { tool: string }[]) => ({
      model,
      promptIndex,
      pass: missing.length === 0,
      called: [],
      missing,
    });
    const out = summarize(["m"], expected, [result("m", 0, [{ tool: "b" }]), result("m", 1, [])]);
    expect(out.models).toEqual([{ model: "m", hits: 1, total: 2, accuracy: 0.5 }]);
    expect(out.tools).toEqual([
      { tool: "a", models: [{ model: "m", hits: 2, total: 2, accuracy: 1 }] },
      { tool: "b", models: [{ model: "m", hits: 0, total: 1, accuracy: 0 }] },
    ]);
  });
});
