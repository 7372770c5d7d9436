import { isPlainObject } from "./pointer";
import { resolveSchema } from "./resolve";
import type { JsonSchema, JsonSchemaObject, SelectOption } from "./types";

/** A readable label for an enum/const value that has no title. */
export function formatOptionValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `enum` options, labelled by the legacy `enumNames` when it lines up with `enum`. */
export function enumOptions(schema: JsonSchemaObject): SelectOption[] | null {
  if (!Array.isArray(schema.enum)) return null;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  const useNames = names.length === schema.enum.length && names.every((n) => typeof n === "string");
  return schema.enum.map((value: unknown, index: number) => ({
    value,
    label: useNames ? String(names[index]) : formatOptionValue(value),
  }));
}

/** The single value a schema allows (`const`, or a one-value `enum`), if it pins one. */
export function constValueOf(schema: JsonSchemaObject): { value: unknown } | null {
  if ("const" in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return { value: schema.enum[0] };
  return null;
}

/** `oneOf`/`anyOf` whose members all pin one value (`{const, title}`) → select options. */
export function constUnionOptions(members: unknown, root: JsonSchemaObject): SelectOption[] | null {
  if (!Array.isArray(members) || members.length === 0) return null;
  const options: SelectOption[] = [];
  for (const member of members) {
    const resolved = resolveSchema(member as JsonSchema, root);
    if (resolved.error !== undefined) return null;
    const pinned = constValueOf(resolved.schema);
    if (pinned === null) return null;
    const { title, description } = resolved.schema;
    options.push({
      value: pinned.value,
      label: typeof title === "string" ? title : formatOptionValue(pinned.value),
      ...(typeof description === "string" ? { description } : {}),
    });
  }
  return options;
}

/** Options of a multi-select's `items`: an enum, or a union of consts. */
export function itemOptions(items: unknown, root: JsonSchemaObject): SelectOption[] | null {
  if (!isPlainObject(items) && typeof items !== "boolean") return null;
  const resolved = resolveSchema(items, root);
  if (resolved.error !== undefined) return null;
  return enumOptions(resolved.schema) ?? constUnionOptions(resolved.schema.anyOf, root) ?? constUnionOptions(resolved.schema.oneOf, root);
}
