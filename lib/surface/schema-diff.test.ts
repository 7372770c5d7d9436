import { describe, expect, it } from "vitest";
import { z } from "zod";
import { orderChanges } from "./changes";
import { diffSchemas } from "./schema-diff";
import type { SchemaDirection } from "./schema-diff";
import { MAX_REF_DEPTH, resolveRefs } from "./schema-refs";

/*
 * Schemas as the SDKs write them (issue 24, review #7): pydantic (FastMCP, the Python SDK) writes
 * Optional[X] as anyOf [X, null] and a nested model as $ref into $defs; zod 4's z.toJSONSchema writes
 * a nullable object as anyOf, a discriminated union as oneOf and a recursive or reused one as $ref.
 */

const lines = (a: unknown, b: unknown, direction: SchemaDirection = "input") =>
  orderChanges(diffSchemas(a, b, "$", "Tool `t`", direction)).map((c) => `${c.kind} ${c.path}: ${c.message.replace("Tool `t`: ", "")}`);
const zod = (schema: z.ZodType) => z.toJSONSchema(schema);

/** What pydantic 2 writes for `def get_weather(city: str, unit: Literal[...] | None = None, loc: Loc | None = None)`. */
function pydantic(units: string[], loc: Record<string, unknown>, locRequired: string[]) {
  return {
    $defs: { Loc: { properties: loc, required: locRequired, title: "Loc", type: "object" } },
    properties: {
      city: { title: "City", type: "string" },
      unit: { anyOf: [{ enum: units, type: "string" }, { type: "null" }], default: null, title: "Unit" },
      loc: { anyOf: [{ $ref: "#/$defs/Loc" }, { type: "null" }], default: null },
    },
    required: ["city"],
    title: "get_weatherArguments",
    type: "object",
  };
}
const lat = { lat: { title: "Lat", type: "number" } };
const latLon = { ...lat, lon: { title: "Lon", type: "number" } };

