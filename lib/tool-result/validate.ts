import type { ErrorObject, ValidateFunction } from "ajv";
import { compileSchema } from "@/lib/schema/ajv";
import { isRecord } from "@/lib/values";

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

// Tool definitions are reused for every call; compiling once per schema object keeps re-renders cheap.
const compiled = new WeakMap<object, ValidateFunction | Error>();

function compile(schema: Record<string, unknown>): ValidateFunction | Error {
  const hit = compiled.get(schema);
  if (hit) return hit;
  let out: ValidateFunction | Error;
  try {
    out = compileSchema(schema);
  } catch (e) {
    out = e instanceof Error ? e : new Error(String(e));
  }
  compiled.set(schema, out);
  return out;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function toStructuredError(err: ErrorObject): StructuredError {
  const params: Record<string, unknown> = err.params;
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
export function validateStructured(outputSchema: unknown, structuredContent: unknown, opts: { isError?: boolean } = {}): StructuredFinding {
  if (outputSchema === undefined || outputSchema === null) return { kind: "not_checked" };
  if (!isRecord(outputSchema)) return { kind: "schema_error", message: "outputSchema is not an object" };
  if (structuredContent === undefined) {
    return opts.isError ? { kind: "not_checked" } : { kind: "missing" };
  }
  const validate = compile(outputSchema);
  if (validate instanceof Error) return { kind: "schema_error", message: validate.message };
  if (validate(structuredContent)) return { kind: "valid" };
  return { kind: "invalid", errors: (validate.errors ?? []).map(toStructuredError) };
}
