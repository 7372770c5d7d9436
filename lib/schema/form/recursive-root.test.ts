import { describe, expect, it } from "vitest";
import { validateValue } from "./validate";

// What zod's toJSONSchema emits for a recursive type: the root refers to itself, no $id.
const tree = {
  type: "object",
  properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
  required: ["name"],
  additionalProperties: false,
};

describe('"$ref": "#" (recursive root)', () => {
  it("validates nested values against the root", () => {
    expect(validateValue(tree, { name: "a", children: [{ name: "b", children: [] }] })).toEqual({ ok: true });
    const bad = validateValue(tree, { name: "a", children: [{ name: 1 }] });
    expect(bad).toEqual({ ok: false, errors: [expect.objectContaining({ path: "/children/0/name" })] });
  });

  it("leaves a schema with its own $id alone", () => {
    expect(validateValue({ ...tree, $id: "urn:tree" }, { name: "a", children: [{ name: "b" }] })).toEqual({ ok: true });
  });
});
