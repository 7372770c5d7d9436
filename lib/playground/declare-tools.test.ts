import { describe, expect, it } from "vitest";
import { analyzeTool, prepareInput, toAnthropic, toGemini, toOpenAi, toOpenAiStrict } from "@/lib/schema/portability";
import { declareTools } from "@/lib/playground/declare-tools";
import type { ToolSource } from "@/lib/playground/declare-tools";

const echoSchema = {
  type: "object",
  properties: {
    message: { type: "string", minLength: 1, description: "what to echo" },
    times: { type: "integer", minimum: 1, default: 1 },
  },
  required: ["message"],
};
const src = (
  connectionId: string,
  connectionName: string,
  name: string,
  inputSchema: unknown = echoSchema,
  description?: string,
): ToolSource => ({
  connectionId,
  connectionName,
  tool: { name, inputSchema, ...(description ? { description } : {}) },
});

describe("declareTools", () => {
  it("declares each provider's Portability output as the schema", () => {
    const tools = [src("c1", "Everything", "echo", echoSchema, "Echoes")];
    const prepared = prepareInput(echoSchema).schema;
    expect(declareTools("openai", false, tools).declared[0]!.inputSchema).toEqual(toOpenAi(prepared).schema);
    expect(declareTools("openai-compatible", false, tools).declared[0]!.inputSchema).toEqual(toOpenAi(prepared).schema);
    expect(declareTools("anthropic", false, tools).declared[0]!.inputSchema).toEqual(toAnthropic(prepared).schema);
    expect(declareTools("google", false, tools).declared[0]!.inputSchema).toEqual(toGemini(prepared).schema);
    expect(declareTools("scripted", false, tools).declared[0]!.inputSchema).toEqual(prepared);
    const d = declareTools("openai", false, tools).declared[0]!;
    expect(d).toMatchObject({ name: "echo", description: "Echoes", connectionId: "c1", tool: "echo" });
  });

  it("strict mode uses the openai-strict target (closed objects, every property required, dropped keywords)", () => {
    const tools = [src("c1", "Everything", "echo")];
    const strict = declareTools("openai", true, tools).declared[0]!;
    const expected = toOpenAiStrict(prepareInput(echoSchema).schema);
    expect(strict.inputSchema).toEqual(expected.schema);
    expect(strict.inputSchema).toMatchObject({ additionalProperties: false, required: ["message", "times"] });
    expect(JSON.stringify(strict.inputSchema)).not.toContain("minLength");
    // The findings are Portability's for openai-strict (the optional property made nullable, …).
    expect(strict.findings).toEqual(expect.arrayContaining(expected.findings));
    expect(declareTools("openai", false, tools).declared[0]!.inputSchema).not.toHaveProperty("additionalProperties");
  });

  it("namespaces a name two servers share and keeps both tools", () => {
    const { declared, toolMap } = declareTools("openai", false, [
      src("c1", "Everything", "echo"),
      src("c2", "File system", "echo"),
      src("c2", "File system", "read_file"),
    ]);
    expect(declared.map((d) => d.name)).toEqual(["everything__echo", "file_system__echo", "read_file"]);
    expect(toolMap).toEqual({
      everything__echo: { connectionId: "c1", tool: "echo" },
      file_system__echo: { connectionId: "c2", tool: "echo" },
      read_file: { connectionId: "c2", tool: "read_file" },
    });
    expect(declared[0]!.findings.some((f) => f.path === "name" && /namespaced/.test(f.reason))).toBe(true);
    expect(declared[2]!.findings.some((f) => f.path === "name")).toBe(false);
  });

  it("namespaces names that only collide after normalization, across servers", () => {
    const { declared } = declareTools("anthropic", false, [src("c1", "A", "get.item"), src("c2", "B", "get_item")]);
    expect(declared.map((d) => d.name)).toEqual(["a__get_item", "b__get_item"]);
  });

  it("numbers a name that is still taken on one server (normalization, a name listed twice) instead of dropping it", () => {
    const { declared, toolMap } = declareTools("openai", false, [
      src("c1", "A", "get.item"),
      src("c1", "A", "get_item"),
      src("c1", "A", "get_item"),
    ]);
    expect(declared.map((d) => d.name)).toEqual(["get_item", "get_item_2", "get_item_3"]);
    expect(Object.keys(toolMap)).toHaveLength(3);
    expect(toolMap.get_item_2).toEqual({ connectionId: "c1", tool: "get_item" });
    expect(declared[1]!.findings.some((f) => /numbered "get_item_2"/.test(f.reason))).toBe(true);
  });

  it("keeps a numbered name within the provider's 64-byte limit", () => {
    const long = "x".repeat(70);
    const { declared } = declareTools("openai", false, [src("c1", "A", long), src("c1", "A", `${long}y`)]);
    expect(declared.map((d) => d.name.length)).toEqual([64, 64]);
    expect(declared[1]!.name.endsWith("_2")).toBe(true);
    expect(declared[0]!.findings.some((f) => /over the 64-byte limit/.test(f.reason))).toBe(true);
  });

  it("leaves out a tool Portability rejects for the provider, with its findings, and declares the rest", () => {
    const badKey = { type: "object", properties: { "bad key!": { type: "string" } } };
    const { declared, leftOut, toolMap } = declareTools("anthropic", false, [src("c1", "A", "odd", badKey), src("c1", "A", "echo")]);
    expect(declared.map((d) => d.name)).toEqual(["echo"]);
    expect(toolMap).not.toHaveProperty("odd");
    expect(leftOut).toHaveLength(1);
    expect(leftOut[0]).toMatchObject({ connectionId: "c1", tool: "odd" });
    const rejected = analyzeTool({ name: "odd", inputSchema: badKey }).targets.anthropic.findings.filter((f) => f.severity === "rejected");
    expect(rejected.length).toBeGreaterThan(0);
    expect(leftOut[0]!.findings).toEqual(expect.arrayContaining(rejected));
    // The same schema is fine for OpenAI: rejection is per provider.
    expect(declareTools("openai", false, [src("c1", "A", "odd", badKey)]).declared).toHaveLength(1);
  });

  it("declares a double-encoded schema decoded (Loupe is the careful SDK), with the finding kept", () => {
    const { declared, leftOut } = declareTools("openai", false, [src("c1", "A", "enc", JSON.stringify(echoSchema))]);
    expect(leftOut).toEqual([]);
    expect(declared[0]!.inputSchema).toEqual(toOpenAi(prepareInput(echoSchema).schema).schema);
    expect(declared[0]!.findings.some((f) => f.keyword === "inputSchema")).toBe(true);
  });

  it("gives Gemini no parameters (the empty object) when Portability says so, and a schema-less tool the empty object elsewhere", () => {
    expect(declareTools("google", false, [src("c1", "A", "ping", null)]).declared[0]!.inputSchema).toEqual({
      type: "object",
      properties: {},
    });
    expect(toGemini(prepareInput(undefined).schema).schema).toBeNull();
    expect(declareTools("openai", false, [src("c1", "A", "ping", null)]).declared[0]!.inputSchema).toEqual({
      type: "object",
      properties: {},
    });
  });

  it("passes the tool's readOnlyHint along when it gives one", () => {
    const { declared } = declareTools("scripted", false, [
      { connectionId: "c1", connectionName: "A", tool: { name: "get", annotations: { readOnlyHint: true } } },
      { connectionId: "c1", connectionName: "A", tool: { name: "set", annotations: { readOnlyHint: false } } },
      { connectionId: "c1", connectionName: "A", tool: { name: "other", annotations: { title: "x" } } },
    ]);
    expect(declared.map((d) => d.readOnlyHint)).toEqual([true, false, undefined]);
    expect(declared[2]).not.toHaveProperty("readOnlyHint");
  });
});
