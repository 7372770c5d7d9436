import { mergeAllOf } from "./merge";
import { constUnionOptions, constValueOf, enumOptions, itemOptions } from "./options";
import { isPlainObject, withoutKey } from "./pointer";
import { asSchemaObject, resolveSchema } from "./resolve";
import { variantLabels } from "./variants";
import type { FieldModel, JsonSchema, JsonSchemaObject, ObjectProperty } from "./types";

const ANNOTATION_KEYS = ["title", "description", "default"] as const;
/** Wrappers (nullable around a `$ref` around a nullable…) deeper than this are shown as JSON. */
const MAX_WRAP_DEPTH = 16;

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function common(schema: JsonSchemaObject) {
  return {
    schema,
    ...(typeof schema.title === "string" ? { title: schema.title } : {}),
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    ...("default" in schema ? { defaultValue: schema.default } : {}),
  };
}

function annotationsOf(schema: JsonSchemaObject): JsonSchemaObject {
  const out: Record<string, unknown> = {};
  for (const key of ANNOTATION_KEYS) if (key in schema) out[key] = schema[key];
  return out;
}

function isNullSchema(member: unknown, root: JsonSchemaObject): boolean {
  const { schema } = resolveSchema(asSchemaObject(member), root);
  return schema.type === "null" || ("const" in schema && schema.const === null);
}

/** The non-null part of a nullable node, or `null` when the node is not nullable. */
function nullableInner(schema: JsonSchemaObject, root: JsonSchemaObject): JsonSchemaObject | null {
  if (schema.nullable === true) {
    return withoutKey(schema, "nullable");
  }
  if (Array.isArray(schema.type) && schema.type.includes("null") && schema.type.length > 1) {
    const rest = schema.type.filter((t) => t !== "null");
    return { ...schema, type: rest.length === 1 ? rest[0] : rest };
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const members = schema[keyword];
    if (!Array.isArray(members)) continue;
    const rest = members.filter((m) => !isNullSchema(m, root));
    if (rest.length === members.length || rest.length === 0) continue;
    const outer = withoutKey(schema, keyword);
    if (rest.length === 1) return { ...outer, ...asSchemaObject(rest[0]), ...annotationsOf(outer) };
    return { ...outer, [keyword]: rest };
  }
  return null;
}

function objectModel(schema: JsonSchemaObject): FieldModel {
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : []);
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  const properties: ObjectProperty[] = Object.entries(props).map(([name, prop]) => ({
    name,
    schema: typeof prop === "boolean" ? prop : asSchemaObject(prop),
    required: required.has(name),
  }));
  const extra = schema.additionalProperties;
  const additional = extra === true ? {} : isPlainObject(extra) ? extra : false;
  return { kind: "object", ...common(schema), properties, additional };
}

function arrayModel(schema: JsonSchemaObject, root: JsonSchemaObject): FieldModel {
  const bounds = {
    ...(num(schema.minItems) !== undefined ? { minItems: num(schema.minItems) } : {}),
    ...(num(schema.maxItems) !== undefined ? { maxItems: num(schema.maxItems) } : {}),
  };
  if (Array.isArray(schema.items) || "prefixItems" in schema) {
    return { kind: "json", ...common(schema), reason: "tuple arrays are edited as JSON" };
  }
  const items: JsonSchema = typeof schema.items === "boolean" ? schema.items : asSchemaObject(schema.items);
  const options = itemOptions(items, root);
  if (options !== null) return { kind: "multi-select", ...common(schema), options, ...bounds };
  return { kind: "array", ...common(schema), items, ...bounds };
}

