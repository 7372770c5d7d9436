import { isPlainObject } from "./pointer";
import type { FieldModel } from "./types";

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a field of this model can show the value without dropping any of it. When it cannot
 * (a string where the schema wants a number, an enum value the schema lacks), the form edits it
 * as JSON instead, so data typed in JSON mode or sent by a server survives a trip through Form.
 */
export function valueFitsModel(model: FieldModel, value: unknown): boolean {
  if (value === undefined) return true;
  switch (model.kind) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "select":
      return model.options.some((o) => same(o.value, value));
    case "multi-select":
      return Array.isArray(value) && value.every((v) => model.options.some((o) => same(o.value, v)));
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    case "nullable":
      return value === null || valueFitsModel(model.inner, value);
    case "const":
      return same(model.value, value);
    case "variants":
    case "json":
      return true;
  }
}
