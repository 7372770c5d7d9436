import { describe, expect, it } from "vitest";
import { classifySchema } from "./classify";
import { defaultValueForSchema, valueForVariant } from "./defaults";
import type { FieldModel, JsonSchemaObject } from "./types";
import { validateValue } from "./validate";
import { matchVariant } from "./variants";

function kindOf(model: FieldModel): string {
  if (model.kind === "nullable") return `nullable(${kindOf(model.inner)})`;
  return model.kind;
}

const refSchema: JsonSchemaObject = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: {
    Point: { type: "object", title: "Point", properties: { x: { type: "integer" }, y: { type: "integer" } }, required: ["x", "y"] },
  },
  definitions: { Color: { type: "string", enum: ["red", "green"] } },
  properties: {
    origin: { $ref: "#/$defs/Point", description: "Where it starts" },
    color: { $ref: "#/definitions/Color" },
    deep: { $ref: "#/properties/color" },
    missing: { $ref: "#/$defs/Nope" },
    remote: { $ref: "https://example.com/schema.json" },
  },
  required: ["origin"],
};

const tree: JsonSchemaObject = {
  type: "object",
  $defs: {
    Node: {
      type: "object",
      properties: {
        label: { type: "string" },
        children: { type: "array", items: { $ref: "#/$defs/Node" } },
        parent: { $ref: "#/$defs/Node" },
      },
      required: ["label"],
    },
    Loop: { type: "object", properties: { next: { $ref: "#/$defs/Loop" } }, required: ["next"] },
  },
  properties: { root: { $ref: "#/$defs/Node" }, loop: { $ref: "#/$defs/Loop" } },
  required: ["root", "loop"],
};

describe("$ref resolution", () => {
  it("follows $defs, definitions and any JSON pointer; siblings of $ref win", () => {
    const origin = classifySchema({ $ref: "#/$defs/Point", description: "Where it starts" }, refSchema);
    expect(origin).toMatchObject({ kind: "object", title: "Point", description: "Where it starts" });
    expect(classifySchema({ $ref: "#/definitions/Color" }, refSchema)).toMatchObject({
      kind: "select",
      options: [{ value: "red" }, { value: "green" }],
    });
    expect(classifySchema({ $ref: "#/properties/color" }, refSchema)).toMatchObject({ kind: "select" });
  });

  it("shows unresolvable refs as JSON instead of failing", () => {
    expect(classifySchema({ $ref: "#/$defs/Nope" }, refSchema)).toMatchObject({ kind: "json", reason: "cannot resolve $ref #/$defs/Nope" });
    expect(classifySchema({ $ref: "https://example.com/schema.json" }, refSchema)).toMatchObject({ kind: "json" });
    const selfLoop = { $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } };
    expect(classifySchema({ $ref: "#/$defs/A" }, selfLoop)).toMatchObject({
      kind: "json",
      reason: "$ref cycle without content at #/$defs/A",
    });
  });

  it("validates with Ajv2020 when the schema says 2020-12, with pointers into nested refs", () => {
    expect(defaultValueForSchema(refSchema)).toEqual({ origin: {} });
    expect(validateValue(refSchema, { origin: { x: 1.5 } })).toEqual({
      ok: false,
      errors: [
        { path: "/origin/y", message: "is required" },
        { path: "/origin/x", message: "must be a whole number" },
      ],
    });
  });
});

describe("recursive schemas", () => {
  it("classifies one level at a time, so every expansion is finite", () => {
    let node = classifySchema({ $ref: "#/$defs/Node" }, tree);
    for (let depth = 0; depth < 50; depth += 1) {
      if (node.kind !== "object") throw new Error("expected object");
      const parent = node.properties.find((p) => p.name === "parent");
      expect(parent?.schema).toEqual({ $ref: "#/$defs/Node" });
      node = classifySchema(parent?.schema, tree);
    }
    const children = classifySchema({ type: "array", items: { $ref: "#/$defs/Node" } }, tree);
    expect(children).toMatchObject({ kind: "array", items: { $ref: "#/$defs/Node" } });
  });

  it("fills required recursive objects once, then stops", () => {
    expect(defaultValueForSchema(tree)).toEqual({ root: {}, loop: {} });
  });

  it("validates deep values", () => {
    const value = { root: { label: "a", children: [{ label: "b", children: [{ children: [] }] }] }, loop: { next: { next: {} } } };
    expect(validateValue(tree, value)).toEqual({
      ok: false,
      errors: [
        { path: "/root/children/0/children/0/label", message: "is required" },
        { path: "/loop/next/next/next", message: "is required" },
      ],
    });
  });
});

