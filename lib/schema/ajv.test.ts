import { describe, expect, it } from "vitest";
import { compileSchema, DEFAULT_DIALECT, dialectOf } from "./ajv";
import { validateValue } from "./form/validate";
import { validateStructured } from "@/lib/tool-result/validate";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

describe("the one Ajv engine: its dialect rule", () => {
  it("reads 2020-12 when $schema is absent (MCP SEP-1613), and honours a declared dialect", () => {
    expect(DEFAULT_DIALECT).toBe("2020-12");
    expect(dialectOf({ type: "object" })).toEqual({ dialect: "2020-12", declared: false, unknownUri: false });
    expect(dialectOf({ $schema: DRAFT_07 })).toEqual({ dialect: "draft-07", declared: true, unknownUri: false });
    expect(dialectOf({ $schema: "http://json-schema.org/draft-04/schema#" }).dialect).toBe("draft-07");
    expect(dialectOf({ $schema: "https://json-schema.org/draft/2019-09/schema" }).dialect).toBe("2019-09");
    expect(dialectOf({ $schema: DRAFT_2020 }).dialect).toBe("2020-12");
    expect(dialectOf({ $schema: "https://example.com/custom" })).toEqual({ dialect: "2020-12", declared: false, unknownUri: true });
  });

  it("compiles a schema without $schema as 2020-12: prefixItems is honoured", () => {
    const tuple = compileSchema({ type: "array", prefixItems: [{ type: "number" }, { type: "string" }], items: false });
    expect(tuple([1, "a"])).toBe(true);
    expect(tuple(["a", 1])).toBe(false);
    expect(tuple([1, "a", true])).toBe(false); // `items: false` after prefixItems: no more items (2020-12 only)
  });

  it("keeps draft-07 semantics when the schema declares draft-07", () => {
    // draft-07 has no prefixItems: it is an unknown keyword there and constrains nothing.
    const ignored = compileSchema({ $schema: DRAFT_07, type: "array", prefixItems: [{ type: "number" }] });
    expect(ignored(["a"])).toBe(true);
    // draft-07 tuples are `items: [...]` with additionalItems.
    const tuple = compileSchema({ $schema: DRAFT_07, type: "array", items: [{ type: "number" }], additionalItems: false });
    expect(tuple([1])).toBe(true);
    expect(tuple(["a"])).toBe(false);
    expect(tuple([1, 2])).toBe(false);
  });

  it("a schema declaring nothing that only compiles as draft-07 (tuple items) still validates", () => {
    const tuple = compileSchema({ type: "array", items: [{ type: "number" }] });
    expect(tuple([1])).toBe(true);
    expect(tuple(["a"])).toBe(false);
  });

  it("validates an unknown $schema URI under the default instead of failing to compile", () => {
    const odd = compileSchema({ $schema: "https://example.com/custom", type: "array", prefixItems: [{ type: "number" }] });
    expect(odd(["x"])).toBe(false);
  });
});

describe("every validator goes through it", () => {
  const noDialect = { type: "object", properties: { point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }] } } };

  it("tool input forms, elicitation and inbox answers (validateValue) read 2020-12 by default", () => {
    expect(validateValue(noDialect, { point: [1, 2] })).toEqual({ ok: true });
    const bad = validateValue(noDialect, { point: [1, "two"] });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors.map((e) => e.path)).toEqual(["/point/1"]);
    expect(validateValue({ ...noDialect, $schema: DRAFT_07 }, { point: [1, "two"] })).toEqual({ ok: true });
  });

  it("the structuredContent check against outputSchema reads 2020-12 by default", () => {
    expect(validateStructured(noDialect, { point: [1, 2] }).kind).toBe("valid");
    const finding = validateStructured(noDialect, { point: [1, "two"] });
    expect(finding).toMatchObject({ kind: "invalid", errors: [{ path: "/point/1", keyword: "type" }] });
    expect(validateStructured({ ...noDialect, $schema: DRAFT_07 }, { point: [1, "two"] }).kind).toBe("valid");
  });
});
