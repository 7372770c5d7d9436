import { describe, expect, it } from "vitest";
import { evalsetSuite } from "./evalset";

const target = { kind: "saved" as const, id: "a1" };

const evalset = {
  eval_set_id: "weather",
  eval_cases: [
    {
      eval_id: "two_turns",
      session_input: { app_name: "weather_app", user_id: "u9" },
      conversation: [
        {
          invocation_id: "i1",
          user_content: { parts: [{ text: "weather in Paris?" }], role: "user" },
          final_response: { parts: [{ text: "Sunny in Paris." }], role: "model" },
          intermediate_data: { tool_uses: [{ id: "x", name: "get_weather", args: { city: "Paris" } }] },
        },
        { invocation_id: "i2", user_content: { parts: [{ text: "thanks" }] }, final_response: { parts: [{ text: "You're welcome." }] } },
      ],
    },
  ],
};

describe("evalsetSuite", () => {
  it("turns each eval case into a case of ADK turns scored with ADK's metrics and thresholds", () => {
    const out = evalsetSuite(evalset, { target, fileName: "weather.evalset.json", criteria: { response_match_score: 0.7 } });
    if (!out.ok) throw new Error(out.message);
    expect(out.suite.name).toBe("weather");
    const [c] = out.suite.cases;
    expect(c?.steps.map((s) => s.input)).toEqual([
      { appName: "weather_app", userId: "u9", parts: [{ text: "weather in Paris?" }] },
      { appName: "weather_app", userId: "u9", parts: [{ text: "thanks" }] },
    ]);
    expect(c?.recorded.toolCalls).toEqual([{ name: "get_weather", args: { city: "Paris" } }]);
    expect(c?.recorded.finalResponse).toBe("You're welcome.");
    expect(c?.assertions).toEqual([
      { type: "trajectory", mode: "exact", args: "exact", perTurn: true, threshold: 1 },
      { type: "final_response", mode: "rouge1", threshold: 0.7, perTurn: true },
    ]);
  });

  it("reads camelCase too, and a legacy .test.json as one case for the chosen app", () => {
    const camel = evalsetSuite(
      { evalSetId: "c", evalCases: [{ evalId: "e", conversation: [{ userContent: { parts: [{ text: "hi" }] } }] }] },
      { target, fileName: "c.evalset.json", appName: "app" },
    );
    expect(camel.ok && camel.suite.cases[0]?.name).toBe("e");
    const legacy = evalsetSuite([{ query: "hi", expected_tool_use: [{ tool_name: "t", tool_input: { a: 1 } }], reference: "hello" }], {
      target,
      fileName: "basic.test.json",
      appName: "app",
    });
    if (!legacy.ok) throw new Error(legacy.message);
    expect(legacy.suite.cases[0]).toMatchObject({
      name: "basic",
      recorded: { toolCalls: [{ name: "t", args: { a: 1 } }], finalResponse: "hello" },
    });
  });

  it("names the bad field, and asks for an app when the file names none", () => {
    expect(evalsetSuite({ eval_cases: [{ conversation: [] }] }, { target, fileName: "x" })).toMatchObject({
      ok: false,
      path: "eval_cases[0].conversation",
    });
    expect(evalsetSuite({ eval_cases: [{ conversation: [{ user_content: { parts: [] } }] }] }, { target, fileName: "x" })).toEqual({
      ok: false,
      path: "eval_cases[0].session_input.app_name",
      message: "names no app: choose the agent's app",
    });
  });
});
