// Gemini function declarations: `parameters` is "a select subset of an OpenAPI 3.0 schema object".
// Fields of that Schema (Google Gen AI SDK `Schema`, Vertex AI REST `Schema`): type, format, title,
// description, nullable, enum (strings), items, minItems, maxItems, properties, required,
// propertyOrdering, anyOf, default, example, minimum, maximum, minLength, maxLength, pattern,
// minProperties, maxProperties. Anything else is unknown to the API, so a careful SDK removes it.
import type { Finding, JsonObject } from "@/lib/schema/portability/types";
import { isNullSchema, isObject, mergeAllOf, pointer, sortFindings, typesOf, walkSchema } from "@/lib/schema/portability/json";
import { inlineRefs } from "@/lib/schema/portability/refs";

const SCHEMA_DOC = "https://googleapis.github.io/js-genai/release_docs/interfaces/types.Schema.html";
const DECLARATION_DOC = "https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration";
// Firebase AI Logic reference: with the Gemini Developer API `format` "must be either 'enum' or
// 'date-time', otherwise requests will fail".
const FORMAT_DOC = "https://firebase.google.com/docs/reference/js/ai.schemashared";

const ALLOWED = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "items",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "propertyOrdering",
  "anyOf",
  "default",
  "example",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "pattern",
  "minProperties",
  "maxProperties",
]);
// Keywords with no effect on validation: dropping them loses nothing the model relies on.
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "$anchor", "examples", "deprecated", "readOnly", "writeOnly"]);
const STRING_FORMATS = new Set(["enum", "date-time"]);
const NUMBER_FORMATS = new Set(["float", "double", "int32", "int64"]);
// Parameter names "must start with a letter or an underscore and must only contain chars a-z, A-Z,
// 0-9, or underscores with a maximum length of 64" (FunctionDeclaration.parameters).
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export interface GeminiResult {
  /** null: no parameters — the declaration is sent without `parameters`. */
  schema: JsonObject | null;
  findings: Finding[];
}

