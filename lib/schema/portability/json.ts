// Small JSON Schema helpers shared by the provider modules.
import type { Finding, JsonObject, Severity } from "@/lib/schema/portability/types";
import { SEVERITY_RANK } from "@/lib/schema/portability/types";
import { isRecord } from "@/lib/values";

/** The portability modules' name for lib/values' isRecord (JsonObject is the same Record). */
export const isObject: (value: unknown) => value is JsonObject = isRecord;

/** RFC 6901 escaping of one pointer segment. */
export function pointer(base: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>((p, s) => `${p}/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`, base);
}

// Keywords whose value is a map of subschemas, a single subschema, or a list of subschemas.
const MAP_KEYS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const ONE_KEYS = new Set([
  "items",
  "additionalProperties",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "additionalItems",
  "unevaluatedItems",
  "unevaluatedProperties",
]);
const LIST_KEYS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

/** A copy of `node` with every direct subschema replaced by `fn(child, childPath)`. */
export function mapChildren(node: JsonObject, path: string, fn: (child: JsonObject, path: string) => unknown): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (MAP_KEYS.has(key) && isObject(value)) {
      const map: JsonObject = {};
      for (const [name, child] of Object.entries(value)) map[name] = isObject(child) ? fn(child, pointer(path, key, name)) : child;
      out[key] = map;
    } else if (ONE_KEYS.has(key) && isObject(value)) {
      out[key] = fn(value, pointer(path, key));
    } else if ((LIST_KEYS.has(key) || key === "items") && Array.isArray(value)) {
      out[key] = value.map((child, i) => (isObject(child) ? fn(child, pointer(path, key, i)) : child));
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Pre-order rewrite: `rule` rewrites a node, then its remaining children are walked. */
export function walkSchema(node: JsonObject, path: string, rule: (node: JsonObject, path: string) => JsonObject): JsonObject {
  return mapChildren(rule(node, path), path, (child, p) => walkSchema(child, p, rule));
}

/** The type names a node declares (`type` may be a string or a list). */
export function typesOf(node: JsonObject): string[] {
  const t = node.type;
  if (typeof t === "string") return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
}

export function isNullSchema(node: unknown): boolean {
  return isObject(node) && node.type === "null" && Object.keys(node).every((k) => k === "type" || k === "description" || k === "title");
}

/** Merge `allOf` branches that are plain object schemas; null when a branch cannot be merged safely. */
export function mergeAllOf(node: JsonObject): JsonObject | null {
  const branches = node.allOf;
  if (!Array.isArray(branches)) return null;
  const { allOf: _drop, ...rest } = node;
  const merged: JsonObject = { ...rest };
  for (const branch of branches) {
    if (!isObject(branch)) return null;
    for (const [key, value] of Object.entries(branch)) {
      if (key === "properties" && isObject(value)) {
        const mine = isObject(merged.properties) ? merged.properties : {};
        if (Object.keys(value).some((k) => k in mine)) return null;
        merged.properties = { ...mine, ...value };
      } else if (key === "required" && Array.isArray(value)) {
        merged.required = [...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...value])];
      } else if (key in merged && JSON.stringify(merged[key]) !== JSON.stringify(value)) {
        return null;
      } else {
        merged[key] = value;
      }
    }
  }
  return merged;
}

export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
}

export function worst(findings: Finding[]): Severity | null {
  return findings.reduce<Severity | null>((w, f) => (w === null || SEVERITY_RANK[f.severity] > SEVERITY_RANK[w] ? f.severity : w), null);
}

/** Depth of nested object schemas (root object = 1), following properties/items/anyOf. */
export function objectDepth(node: unknown): number {
  if (!isObject(node)) return 0;
  let deepest = 0;
  mapChildren(node, "#", (child) => {
    deepest = Math.max(deepest, objectDepth(child));
    return child;
  });
  return (typesOf(node).includes("object") || isObject(node.properties) ? 1 : 0) + deepest;
}

/** Number of declared properties across all nesting levels. */
export function propertyCount(node: unknown): number {
  if (!isObject(node)) return 0;
  let count = isObject(node.properties) ? Object.keys(node.properties).length : 0;
  mapChildren(node, "#", (child) => {
    count += propertyCount(child);
    return child;
  });
  return count;
}
