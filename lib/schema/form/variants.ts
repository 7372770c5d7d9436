import { mergeAllOf } from "./merge";
import { constValueOf, formatOptionValue } from "./options";
import { isPlainObject } from "./pointer";
import { asSchemaObject, resolveSchema } from "./resolve";
import type { JsonSchema, JsonSchemaObject, VariantOption } from "./types";

function flatten(schema: JsonSchema, root: JsonSchemaObject): JsonSchemaObject {
  const { schema: resolved } = resolveSchema(schema, root);
  return mergeAllOf(resolved, root) ?? resolved;
}

function propertiesOf(schema: JsonSchemaObject): Record<string, unknown> {
  return isPlainObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: JsonSchemaObject): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
}

/** Properties pinned to one value in a member (`kind: {const: "circle"}`), resolved. */
function pinnedProperties(schema: JsonSchemaObject, root: JsonSchemaObject): Map<string, unknown> {
  const pinned = new Map<string, unknown>();
  for (const [name, prop] of Object.entries(propertiesOf(schema))) {
    const value = constValueOf(resolveSchema(asSchemaObject(prop), root).schema);
    if (value !== null) pinned.set(name, value.value);
  }
  return pinned;
}

function typeLabel(schema: JsonSchemaObject): string | undefined {
  if (typeof schema.type === "string") return schema.type;
  if ("properties" in schema) return "object";
  return undefined;
}

/**
 * Names each member of a union: its title; else the value of a property every member pins with
 * `const` (a discriminator); else the required properties only it has; else its type when the
 * types differ; else "Option N".
 */
export function variantLabels(members: JsonSchema[], root: JsonSchemaObject): string[] {
  const flat = members.map((m) => flatten(m, root));
  const pins = flat.map((m) => pinnedProperties(m, root));
  const discriminator = [...(pins[0]?.keys() ?? [])].find((name) => pins.every((p) => p.has(name)));
  const types = flat.map(typeLabel);
  const typesDistinct = new Set(types).size === types.length && types.every((t) => t !== undefined);
  const labels = flat.map((member, index) => {
    if (typeof member.title === "string" && member.title !== "") return member.title;
    if (discriminator !== undefined) return formatOptionValue(pins[index]?.get(discriminator));
    const own = requiredOf(member).filter((name) => flat.every((other, j) => j === index || !requiredOf(other).includes(name)));
    if (own.length > 0) return `with ${own.join(", ")}`;
    if (typesDistinct) return types[index] ?? `Option ${index + 1}`;
    return `Option ${index + 1}`;
  });
  // Two identical labels would make the picker ambiguous.
  return labels.map((label, index) =>
    labels.indexOf(label) === index && labels.lastIndexOf(label) === index ? label : `${label} (${index + 1})`,
  );
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

function typeAccepts(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  const actual = jsonType(value);
  return types.some((t) => t === actual || (t === "integer" && Number.isInteger(value)));
}

/**
 * A shallow, forgiving match: type, pinned values, closed objects and — unless `partial`, for a
 * value the user is still filling in — required keys.
 */
export function variantAccepts(schema: JsonSchema, value: unknown, root: JsonSchemaObject, partial = false): boolean {
  const member = flatten(schema, root);
  const pinned = constValueOf(member);
  if (pinned !== null) return JSON.stringify(pinned.value) === JSON.stringify(value);
  if (Array.isArray(member.enum)) return member.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(value));
  const type = member.type ?? ("properties" in member ? "object" : undefined);
  if (!typeAccepts(type, value)) return false;
  if (!isPlainObject(value)) return true;
  if (!partial && !requiredOf(member).every((name) => name in value)) return false;
  for (const [name, pin] of pinnedProperties(member, root)) {
    if (name in value && JSON.stringify(value[name]) !== JSON.stringify(pin)) return false;
  }
  if (member.additionalProperties === false) {
    const known = propertiesOf(member);
    if (Object.keys(value).some((key) => !(key in known))) return false;
  }
  return true;
}

/**
 * Index of the first option the value fits — complete matches first, then ones that only lack
 * required keys — or -1 (an absent value matches nothing).
 */
export function matchVariant(options: VariantOption[], value: unknown, root: JsonSchemaObject): number {
  if (value === undefined) return -1;
  const full = options.findIndex((option) => variantAccepts(option.schema, value, root));
  return full >= 0 ? full : options.findIndex((option) => variantAccepts(option.schema, value, root, true));
}