export function toGemini(prepared: JsonObject): GeminiResult {
  const inlined = inlineRefs(prepared, SCHEMA_DOC);
  const findings: Finding[] = [...inlined.findings];
  const add = (f: Omit<Finding, "basis" | "source"> & Partial<Pick<Finding, "basis" | "source">>) =>
    findings.push({ basis: "documented", source: SCHEMA_DOC, ...f });

  const rule = (input: JsonObject, path: string): JsonObject => {
    let node: JsonObject = { ...input };
    const types = typesOf(node);
    if (Array.isArray(node.type)) {
      const nonNull = types.filter((t) => t !== "null");
      const { type: _t, ...rest } = node;
      node = nonNull.length === 1 ? { ...rest, type: nonNull[0] } : { ...rest, anyOf: nonNull.map((t) => ({ type: t })) };
      if (types.includes("null")) node.nullable = true;
      add({
        path,
        keyword: "type",
        action: "rewritten",
        severity: "lossless",
        reason: `type ${JSON.stringify(types)} becomes ${nonNull.length === 1 ? `"${nonNull[0]}"` : "anyOf"}${types.includes("null") ? " + nullable: true" : ""}: the Schema type is a single value.`,
      });
    }
    if (node.type === "null")
      add({ path, keyword: "type", action: "rejected", severity: "rejected", reason: '"null" is not a Gemini Type.' });
    for (const key of ["anyOf", "oneOf"] as const) {
      const list = node[key];
      if (!Array.isArray(list) || !list.some(isNullSchema)) continue;
      const rest = list.filter((b) => !isNullSchema(b));
      const { [key]: _l, ...others } = node;
      node =
        rest.length === 1 && isObject(rest[0]) ? { ...rest[0], ...others, nullable: true } : { ...others, [key]: rest, nullable: true };
      add({
        path: pointer(path, key),
        keyword: key,
        action: "rewritten",
        severity: "lossless",
        reason: `The null branch of ${key} becomes nullable: true.`,
      });
      return rule(node, path);
    }
    if (Array.isArray(node.oneOf)) {
      const { oneOf, ...rest } = node;
      node = { ...rest, anyOf: oneOf };
      add({
        path,
        keyword: "oneOf",
        action: "rewritten",
        severity: "constraint_lost",
        reason: "oneOf is not in the Schema subset; it becomes anyOf, so “exactly one” is lost.",
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
          reason: "allOf is not in the Schema subset; its branches are merged into one object.",
        });
      else
        add({
          path,
          keyword: "allOf",
          action: "dropped",
          severity: "shape_changed",
          reason: "allOf is not in the Schema subset and its branches cannot be merged; it is dropped.",
        });
      return rule(merged ?? (({ allOf: _a, ...rest }) => rest)(node), path);
    }
    if ("const" in node) {
      const { const: value, ...rest } = node;
      node = { ...rest, enum: [value] };
      add({
        path,
        keyword: "const",
        action: "rewritten",
        severity: typeof value === "string" ? "lossless" : "shape_changed",
        reason: "const is not in the Schema subset; it becomes a one-value enum.",
      });
    }
    if (Array.isArray(node.enum) && node.enum.some((v) => typeof v !== "string")) {
      node.enum = node.enum.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
      add({
        path,
        keyword: "enum",
        action: "rewritten",
        severity: "shape_changed",
        reason: "Schema.enum holds strings; non-string values are sent as strings and the model answers with strings.",
      });
    }
    if (typeof node.format === "string") {
      const t = typeof node.type === "string" ? node.type : "";
      const ok = t === "string" ? STRING_FORMATS.has(node.format) : NUMBER_FORMATS.has(node.format);
      if (!ok) {
        const { format, ...rest } = node;
        node = rest;
        add({
          path,
          keyword: "format",
          action: "dropped",
          severity: "constraint_lost",
          source: FORMAT_DOC,
          reason: `format "${String(format)}" is not accepted (strings: "enum", "date-time"; numbers: float, double, int32, int64).`,
        });
      }
    }
    for (const key of Object.keys(node)) {
      if (ALLOWED.has(key) || key === "nullable") continue;
      const value = node[key];
      delete node[key];
      if (ANNOTATIONS.has(key)) {
        add({ path, keyword: key, action: "dropped", severity: "lossless", reason: `${key} is an annotation outside the Schema subset.` });
      } else if (key === "additionalProperties") {
        add({
          path,
          keyword: key,
          action: "dropped",
          severity: isObject(value) ? "shape_changed" : "constraint_lost",
          reason: isObject(value)
            ? "additionalProperties is not in the Schema subset: the map of values it describes is lost."
            : `additionalProperties: ${String(value)} is not in the Schema subset; extra keys are no longer ${value === false ? "forbidden" : "invited"}.`,
        });
      } else if (key === "prefixItems") {
        add({
          path,
          keyword: key,
          action: "dropped",
          severity: "shape_changed",
          reason: "Tuples (prefixItems) are not in the Schema subset.",
        });
      } else {
        add({ path, keyword: key, action: "dropped", severity: "constraint_lost", reason: `${key} is not in the Schema subset.` });
      }
    }
    if (path !== "#" && node.type === "object" && !hasProperties(node)) {
      add({
        path,
        keyword: "properties",
        action: "rejected",
        severity: "rejected",
        basis: "observed",
        source: DECLARATION_DOC,
        reason: 'An OBJECT without properties is refused ("properties: should be non-empty for OBJECT type").',
      });
    }
    return node;
  };

  const schema = walkSchema(inlined.schema, "#", rule);
  const props = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  for (const name of props) {
    if (!PARAMETER_NAME.test(name))
      add({
        path: pointer("#", "properties", name),
        keyword: "properties",
        action: "rejected",
        severity: "rejected",
        source: DECLARATION_DOC,
        reason: `Parameter name "${name}" is outside ^[A-Za-z_][A-Za-z0-9_]{0,63}$.`,
      });
  }
  if (props.length === 0 && (schema.type === "object" || schema.type === undefined) && !Array.isArray(schema.anyOf)) {
    // "For function with no parameters, this can be left unset"; an empty OBJECT is refused.
    add({
      path: "#",
      keyword: "parameters",
      action: "dropped",
      severity: "lossless",
      source: DECLARATION_DOC,
      reason: "No parameters: the declaration is sent without `parameters` (an OBJECT with empty properties is refused).",
    });
    return { schema: null, findings: sortFindings(findings) };
  }
  return { schema, findings: sortFindings(findings) };
}

function hasProperties(node: JsonObject): boolean {
  return isObject(node.properties) && Object.keys(node.properties).length > 0;
}
