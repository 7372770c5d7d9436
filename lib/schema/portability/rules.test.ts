// Crafted schemas, one per rule and edge case: exact output schema and exact findings.
import { describe, expect, it } from "vitest";
import { analyzeTool, toAnthropic, toGemini, toOpenAi, toOpenAiStrict } from "@/lib/schema/portability";
import type { Finding } from "@/lib/schema/portability";

const brief = (findings: Finding[]) => findings.map((f) => `${f.severity} ${f.action} ${f.path} ${f.keyword} ${f.basis}`);

describe("edge cases of the input", () => {
  it("no input schema: the empty object schema, named as such", () => {
    const a = analyzeTool({ name: "t" });
    expect(a.prepared).toEqual({ type: "object", properties: {} });
    expect(a.edgeCases.map((e) => e.kind)).toEqual(["no_input_schema"]);
    expect(a.targets.openai.schema).toEqual({ type: "object", properties: {} });
    expect(a.targets.gemini.schema).toBeNull();
    expect(brief(a.targets.gemini.findings)).toEqual(["lossless added # inputSchema assumed", "lossless dropped # parameters documented"]);
    expect(a.targets.anthropic.verdict).toBe("as_is");
  });

  it("a schema given as a JSON string is decoded and flagged as rejected when sent as is", () => {
    const a = analyzeTool({ name: "t", inputSchema: JSON.stringify({ type: "object", properties: { q: { type: "string" } } }) });
    expect(a.edgeCases.map((e) => e.kind)).toEqual(["double_encoded"]);
    expect(a.targets.anthropic.schema).toEqual({ type: "object", properties: { q: { type: "string" } } });
    expect(brief(a.targets.anthropic.findings)).toEqual(["rejected rewritten # inputSchema documented"]);
    expect(a.targets.anthropic.verdict).toBe("rejected");
  });

  it.each([
    ["a string that is not JSON", "{type: object"],
    ["a list", [{ type: "string" }]],
    ["a number", 42],
  ])("an unparseable schema (%s) falls back to the empty object", (_label, input) => {
    const a = analyzeTool({ name: "t", inputSchema: input });
    expect(a.edgeCases.map((e) => e.kind)).toEqual(["unparseable"]);
    expect(a.prepared).toEqual({ type: "object", properties: {} });
    for (const t of Object.values(a.targets)) expect(t.verdict).toBe("rejected");
  });

  it("anyOf with null, $ref to $defs and recursive $ref are named", () => {
    const schema = {
      type: "object",
      $defs: { node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/node" } } } } },
      properties: { root: { $ref: "#/$defs/node" }, note: { anyOf: [{ type: "string" }, { type: "null" }] } },
    };
    expect(analyzeTool({ name: "t", inputSchema: schema }).edgeCases.map((e) => [e.kind, e.path])).toEqual([
      ["defs_ref", "#/$defs/node/properties/kids/items"],
      ["recursive_ref", "#/$defs/node/properties/kids/items"],
      ["defs_ref", "#/properties/root"],
      ["nullable_anyof", "#/properties/note/anyOf"],
    ]);
  });
});

describe("Gemini", () => {
  it("inlines $ref to $defs and drops the definitions", () => {
    const r = toGemini({ type: "object", $defs: { p: { type: "string", description: "d" } }, properties: { a: { $ref: "#/$defs/p" } } });
    expect(r.schema).toEqual({ type: "object", properties: { a: { type: "string", description: "d" } } });
    expect(brief(r.findings)).toEqual(["lossless rewritten #/properties/a $ref documented", "lossless dropped # $defs documented"]);
  });

  it("cuts a recursive $ref to an unconstrained value", () => {
    const r = toGemini({
      type: "object",
      definitions: { n: { type: "object", properties: { next: { $ref: "#/definitions/n" }, v: { type: "number" } } } },
      properties: { head: { $ref: "#/definitions/n" } },
    });
    expect(r.schema).toEqual({ type: "object", properties: { head: { type: "object", properties: { next: {}, v: { type: "number" } } } } });
    expect(brief(r.findings)).toEqual([
      "shape_changed rewritten #/properties/head/properties/next $ref documented",
      "lossless rewritten #/properties/head $ref documented",
      "lossless dropped # definitions documented",
    ]);
  });

  it("anyOf with null becomes nullable; type lists split", () => {
    const r = toGemini({
      type: "object",
      properties: {
        a: { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }], description: "x" },
        b: { type: ["integer", "null"] },
        c: { type: ["string", "number"] },
      },
    });
    expect(r.schema).toEqual({
      type: "object",
      properties: {
        a: { type: "string", maxLength: 3, description: "x", nullable: true },
        b: { type: "integer", nullable: true },
        c: { anyOf: [{ type: "string" }, { type: "number" }] },
      },
    });
    expect(brief(r.findings)).toEqual([
      "lossless rewritten #/properties/a/anyOf anyOf documented",
      "lossless rewritten #/properties/b type documented",
      "lossless rewritten #/properties/c type documented",
    ]);
  });

  it("drops what is outside the subset, rewrites oneOf/const/non-string enums, keeps allowed formats", () => {
    const r = toGemini({
      type: "object",
      additionalProperties: false,
      properties: {
        email: { type: "string", format: "email" },
        when: { type: "string", format: "date-time" },
        n: { type: "number", exclusiveMinimum: 0, multipleOf: 2, format: "double" },
        level: { type: "integer", enum: [1, 2] },
        kind: { const: "a" },
        pick: { oneOf: [{ type: "string" }, { type: "integer" }] },
        map: { type: "object", additionalProperties: { type: "string" } },
        pair: { type: "array", prefixItems: [{ type: "string" }], items: { type: "string" } },
      },
    });
    expect(r.schema).toEqual({
      type: "object",
      properties: {
        email: { type: "string" },
        when: { type: "string", format: "date-time" },
        n: { type: "number", format: "double" },
        level: { type: "integer", enum: ["1", "2"] },
        kind: { enum: ["a"] },
        pick: { anyOf: [{ type: "string" }, { type: "integer" }] },
        map: { type: "object" },
        pair: { type: "array", items: { type: "string" } },
      },
    });
    expect(brief(r.findings)).toEqual([
      "rejected rejected #/properties/map properties observed",
      "shape_changed rewritten #/properties/level enum documented",
      "shape_changed dropped #/properties/map additionalProperties documented",
      "shape_changed dropped #/properties/pair prefixItems documented",
      "constraint_lost dropped # additionalProperties documented",
      "constraint_lost dropped #/properties/email format documented",
      "constraint_lost dropped #/properties/n exclusiveMinimum documented",
      "constraint_lost dropped #/properties/n multipleOf documented",
      "constraint_lost rewritten #/properties/pick oneOf documented",
      "lossless rewritten #/properties/kind const documented",
    ]);
  });

  it("merges allOf object branches and rejects invalid parameter names", () => {
    const r = toGemini({
      allOf: [
        { type: "object", properties: { "a-b": { type: "string" } } },
        { properties: { c: { type: "number" } }, required: ["c"] },
      ],
    });
    expect(r.schema).toEqual({ type: "object", properties: { "a-b": { type: "string" }, c: { type: "number" } }, required: ["c"] });
    expect(brief(r.findings)).toEqual([
      "rejected rejected #/properties/a-b properties documented",
      "lossless rewritten # allOf documented",
    ]);
  });
});

