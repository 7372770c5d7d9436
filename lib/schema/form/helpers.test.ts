import { describe, expect, it } from "vitest";
import { classifySchema } from "./classify";
import { newItemValue } from "./defaults";
import { valueFitsModel } from "./fits";
import { getAtPointer, joinPointer, parsePointer } from "./pointer";
import { validateValue } from "./validate";
import { matchVariant } from "./variants";

describe("pointers", () => {
  it("escapes ~ and / in tokens and walks values", () => {
    expect(joinPointer("/a", "b/c~d")).toBe("/a/b~1c~0d");
    expect(parsePointer("/a/b~1c~0d/0")).toEqual(["a", "b/c~d", "0"]);
    expect(getAtPointer({ a: { "b/c~d": [7] } }, "/a/b~1c~0d/0")).toBe(7);
    expect(getAtPointer({ a: [1] }, "/a/x")).toBeUndefined();
  });
});

describe("dialects", () => {
  it("uses the 2020-12 vocabulary when $schema says so or says nothing (MCP's default), draft-07 when declared", () => {
    const tuple = { type: "array", prefixItems: [{ type: "string" }], items: false };
    const tooMany = { ok: false, errors: [{ path: "", message: "must have at most 1 item" }] };
    expect(validateValue({ $schema: "https://json-schema.org/draft/2020-12/schema", ...tuple }, ["a", "b"])).toEqual(tooMany);
    expect(validateValue(tuple, ["a", "b"])).toEqual(tooMany);
    // draft-07 ignores prefixItems, and `items: false` then forbids every item.
    expect(validateValue({ $schema: "http://json-schema.org/draft-07/schema#", ...tuple }, ["a"])).toEqual({
      ok: false,
      errors: [{ path: "/0", message: "is not allowed" }],
    });
  });
});

describe("new items and value fit", () => {
  it("starts new items from defaults, else an empty value of the item's type", () => {
    const root = {
      $defs: {
        Edit: { type: "object", properties: { mode: { default: "replace" }, at: { type: "object", properties: {} } }, required: ["at"] },
      },
    };
    expect(newItemValue({ $ref: "#/$defs/Edit" }, root)).toEqual({ mode: "replace", at: {} });
    expect(newItemValue({ type: "string" }, {})).toBe("");
    expect(newItemValue({ type: "integer", minimum: 5 }, {})).toBe(5);
    expect(newItemValue({ type: "boolean" }, {})).toBe(false);
  });

  it("tells which values a field can hold without loss", () => {
    const select = classifySchema({ enum: ["a", 1] });
    expect(valueFitsModel(select, 1)).toBe(true);
    expect(valueFitsModel(select, "1")).toBe(false);
    expect(valueFitsModel(classifySchema({ type: ["number", "null"] }), null)).toBe(true);
    expect(valueFitsModel(classifySchema({ type: "number" }), "7")).toBe(false);
    expect(valueFitsModel(classifySchema({ type: "array", items: { enum: ["x"] } }), ["x", "y"])).toBe(false);
  });

  it("matches a half-filled value to the member whose discriminator it carries", () => {
    const schema = {
      oneOf: [
        { type: "object", properties: { kind: { const: "a" }, x: { type: "number" } }, required: ["kind", "x"] },
        { type: "object", properties: { kind: { const: "b" }, y: { type: "number" } }, required: ["kind", "y"] },
      ],
    };
    const model = classifySchema(schema);
    if (model.kind !== "variants") throw new Error(model.kind);
    expect(matchVariant(model.options, { kind: "b" }, schema)).toBe(1);
    expect(matchVariant(model.options, { kind: "c" }, schema)).toBe(-1);
    expect(matchVariant(model.options, undefined, schema)).toBe(-1);
  });
});
