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

describe("readToolsPage keeps a 2020-12 schema exactly as listed", () => {
  // The fixture of the suite's json-schema-2020-12-preservation scenario (SEP-1613, SEP-2106), plus an outputSchema.
  const inputSchema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
    properties: {
      name: { type: "string" },
      address: { $ref: "#/$defs/address" },
      contactMethod: { type: "string", enum: ["phone", "email"] },
      phone: { type: "string" },
      email: { type: "string" },
    },
    allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
    if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
    then: { required: ["phone"] },
    else: { required: ["email"] },
    additionalProperties: false,
  };
  const outputSchema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    $defs: { n: { type: "integer" } },
    properties: { count: { $ref: "#/$defs/n" } },
    unevaluatedProperties: false,
  };

  it("leaves inputSchema and outputSchema untouched, with no warning, through a JSON round trip (the tools route)", () => {
    const listed = readToolsPage({ tools: [{ name: "rich", inputSchema, outputSchema }] });
    const served = JSON.parse(JSON.stringify(listed)) as typeof listed;
    expect(served.tools[0]?.inputSchema).toEqual(inputSchema);
    expect(served.tools[0]?.outputSchema).toEqual(outputSchema);
    expect(served.tools[0]?.loupe).toBeUndefined();
  });
});
