// OpenAI function calling, normal and strict (`strict: true`, Structured Outputs).
import type { Finding, JsonObject } from "@/lib/schema/portability/types";
import {
  isObject,
  mergeAllOf,
  objectDepth,
  pointer,
  propertyCount,
  sortFindings,
  typesOf,
  walkSchema,
} from "@/lib/schema/portability/json";

const FUNCTION_DOC = "https://platform.openai.com/docs/guides/function-calling";
// Structured Outputs guide, "Supported schemas": objects need additionalProperties: false and every
// property in `required` (optional = union with null); supported types are string, number,
// boolean, integer, object, array, enum and anyOf; the root must be an object, not anyOf; $defs and
// $ref (also recursive) are supported; the listed type-specific keywords are not supported; at most
// 5 levels of nesting and 100 properties in total. (Later revisions of the guide raised the limits
// and admitted some keywords for non-fine-tuned models; this follows the revision we could read.)
const STRICT_DOC = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas";

const STRICT_UNSUPPORTED = new Set([
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "unevaluatedItems",
  "patternProperties",
  "unevaluatedProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
]);
const MAX_DEPTH = 5;
const MAX_PROPERTIES = 100;

export interface OpenAiResult {
  schema: JsonObject;
  findings: Finding[];
}

type Add = (f: Omit<Finding, "basis" | "source"> & Partial<Pick<Finding, "basis" | "source">>) => void;

/** Rules both modes share: the root must be a plain object schema, arrays need `items`. */
function commonRules(prepared: JsonObject, add: Add): JsonObject {
  let root = prepared;
  if (root.type === undefined && isObject(root.properties)) {
    root = { type: "object", ...root };
    add({
      path: "#",
      keyword: "type",
      action: "added",
      severity: "lossless",
      basis: "observed",
      reason: 'The root has properties but no type; "type": "object" is added (the API requires it).',
    });
  } else if (root.type !== "object") {
    // Observed 400: "schema must be a JSON Schema of 'type: \"object\"'".
    add({
      path: "#",
      keyword: "type",
      action: "rejected",
      severity: "rejected",
      basis: "observed",
      reason: `The parameters must be a schema of type "object" (got ${JSON.stringify(root.type ?? null)}).`,
    });
  }
  for (const key of ["anyOf", "oneOf", "allOf", "enum", "not"]) {
    // Observed 400: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level".
    if (key in root)
      add({
        path: "#",
        keyword: key,
        action: "rejected",
        severity: "rejected",
        basis: "observed",
        reason: `${key} is not allowed at the top level of the parameters.`,
      });
  }
  walkSchema(root, "#", (node, path) => {
    // Observed 400: "In context=('properties', 'x'), array schema missing items".
    if (typesOf(node).includes("array") && node.items === undefined && node.prefixItems === undefined) {
      add({
        path,
        keyword: "items",
        action: "rejected",
        severity: "rejected",
        basis: "observed",
        reason: "An array schema without items is refused.",
      });
    }
    return node;
  });
  return root;
}

export function toOpenAi(prepared: JsonObject): OpenAiResult {
  const findings: Finding[] = [];
  const schema = commonRules(prepared, (f) => findings.push({ basis: "documented", source: FUNCTION_DOC, ...f }));
  return { schema, findings: sortFindings(findings) };
}

export function toOpenAiStrict(prepared: JsonObject): OpenAiResult {
  const findings: Finding[] = [];
  const add: Add = (f) => findings.push({ basis: "documented", source: STRICT_DOC, ...f });
  const root = commonRules(prepared, add);

  const rule = (input: JsonObject, path: string): JsonObject => {
    let node: JsonObject = { ...input };
    if (Array.isArray(node.oneOf)) {
      const { oneOf, ...rest } = node;
      node = { ...rest, anyOf: oneOf };
      add({
        path,
        keyword: "oneOf",
        action: "rewritten",
        severity: "constraint_lost",
        reason: "oneOf is not supported; it becomes anyOf, so “exactly one” is lost.",
      });
    }
    if (Array.isArray(node.allOf)) {
      const merged = mergeAllOf(node);
      if (merged)
        add({
          path,
          keyword: "allOf",
          action: "rewritten",
          severity: "lossless",
          reason: "allOf is not supported; its branches are merged into one object.",
        });
      else
        add({
          path,
          keyword: "allOf",
          action: "dropped",
          severity: "shape_changed",
          reason: "allOf is not supported and its branches cannot be merged; it is dropped.",
        });
      return rule(merged ?? (({ allOf: _a, ...rest }) => rest)(node), path);
    }
    for (const key of Object.keys(node)) {
      if (STRICT_UNSUPPORTED.has(key)) {
        add({ path, keyword: key, action: "dropped", severity: "constraint_lost", reason: `${key} is not supported in strict mode.` });
        delete node[key];
      }
    }
    if ("default" in node) {
      // Observed 400 in strict mode: "'default' is not permitted".
      add({
        path,
        keyword: "default",
        action: "dropped",
        severity: "constraint_lost",
        basis: "observed",
        reason: "default is not permitted in strict mode; the model no longer sees the default value.",
      });
      delete node.default;
    }
    if (typesOf(node).includes("object") || isObject(node.properties)) node = closeObject(node, path, add);
    return node;
  };

  const schema = walkSchema(root, "#", rule);
  if (objectDepth(schema) > MAX_DEPTH)
    add({
      path: "#",
      keyword: "properties",
      action: "rejected",
      severity: "rejected",
      reason: `More than ${MAX_DEPTH} levels of nested objects.`,
    });
  if (propertyCount(schema) > MAX_PROPERTIES)
    add({
      path: "#",
      keyword: "properties",
      action: "rejected",
      severity: "rejected",
      reason: `More than ${MAX_PROPERTIES} properties in total.`,
    });
  return { schema, findings: sortFindings(findings) };
}

/** additionalProperties: false, every property required, formerly optional ones nullable. */
function closeObject(input: JsonObject, path: string, add: Add): JsonObject {
  const node: JsonObject = { ...input };
  const extra = node.additionalProperties;
  if (extra === undefined) {
    add({
      path,
      keyword: "additionalProperties",
      action: "added",
      severity: "lossless",
      reason: "additionalProperties: false is required on every object.",
    });
  } else if (extra !== false) {
    add({
      path,
      keyword: "additionalProperties",
      action: "rewritten",
      severity: "shape_changed",
      reason: isObject(extra)
        ? "additionalProperties must be false: the map of values it describes can no longer be sent."
        : "additionalProperties must be false: extra keys the tool accepts can no longer be sent.",
    });
  }
  node.additionalProperties = false;
  const props: JsonObject = isObject(node.properties) ? { ...node.properties } : {};
  const required = new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : []);
  for (const [name, child] of Object.entries(props)) {
    if (required.has(name)) continue;
    props[name] = nullable(child);
    add({
      path: pointer(path, "properties", name),
      keyword: "required",
      action: "added",
      severity: "shape_changed",
      reason: `"${name}" is optional; strict mode requires every property, so it becomes required and nullable — the tool receives null instead of a missing key.`,
    });
  }
  node.properties = props;
  node.required = Object.keys(props);
  return node;
}

function nullable(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const types = typesOf(schema);
  if (types.includes("null")) return schema;
  if (typeof schema.type === "string" || Array.isArray(schema.type)) return { ...schema, type: [...types, "null"] };
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list)) return { ...schema, [key]: [...list, { type: "null" }] };
  }
  return { anyOf: [schema, { type: "null" }] };
}
