import { mergeAllOf } from "./merge";
import { constValueOf } from "./options";
import { isPlainObject } from "./pointer";
import { asSchemaObject, resolveSchema } from "./resolve";
import type { JsonSchema, JsonSchemaObject } from "./types";

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function isObjectSchema(schema: JsonSchemaObject): boolean {
  return schema.type === "object" || (schema.type === undefined && ("properties" in schema || "required" in schema));
}

function nonNullMembers(schema: JsonSchemaObject, root: JsonSchemaObject): JsonSchema[] {
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  return members.filter((m) => {
    const { schema: s } = resolveSchema(asSchemaObject(m), root);
    return s.type !== "null";
  }) as JsonSchema[];
}

/**
 * `needed` means the value must exist (the top level, or a required property): only then is an
 * object built or a const filled in. `stack` holds the `$ref`s being expanded, so a required
 * recursive property stops at the first repeat instead of looping.
 */
function defaultFor(node: JsonSchema, root: JsonSchemaObject, needed: boolean, stack: readonly string[]): unknown {
  const resolved = resolveSchema(node, root);
  if (resolved.error !== undefined || resolved.refs.some((ref) => stack.includes(ref))) return undefined;
  const schema = mergeAllOf(resolved.schema, root) ?? resolved.schema;
  const nextStack = [...stack, ...resolved.refs];
  if ("default" in schema) return clone(schema.default);
  if (!needed) return undefined;
  const pinned = "const" in schema ? constValueOf(schema) : null;
  if (pinned !== null) return clone(pinned.value);
  if (isObjectSchema(schema)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const out: Record<string, unknown> = {};
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    for (const [name, prop] of Object.entries(props)) {
      const value = defaultFor(prop as JsonSchema, root, required.has(name), nextStack);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  // A required union of objects starts as its first object member (nullable or not).
  const members = nonNullMembers(schema, root);
  const first = members[0];
  if (first !== undefined) {
    const value = defaultFor(first, root, true, nextStack);
    return isPlainObject(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The starting value for a schema: `default`s applied (nested), required objects filled in,
 * optional fields left absent — an untouched optional field is never sent as `""` or `null`.
 * For a tool's `inputSchema` this is always an object.
 */
export function defaultValueForSchema(schema: unknown, root?: unknown): unknown {
  const rootObject = asSchemaObject(root ?? schema);
  return defaultFor(typeof schema === "boolean" ? schema : asSchemaObject(schema), rootObject, true, []);
}

/** `defaultValueForSchema` narrowed to an arguments object (what `tools/call` sends). */
export function defaultArgumentsForSchema(schema: unknown): Record<string, unknown> {
  const value = defaultValueForSchema(schema);
  return isPlainObject(value) ? value : {};
}

/** The first value of a newly added array item: its default, else an empty value of its type. */
export function newItemValue(items: JsonSchema, root: JsonSchemaObject): unknown {
  const value = defaultFor(items, root, true, []);
  if (value !== undefined) return value;
  const { schema } = resolveSchema(items, root);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string") return "";
  if (type === "boolean") return false;
  if (type === "number" || type === "integer") return typeof schema.minimum === "number" ? schema.minimum : 0;
  if (type === "array") return [];
  if (type === "null") return null;
  return {};
}

/**
 * The value to hold after the user picks another union member: that member's default, keeping
 * the properties the old value shares with it so switching back and forth loses little.
 */
export function valueForVariant(member: JsonSchema, previous: unknown, root: JsonSchemaObject): unknown {
  const fresh = newItemValue(member, root);
  if (!isPlainObject(fresh) || !isPlainObject(previous)) return fresh;
  const { schema } = resolveSchema(member, root);
  const flat = mergeAllOf(schema, root) ?? schema;
  const props = isPlainObject(flat.properties) ? flat.properties : {};
  const kept = Object.fromEntries(
    Object.entries(previous).filter(
      ([key]) => key in props && constValueOf(resolveSchema(asSchemaObject(props[key]), root).schema) === null,
    ),
  );
  return { ...fresh, ...kept };
}