function byType(schema: JsonSchemaObject, type: unknown, root: JsonSchemaObject): FieldModel {
  switch (type) {
    case "string": {
      const format = typeof schema.format === "string" ? schema.format : undefined;
      const pattern = typeof schema.pattern === "string" ? schema.pattern : undefined;
      const minLength = num(schema.minLength);
      const maxLength = num(schema.maxLength);
      return {
        kind: "string",
        ...common(schema),
        ...(format !== undefined ? { format } : {}),
        ...(pattern !== undefined ? { pattern } : {}),
        ...(minLength !== undefined ? { minLength } : {}),
        ...(maxLength !== undefined ? { maxLength } : {}),
        multiline: format === undefined && pattern === undefined,
      };
    }
    case "number":
    case "integer": {
      // Draft-04 spelled exclusive bounds as booleans beside minimum/maximum.
      const exMin = schema.exclusiveMinimum === true ? num(schema.minimum) : num(schema.exclusiveMinimum);
      const exMax = schema.exclusiveMaximum === true ? num(schema.maximum) : num(schema.exclusiveMaximum);
      const bounds: Record<string, number | undefined> = {
        minimum: schema.exclusiveMinimum === true ? undefined : num(schema.minimum),
        maximum: schema.exclusiveMaximum === true ? undefined : num(schema.maximum),
        exclusiveMinimum: exMin,
        exclusiveMaximum: exMax,
        multipleOf: num(schema.multipleOf),
      };
      const defined = Object.fromEntries(Object.entries(bounds).filter(([, v]) => v !== undefined));
      return { kind: "number", ...common(schema), integer: type === "integer", ...defined };
    }
    case "boolean":
      return { kind: "boolean", ...common(schema) };
    case "null":
      return { kind: "const", ...common(schema), value: null };
    case "array":
      return arrayModel(schema, root);
    case "object":
      return objectModel(schema);
    default:
      return { kind: "json", ...common(schema), reason: `unknown type ${JSON.stringify(type)}` };
  }
}

function inferType(schema: JsonSchemaObject): string | undefined {
  if ("properties" in schema || "additionalProperties" in schema || "required" in schema) return "object";
  if ("items" in schema || "prefixItems" in schema) return "array";
  if ("minLength" in schema || "maxLength" in schema || "pattern" in schema || "format" in schema) return "string";
  if ("minimum" in schema || "maximum" in schema || "multipleOf" in schema) return "number";
  return undefined;
}

/**
 * Classifies one schema node into the field the form shows for it. Shallow by design: object
 * properties, array items and variant members are returned raw and classified when rendered.
 * `root` is the document `$ref`s point into (the tool's whole `inputSchema`).
 */
export function classifySchema(schema: unknown, root?: unknown, depth = 0): FieldModel {
  const rootObject = asSchemaObject(root ?? schema);
  if (schema === false) return { kind: "json", schema: { not: {} }, reason: "this schema allows no value" };
  const resolved = resolveSchema(asSchemaObject(schema), rootObject);
  if (resolved.error !== undefined) return { kind: "json", ...common(resolved.schema), reason: resolved.error };
  const merged = mergeAllOf(resolved.schema, rootObject);
  if (merged === null) return { kind: "json", ...common(resolved.schema), reason: "allOf is not a simple merge" };
  if (depth > MAX_WRAP_DEPTH) return { kind: "json", ...common(merged), reason: "schema nests too deeply" };

  const pinned = "const" in merged ? constValueOf(merged) : null;
  if (pinned !== null) return { kind: "const", ...common(merged), value: pinned.value };

  const inner = nullableInner(merged, rootObject);
  if (inner !== null) return { kind: "nullable", ...common(merged), inner: classifySchema(inner, rootObject, depth + 1) };

  const options = enumOptions(merged) ?? constUnionOptions(merged.oneOf, rootObject) ?? constUnionOptions(merged.anyOf, rootObject);
  if (options !== null) return { kind: "select", ...common(merged), options };

  for (const keyword of ["oneOf", "anyOf"] as const) {
    const members = merged[keyword];
    if (!Array.isArray(members) || members.length === 0) continue;
    const outer = withoutKey(merged, keyword);
    // Keywords beside the union (e.g. `type: "object"`) apply to every member.
    const shared = Object.fromEntries(Object.entries(outer).filter(([k]) => !ANNOTATION_KEYS.includes(k as never)));
    const schemas: JsonSchema[] = members.map((m) =>
      Object.keys(shared).length === 0 && typeof m === "boolean" ? m : { ...shared, ...asSchemaObject(m) },
    );
    const labels = variantLabels(schemas, rootObject);
    return {
      kind: "variants",
      ...common(merged),
      keyword,
      options: schemas.map((s, i) => ({ label: labels[i] ?? `Option ${i + 1}`, schema: s })),
    };
  }

  if (Array.isArray(merged.type)) {
    const types = merged.type.filter((t): t is string => typeof t === "string");
    if (types.length === 1) return byType(merged, types[0], rootObject);
    return {
      kind: "variants",
      ...common(merged),
      keyword: "type",
      options: types.map((type) => ({ label: type, schema: { ...merged, type } })),
    };
  }
  const type = merged.type ?? inferType(merged);
  if (type === undefined) return { kind: "json", ...common(merged), reason: "the schema allows any JSON value" };
  return byType(merged, type, rootObject);
}
