import { describe, expect, it } from "vitest";
import { caseOutcomeSchema } from "@/lib/contracts/testing";
import {
  applicableKinds,
  defaultKinds,
  everyItemPath,
  jsonPathOf,
  latencyBudget,
  newAssertion,
  parseTargetText,
  runProgress,
  sortDiffCases,
  targetText,
  withPath,
} from "@/lib/workbench/testing-view";

const toolResult = caseOutcomeSchema.parse({ result: { content: [{ type: "text", text: "Echo: hi (1+1)" }] }, latencyMs: 42 });
const agentTurn = caseOutcomeSchema.parse({ result: null, toolCalls: [{ name: "book", args: { to: "PAR" } }], finalResponse: "Booked." });

describe("the Tests view's pure half", () => {
  it("offers a trajectory and a final response only when the outcome has them, and ticks what fits the record", () => {
    expect(applicableKinds(toolResult)).not.toContain("trajectory");
    expect(applicableKinds(toolResult)).not.toContain("final_response");
    expect(applicableKinds(agentTurn)).toEqual(expect.arrayContaining(["trajectory", "final_response"]));
    expect(defaultKinds(toolResult)).toEqual(["structural", "is_error"]);
    expect(defaultKinds(agentTurn)).toEqual(["is_error", "trajectory", "final_response"]);
  });

  it("fills a new assertion from the recording so it holds as recorded", () => {
    expect(newAssertion("contains", toolResult)).toMatchObject({ type: "contains", text: "Echo: hi (1+1)" });
    const regex = newAssertion("regex", toolResult);
    expect(regex.type === "regex" && new RegExp(regex.pattern).test("Echo: hi (1+1)")).toBe(true);
    expect(newAssertion("is_error", caseOutcomeSchema.parse({ result: null, isError: true }))).toEqual({
      type: "is_error",
      expected: true,
    });
    expect(newAssertion("latency", toolResult)).toEqual({ type: "latency", maxMs: 150 });
    expect(newAssertion("contains", agentTurn)).toMatchObject({ text: "Booked." });
    expect(latencyBudget(0)).toBe(100);
    expect(latencyBudget(1000)).toBe(3000);
  });

  it("names a clicked key as a JSONPath, odd keys quoted, and as every item of its lists", () => {
    expect(jsonPathOf(["content", 0, "text"])).toBe("$.content[0].text");
    expect(jsonPathOf(["a b", "it's"])).toBe("$['a b']['it\\'s']");
    expect(everyItemPath(["content", 3, "id"])).toBe("$.content[*].id");
    expect(withPath(["$.a"], "$.a")).toEqual(["$.a"]);
    expect(withPath(["$.a"], "$.b")).toEqual(["$.a", "$.b"]);
  });

  it("reads a typed target as a URL or a command line, quotes keeping spaces", () => {
    expect(parseTargetText("  ")).toBeNull();
    expect(parseTargetText("http://127.0.0.1:3001/mcp")).toEqual({ kind: "url", url: "http://127.0.0.1:3001/mcp" });
    expect(parseTargetText('node "my server.js" --port 3')).toEqual({
      kind: "command",
      command: "node",
      args: ["my server.js", "--port", "3"],
    });
    expect(targetText(undefined)).toBe("each case's own server or agent");
    expect(targetText({ kind: "command", command: "node", args: ["s.js"] })).toBe("node s.js");
  });

  it("counts a run's replays against cases × repetitions, and lists a diff with what needs a look first", () => {
    expect(runProgress({ cases: [], results: [], repetitions: 3 }, 2)).toEqual({ done: 0, total: 6 });
    const sorted = sortDiffCases([
      { change: "still_passing", caseName: "a" },
      { change: "fixed", caseName: "b" },
      { change: "newly_failing", caseName: "c" },
    ] as const);
    expect(sorted.map((c) => c.change)).toEqual(["newly_failing", "fixed", "still_passing"]);
  });
});