describe("OpenAI", () => {
  it("normal mode passes the schema through, but needs an object root and array items", () => {
    const ok = { type: "object", properties: { a: { type: "string", format: "email" } } };
    expect(toOpenAi(ok)).toEqual({ schema: ok, findings: [] });
    const bad = toOpenAi({ anyOf: [{ type: "object" }], properties: { list: { type: "array" } } });
    expect(bad.schema).toEqual({ type: "object", anyOf: [{ type: "object" }], properties: { list: { type: "array" } } });
    expect(brief(bad.findings)).toEqual([
      "rejected rejected # anyOf observed",
      "rejected rejected #/properties/list items observed",
      "lossless added # type observed",
    ]);
  });

  it("strict mode closes objects, requires every property (optional ones nullable) and drops unsupported keywords", () => {
    const r = toOpenAiStrict({
      type: "object",
      additionalProperties: true,
      required: ["id"],
      properties: {
        id: { type: "string", pattern: "^x", default: "x1" },
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        opt: { oneOf: [{ type: "string" }, { type: "number" }] },
        meta: { type: "object", additionalProperties: { type: "string" } },
      },
    });
    expect(r.schema).toEqual({
      type: "object",
      additionalProperties: false,
      required: ["id", "tags", "opt", "meta"],
      properties: {
        id: { type: "string" },
        tags: { type: ["array", "null"], items: { type: "string" } },
        opt: { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] },
        meta: { type: ["object", "null"], additionalProperties: false, properties: {}, required: [] },
      },
    });
    expect(brief(r.findings)).toEqual([
      "shape_changed rewritten # additionalProperties documented",
      "shape_changed added #/properties/tags required documented",
      "shape_changed added #/properties/opt required documented",
      "shape_changed added #/properties/meta required documented",
      "shape_changed rewritten #/properties/meta additionalProperties documented",
      "constraint_lost dropped #/properties/id pattern documented",
      "constraint_lost dropped #/properties/id default observed",
      "constraint_lost dropped #/properties/tags maxItems documented",
      "constraint_lost rewritten #/properties/opt oneOf documented",
    ]);
  });

  it("strict mode keeps $ref/$defs (supported) and rejects more than 5 nesting levels", () => {
    const deep = (n: number): Record<string, unknown> =>
      n === 0 ? { type: "string" } : { type: "object", properties: { x: deep(n - 1) }, required: ["x"] };
    expect(brief(toOpenAiStrict(deep(5)).findings).filter((f) => f.startsWith("rejected"))).toEqual([]);
    expect(brief(toOpenAiStrict(deep(6)).findings).filter((f) => f.startsWith("rejected"))).toEqual([
      "rejected rejected # properties documented",
    ]);
    const withRef = toOpenAiStrict({
      type: "object",
      $defs: { s: { type: "string" } },
      properties: { a: { $ref: "#/$defs/s" } },
      required: ["a"],
    });
    expect(withRef.schema).toEqual({
      type: "object",
      $defs: { s: { type: "string" } },
      properties: { a: { $ref: "#/$defs/s" } },
      required: ["a"],
      additionalProperties: false,
    });
  });
});

describe("Anthropic", () => {
  it("adds the object type at the root, rejects other roots and bad property keys", () => {
    expect(toAnthropic({ properties: {} })).toEqual({
      schema: { type: "object", properties: {} },
      findings: [expect.objectContaining({ path: "#", keyword: "type", action: "added", severity: "lossless", basis: "observed" })],
    });
    expect(brief(toAnthropic({ type: "array" }).findings)).toEqual(["rejected rejected # type observed"]);
    expect(
      brief(toAnthropic({ type: "object", properties: { "a b": { type: "object", properties: { "ok.key": {} } } } }).findings),
    ).toEqual(["rejected rejected #/properties/a b properties observed"]);
  });
});