describe("unions", () => {
  const shapes: JsonSchemaObject = {
    anyOf: [
      { type: "object", properties: { kind: { const: "circle" }, radius: { type: "number" } }, required: ["kind", "radius"] },
      { type: "object", properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind", "side"] },
    ],
  };

  it("anyOf of two objects is a variant picker labelled by the discriminator", () => {
    const model = classifySchema(shapes);
    expect(model).toMatchObject({ kind: "variants", keyword: "anyOf" });
    if (model.kind !== "variants") return;
    expect(model.options.map((o) => o.label)).toEqual(["circle", "square"]);
    expect(matchVariant(model.options, { kind: "square", side: 2 }, shapes)).toBe(1);
    expect(matchVariant(model.options, { kind: "circle", radius: 2 }, shapes)).toBe(0);
    expect(matchVariant(model.options, "nope", shapes)).toBe(-1);
    const square = model.options[1]?.schema ?? {};
    expect(valueForVariant(square, { kind: "circle", radius: 2 }, shapes)).toEqual({ kind: "square" });
  });

  it("labels from title, unique required properties, type, then Option N", () => {
    const labels = (schema: JsonSchemaObject) => {
      const m = classifySchema(schema);
      return m.kind === "variants" ? m.options.map((o) => o.label) : m.kind;
    };
    expect(
      labels({
        oneOf: [
          { title: "By id", type: "object", properties: { id: { type: "string" } } },
          { type: "object", properties: { q: { type: "string" } } },
        ],
      }),
    ).toEqual(["By id", "Option 2"]);
    expect(
      labels({
        oneOf: [
          { type: "object", required: ["id"] },
          { type: "object", required: ["query", "limit"] },
        ],
      }),
    ).toEqual(["with id", "with query, limit"]);
    expect(labels({ anyOf: [{ type: "string" }, { type: "number" }, { type: "array", items: { type: "string" } }] })).toEqual([
      "string",
      "number",
      "array",
    ]);
    expect(labels({ type: ["string", "integer"] })).toEqual(["string", "integer"]);
  });

  it("oneOf consts with titles is a select; validation names the allowed values", () => {
    const schema = {
      type: "object",
      properties: {
        level: {
          oneOf: [
            { const: 1, title: "Low" },
            { const: 2, title: "High" },
          ],
        },
      },
    };
    expect(classifySchema(schema.properties.level)).toMatchObject({
      kind: "select",
      options: [
        { value: 1, label: "Low" },
        { value: 2, label: "High" },
      ],
    });
    expect(validateValue(schema, { level: 3 })).toEqual({ ok: false, errors: [{ path: "/level", message: "must be one of 1, 2" }] });
  });
});

describe("nullable, allOf, const and fallbacks", () => {
  it("collapses all three nullable spellings to X plus null", () => {
    const spellings = [
      { type: ["string", "null"], title: "Note" },
      { anyOf: [{ type: "string" }, { type: "null" }], title: "Note" },
      { type: "string", nullable: true, title: "Note" },
    ];
    for (const schema of spellings) {
      const model = classifySchema(schema);
      expect(model).toMatchObject({ kind: "nullable", title: "Note", inner: { kind: "string", title: "Note" } });
    }
    expect(
      kindOf(classifySchema({ anyOf: [{ $ref: "#/$defs/P" }, { type: "null" }], $defs: { P: { type: "object", properties: {} } } })),
    ).toBe("nullable(object)");
    expect(kindOf(classifySchema({ anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] }))).toBe("nullable(variants)");
  });

  it("validation of a failing nullable names the inner rule, not the union", () => {
    const schema = { type: "object", properties: { note: { anyOf: [{ type: "string", minLength: 3 }, { type: "null" }] } } };
    expect(validateValue(schema, { note: null })).toEqual({ ok: true });
    expect(validateValue(schema, { note: "ab" })).toEqual({
      ok: false,
      errors: [{ path: "/note", message: "must be at least 3 characters" }],
    });
    expect(validateValue(schema, { note: 5 })).toEqual({
      ok: false,
      errors: [{ path: "/note", message: "must match one of the allowed shapes" }],
    });
  });

  it("merges allOf of objects, keeps outer annotations, refuses non-simple merges", () => {
    const schema = {
      $defs: { Base: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
      allOf: [{ $ref: "#/$defs/Base" }, { properties: { tags: { type: "array", items: { type: "string" } } }, required: ["tags"] }],
      title: "Merged",
    };
    const model = classifySchema(schema);
    expect(model).toMatchObject({ kind: "object", title: "Merged" });
    if (model.kind === "object") expect(model.properties.map((p) => `${p.name}${p.required ? "*" : ""}`)).toEqual(["id*", "tags*"]);
    expect(classifySchema({ allOf: [{ type: "string" }], description: "wrapped" })).toMatchObject({
      kind: "string",
      description: "wrapped",
    });
    expect(classifySchema({ allOf: [{ type: "string" }, { type: "number" }] })).toMatchObject({
      kind: "json",
      reason: "allOf is not a simple merge",
    });
  });

  it("const, additionalProperties and JSON fallbacks", () => {
    expect(classifySchema({ const: "v1" })).toMatchObject({ kind: "const", value: "v1" });
    expect(classifySchema({ type: "object", additionalProperties: { type: "number" } })).toMatchObject({
      kind: "object",
      properties: [],
      additional: { type: "number" },
    });
    expect(classifySchema({ type: "object", additionalProperties: true })).toMatchObject({ additional: {} });
    expect(classifySchema({ type: "object", properties: {} })).toMatchObject({ additional: false });
    expect(classifySchema({})).toMatchObject({ kind: "json", reason: "the schema allows any JSON value" });
    expect(classifySchema({ type: "array", prefixItems: [{ type: "string" }] })).toMatchObject({ kind: "json" });
    expect(classifySchema({ type: "integer", minimum: 0, exclusiveMaximum: 10, multipleOf: 2 })).toMatchObject({
      kind: "number",
      integer: true,
      minimum: 0,
      exclusiveMaximum: 10,
      multipleOf: 2,
    });
  });

  it("validates draft-04 style schemas without choking on the $schema URI", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-04/schema#",
      type: "object",
      properties: { n: { type: "number", multipleOf: 5 } },
    };
    expect(validateValue(schema, { n: 7 })).toEqual({ ok: false, errors: [{ path: "/n", message: "must be a multiple of 5" }] });
  });
});
