import { describe, expect, it } from "vitest";
import { markDuplicates, readToolsPage, toolKey } from "./tool-listing";

describe("readToolsPage / markDuplicates", () => {
  it("keeps every tool; a duplicate key never takes a name the server uses", () => {
    const { tools } = readToolsPage({
      tools: [
        { name: "a", inputSchema: { type: "object" } },
        { name: "a (2)", inputSchema: { type: "object" } },
        { name: "a", inputSchema: { type: "object", properties: { x: { type: "string" } } } },
        { inputSchema: [] },
      ],
      nextCursor: 5,
    });
    const marked = markDuplicates(tools);
    expect(marked.map(toolKey)).toEqual(["a", "a (2)", "a (3)", "(unnamed tool #4)"]);
    expect(marked[3]?.loupe?.warnings.join(" ")).toMatch(/no name.*inputSchema is an array/);
    expect(marked[0]?.loupe?.duplicate).toEqual({ index: 1, of: 2 });
    expect(marked[1]?.loupe).toBeUndefined();
  });

  it("fails only when there is no tools array", () => {
    expect(() => readToolsPage({ tools: "x" })).toThrow(/without a tools array/);
  });
});