describe("diffSchemas inside anyOf / oneOf / $ref (pydantic, zod)", () => {
  it("pydantic: a narrowed Literal inside Optional and a new required field of a $defs model are breaking", () => {
    expect(lines(pydantic(["c", "f", "k"], lat, ["lat"]), pydantic(["c", "f"], latLon, ["lat", "lon"]))).toEqual([
      "breaking $.properties.loc.anyOf[0].properties.lon: new required argument `loc.lon`: calls without it fail.",
      'breaking $.properties.unit.anyOf[0].enum: argument `unit` no longer takes "k".',
    ]);
    // The other way round: values and an optional field gained are not breaking.
    expect(lines(pydantic(["c"], lat, ["lat"]), pydantic(["c", "f"], latLon, ["lat"]))).toEqual([
      "addition $.properties.loc.anyOf[0].properties.lon: new optional argument `loc.lon`.",
      'change $.properties.unit.anyOf[0].enum: argument `unit` now also takes "f".',
    ]);
  });

  it("pydantic: Optional[str] made str refuses null; str made Optional[str] accepts it (an addition)", () => {
    const optional = { properties: { q: { anyOf: [{ type: "string" }, { type: "null" }], default: null, title: "Q" } }, type: "object" };
    const plain = { properties: { q: { title: "Q", type: "string" } }, type: "object" };
    expect(lines(optional, plain)).toEqual([
      "breaking $.properties.q.anyOf[1]: argument `q` no longer accepts null: calls that sent it fail.",
      "change $.properties.q.default: argument `q`: default null → nothing.",
    ]);
    expect(lines(plain, optional)).toEqual([
      "addition $.properties.q.anyOf[1]: argument `q` now also accepts null.",
      "change $.properties.q.default: argument `q`: default nothing → null.",
    ]);
    // Made free ({}): it accepts whatever it did.
    expect(lines(optional, { properties: { q: {} }, type: "object" }).filter((l) => l.startsWith("breaking"))).toEqual([]);
    // An output schema the other way round: a reader that never saw null breaks.
    expect(lines(plain, optional, "output")[0]).toBe(
      "breaking $.properties.q.anyOf[1]: output field `q` may now be null: readers that do not expect it break.",
    );
  });

  it("zod: a variant removed from a discriminated union and a field narrowed inside one are breaking, a new variant an addition", () => {
    const circle = z.object({ kind: z.literal("circle"), r: z.number() });
    const square = z.object({ kind: z.literal("square"), side: z.number() });
    const triangle = z.object({ kind: z.literal("triangle"), base: z.number() });
    const v1 = zod(z.object({ shape: z.discriminatedUnion("kind", [circle, square]) }));
    const v2 = zod(z.object({ shape: z.discriminatedUnion("kind", [square, circle.extend({ r: z.number().min(1) }), triangle]) }));
    expect(lines(v1, v2)).toEqual([
      "breaking $.properties.shape.oneOf[1].properties.r.minimum: argument `shape.r`: minimum nothing → 1.",
      "addition $.properties.shape.oneOf[2]: argument `shape` now also accepts an object with kind, base.",
    ]);
    const v3 = zod(z.object({ shape: z.discriminatedUnion("kind", [circle]) }));
    expect(lines(v1, v3)).toEqual([
      "breaking $.properties.shape.oneOf[1]: argument `shape` no longer accepts an object with kind, side: calls that sent it fail.",
    ]);
  });

  it("zod: a nullable object, a reused $ref and a recursive $ref are compared where they are used", () => {
    const loc = z.object({ lat: z.number() }).meta({ id: "Loc" });
    const loc2 = z.object({ lat: z.number(), lon: z.number() }).meta({ id: "Loc" });
    const v1 = z.toJSONSchema(z.object({ a: loc, b: loc.nullable() }), { reused: "ref" });
    const v2 = z.toJSONSchema(z.object({ a: loc2, b: loc2.nullable() }), { reused: "ref" });
    expect(v2).toHaveProperty("$defs.Loc");
    expect(lines(v1, v2)).toEqual([
      "breaking $.properties.a.properties.lon: new required argument `a.lon`: calls without it fail.",
      "breaking $.properties.b.anyOf[0].properties.lon: new required argument `b.lon`: calls without it fail.",
    ]);
    type Node = { name: string; children: Node[] };
    const node1: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node1) }));
    const node2: z.ZodType<Node & { tag?: string }> = z.lazy(() =>
      z.object({ name: z.string(), tag: z.string().optional(), children: z.array(node2) }),
    );
    const node3: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string().max(10), children: z.array(node3) }));
    const tree = (n: z.ZodType) => zod(z.object({ root: n }));
    expect(lines(tree(node1), tree(node2))).toEqual(["addition $.properties.root.properties.tag: new optional argument `root.tag`."]);
    expect(lines(tree(node1), tree(node3))).toEqual([
      "breaking $.properties.root.properties.name.maxLength: argument `root.name`: maxLength nothing → 10.",
    ]);
  });

  it("an input keyword it cannot prove compatible is breaking; dropped, or in an output, a change", () => {
    const base = { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } };
    const more = {
      ...base,
      not: { required: ["x"] },
      if: { required: ["a"] },
      then: { required: ["b"] },
      dependentRequired: { a: ["b"] },
      properties: { tags: { type: "array", prefixItems: [{ const: "first" }], items: { type: "string" } } },
    };
    expect(lines(base, more)).toEqual([
      'breaking $.dependentRequired: the arguments: dependentRequired nothing → {"a":["b"]} (could not prove compatible).',
      'breaking $.if: the arguments: if nothing → {"required":["a"]} (could not prove compatible).',
      'breaking $.not: the arguments: not nothing → {"required":["x"]} (could not prove compatible).',
      'breaking $.properties.tags.prefixItems: argument `tags`: prefixItems nothing → [{"const":"first"}] (could not prove compatible).',
      'breaking $.then: the arguments: then nothing → {"required":["b"]} (could not prove compatible).',
    ]);
    expect(lines(more, base).every((l) => l.startsWith("change "))).toBe(true);
    expect(lines(base, more, "output").every((l) => l.startsWith("change "))).toBe(true);
  });
});

describe("resolveRefs", () => {
  it("stops at a ref that names itself, past MAX_REF_DEPTH, and past its node budget, keeping the definitions", () => {
    const self = { type: "object", properties: { next: { $ref: "#" } } };
    expect(resolveRefs(self)).toEqual({ type: "object", properties: { next: { type: "object", properties: { next: { $ref: "#" } } } } });
    const chain = Object.fromEntries(
      Array.from({ length: MAX_REF_DEPTH + 5 }, (_, i) => [`D${i}`, { type: "object", properties: { x: { $ref: `#/$defs/D${i + 1}` } } }]),
    );
    expect(resolveRefs({ $ref: "#/$defs/D0", $defs: chain })).toHaveProperty("$defs");
    // Each level refers to the next twice: 2^40 nodes if copied whole.
    const fan = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `F${i}`,
        { properties: { a: { $ref: `#/$defs/F${i + 1}` }, b: { $ref: `#/$defs/F${i + 1}` } } },
      ]),
    );
    const started = performance.now();
    expect(resolveRefs({ $ref: "#/$defs/F0", $defs: fan })).toHaveProperty("$defs");
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
