import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

export interface StructuredError {
  /** JSON pointer into structuredContent ("" is the root); points at the missing/extra property itself. */
  path: string;
  message: string;
  keyword: string;
}

/** What Loupe can say about a result's structuredContent against the tool's outputSchema. */
export type StructuredFinding =
  | { kind: "valid" }
  | { kind: "invalid"; errors: StructuredError[] }
  /** MCP spec: a tool with an outputSchema MUST return structuredContent unless isError. */
  | { kind: "missing" }
  | { kind: "schema_error"; message: string }
  /** Nothing to check: no outputSchema, or an isError result without structuredContent. */
  | { kind: "not_checked" };

type Dialect = "draft7" | "2019" | "2020";

function dialectOf(schema: Record<string, unknown>): Dialect | "unknown" {
  const id = schema.$schema;
  if (typeof id !== "string") return "draft7";
  if (id.includes("2020-12")) return "2020";
  if (id.includes("2019-09")) return "2019";
  if (/draft-0[4-7]/.test(id)) return "draft7";
  return "unknown";
}

const instances = new Map<Dialect, Ajv>();

function ajvFor(dialect: Dialect): Ajv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // strict:false because servers ship schemas with annotations Ajv does not know (e.g. zod's extras).
    const opts = { strict: false, allErrors: true, validateSchema: false } as const;
    ajv = dialect === "2020" ? new Ajv2020(opts) : dialect === "2019" ? new Ajv2019(opts) : new Ajv(opts);
    addFormats(ajv);
    instances.set(dialect, ajv);
  }
  return ajv;
}

// Tool definitions are reused for every call; compiling once per schema object keeps re-renders cheap.
const compiled = new WeakMap<object, ValidateFunction | Error>();

function compile(schema: Record<string, unknown>): ValidateFunction | Error {
  const hit = compiled.get(schema);
  if (hit) return hit;
  let out: ValidateFunction | Error;
  try {
    const dialect = dialectOf(schema);
    // An unknown $schema URI would make Ajv look up a meta-schema it lacks; validate as draft-07 instead.
    const target = dialect === "unknown" ? withoutMetaSchema(schema) : schema;
    out = ajvFor(dialect === "unknown" ? "draft7" : dialect).compile(target);
  } catch (e) {
    out = e instanceof Error ? e : new Error(String(e));
  }
  compiled.set(schema, out);
  return out;
}

function withoutMetaSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...schema };
  delete copy.$schema;
  return copy;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function toStructuredError(err: ErrorObject): StructuredError {
  const params = err.params as Record<string, unknown>;
  let path = err.instancePath;
  if (err.keyword === "required" && typeof params.missingProperty === "string") {
    path += `/${escapePointer(params.missingProperty)}`;
  } else if (err.keyword === "additionalProperties" && typeof params.additionalProperty === "string") {
    path += `/${escapePointer(params.additionalProperty)}`;
  }
  let message = err.message ?? err.keyword;
  if (err.keyword === "additionalProperties") message = "is not allowed by the schema";
  if (err.keyword === "required") message = "is required";
  if (err.keyword === "enum" && Array.isArray(params.allowedValues)) {
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return { path, message, keyword: err.keyword };
}

/**
 * Checks a result's structuredContent against the tool's outputSchema. Pass `structuredContent`
 * as `undefined` when the result had none; `isError` results are exempt from the "missing" rule.
 */
export function validateStructured(
  outputSchema: unknown,
  structuredContent: unknown,
  opts: { isError?: boolean } = {},
): StructuredFinding {
  if (outputSchema === undefined || outputSchema === null) return { kind: "not_checked" };
  if (typeof outputSchema !== "object" || Array.isArray(outputSchema)) {
    return { kind: "schema_error", message: "outputSchema is not an object" };
  }
  if (structuredContent === undefined) {
    return opts.isError ? { kind: "not_checked" } : { kind: "missing" };
  }
  const validate = compile(outputSchema as Record<string, unknown>);
  if (validate instanceof Error) return { kind: "schema_error", message: validate.message };
  if (validate(structuredContent)) return { kind: "valid" };
  return { kind: "invalid", errors: (validate.errors ?? []).map(toStructuredError) };
}
