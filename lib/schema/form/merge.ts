import { isPlainObject } from "./pointer";
import { resolveSchema } from "./resolve";
import type { JsonSchema, JsonSchemaObject } from "./types";

/** Keywords that describe a node without constraining its shape. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
  "$comment",
  "$schema",
  "$id",
  "$defs",
  "definitions",
]);

/** Keywords that make an `allOf` member more than a bag of object properties. */
const NOT_SIMPLE = ["anyOf", "oneOf", "not", "if", "then", "else", "enum", "const", "items", "prefixItems"];

function isAnnotationOnly(schema: JsonSchemaObject): boolean {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

function isObjectLike(schema: JsonSchemaObject): boolean {
  if (schema.type !== undefined && schema.type !== "object") return false;
  return !NOT_SIMPLE.some((key) => key in schema) && !("allOf" in schema);
}

function mergeObjects(parts: JsonSchemaObject[]): JsonSchemaObject {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const merged: Record<string, unknown> = { type: "object" };
  let additional: unknown = undefined;
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (ANNOTATIONS.has(key) && !(key in merged)) merged[key] = value;
    }
    if (isPlainObject(part.properties)) {
      for (const [name, prop] of Object.entries(part.properties)) {
        const existing = properties[name];
        const next = prop as JsonSchema;
        // The same property constrained twice must satisfy both.
        properties[name] = existing === undefined ? next : { allOf: [existing, next] };
      }
    }
    if (Array.isArray(part.required)) {
      for (const name of part.required) if (typeof name === "string") required.add(name);
    }
    if (part.additionalProperties === false) additional = false;
    else if (additional === undefined && part.additionalProperties !== undefined) {
      additional = part.additionalProperties;
    }
  }
  merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (additional !== undefined) merged.additionalProperties = additional;
  return merged;
}

/**
 * Flattens `allOf` when it is a plain merge: annotation-only wrappers (`allOf:[{$ref}]` with a
 * description beside it, as Pydantic emits) or objects whose properties can be unioned.
 * Returns `null` when the combination cannot be shown as one form (conditionals, mixed types).
 */
export function mergeAllOf(schema: JsonSchemaObject, root: JsonSchemaObject, depth = 0): JsonSchemaObject | null {
  const { allOf, ...rest } = schema;
  if (!Array.isArray(allOf)) return schema;
  if (depth > 16) return null;
  const parts: JsonSchemaObject[] = [rest];
  for (const member of allOf) {
    const resolved = resolveSchema(member as JsonSchema, root);
    if (resolved.error !== undefined) return null;
    const flat = mergeAllOf(resolved.schema, root, depth + 1);
    if (flat === null) return null;
    parts.push(flat);
  }
  const shaped = parts.filter((part) => !isAnnotationOnly(part));
  if (shaped.length <= 1) {
    // Annotations from the outer node win (they describe this field), the shape comes from the member.
    const annotations = parts.filter(isAnnotationOnly);
    return Object.assign({}, shaped[0] ?? {}, ...annotations.reverse()) as JsonSchemaObject;
  }
  return shaped.every(isObjectLike) ? mergeObjects(parts) : null;
}
