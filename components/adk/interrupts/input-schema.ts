import { isPlainObject } from "@/lib/schema/form";
import type { JsonSchemaObject } from "@/lib/schema/form";

export interface InputFormSchema {
  /** Always an object schema: SchemaFormEditor edits objects. */
  schema: JsonSchemaObject;
  /** The response schema was not an object: the form edits `{result}` and sends `result`. */
  wrapped: boolean;
}

const isObjectSchema = (s: JsonSchemaObject) => s.type === "object" || (s.type === undefined && isPlainObject(s.properties));

/**
 * The form for an `adk_request_input` response_schema, or null when there is nothing to build a
 * form from (no schema, `true`, `{}`) and free text is the only sensible answer. A non-object
 * schema is wrapped as `{result: schema}` — the same shape the server wraps a bare value in
 * (adk.md §6.4), so sending `result` alone reaches the agent unchanged.
 */
export function inputFormSchema(schema: unknown): InputFormSchema | null {
  if (!isPlainObject(schema) || Object.keys(schema).filter((k) => k !== "$schema").length === 0) return null;
  if (isObjectSchema(schema)) return { schema, wrapped: false };
  // Definitions stay at the root so `#/$defs/…` references still resolve from the wrapper.
  const { $defs, definitions, $schema, ...inner } = schema;
  const wrapper: Record<string, unknown> = {
    type: "object",
    properties: { result: inner },
    required: ["result"],
    additionalProperties: false,
  };
  if ($schema !== undefined) wrapper.$schema = $schema;
  if ($defs !== undefined) wrapper.$defs = $defs;
  if (definitions !== undefined) wrapper.definitions = definitions;
  return { schema: wrapper, wrapped: true };
}
