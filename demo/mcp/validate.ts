import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Tool } from "@modelcontextprotocol/server";

// 2020-12 is the dialect MCP (2025-11-25) assumes when a schema has no $schema.
// strict is off on the serving side: a schema quirk should not take a tool down; the test is strict.
const ajv = new Ajv2020({ strict: false, useDefaults: true, allErrors: true, verbose: true });
addFormats(ajv);

// Compiled lazily and per definition object: with 1,000 generated tools most are never called.
const compiled = new WeakMap<Tool["inputSchema"], ValidateFunction<Record<string, unknown>>>();

/**
 * Checks `args` against the tool's inputSchema and returns a copy with schema defaults filled in.
 * Bad input is a protocol error (-32602 Invalid params), as the spec asks for invalid arguments.
 */
export function validateArguments(tool: Tool, args: unknown): Record<string, unknown> {
  let validate = compiled.get(tool.inputSchema);
  if (!validate) {
    validate = ajv.compile<Record<string, unknown>>(tool.inputSchema);
    compiled.set(tool.inputSchema, validate);
  }
  const copy = structuredClone(args ?? {});
  if (validate(copy)) return copy;
  const errors = readableErrors(validate.errors ?? []);
  const summary = errors.map((e) => `${e.path} ${e.message}`).join("; ");
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for ${tool.name}: ${summary}`, { errors });
}

/** The const values of a oneOf/anyOf error whose branches are all `{ const }` (a titled enum). */
function constChoices(e: ErrorObject): string[] | undefined {
  if (e.keyword !== "oneOf" && e.keyword !== "anyOf") return undefined;
  const branches: unknown[] = Array.isArray(e.schema) ? e.schema : [];
  const consts = branches.map((b) => (b && typeof b === "object" && "const" in b ? String(b.const) : undefined));
  return consts.length > 0 && consts.every((c) => c !== undefined) ? consts : undefined;
}

/**
 * ajv reports a bad titled enum as one "must be equal to constant" per branch plus the oneOf
 * failure; collapse that into a single "must be one of: …" so the message stays readable.
 */
function readableErrors(raw: ErrorObject[]): { path: string; message: string }[] {
  const enumPaths = new Set(raw.filter((e) => constChoices(e)).map((e) => e.instancePath));
  const out: { path: string; message: string }[] = [];
  for (const e of raw) {
    const choices = constChoices(e);
    if (enumPaths.has(e.instancePath) && !choices) continue;
    out.push({ path: e.instancePath || "/", message: choices ? `must be one of: ${choices.join(", ")}` : (e.message ?? "is invalid") });
  }
  return out;
}

const answerChecks = new WeakMap<object, ValidateFunction>();

/**
 * Checks what a user typed into an elicitation form against the schema the tool asked with.
 * Returns a readable summary of what is wrong, or null when the answer fits. Clients send the
 * content unchecked and neither SDK era validates it for a multi round-trip tool.
 */
export function answerProblems(schema: object, content: unknown): string | null {
  let validate = answerChecks.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    answerChecks.set(schema, validate);
  }
  if (validate(structuredClone(content ?? {}))) return null;
  return readableErrors(validate.errors ?? [])
    .map((e) => `${e.path === "/" ? "the form" : e.path.slice(1)} ${e.message}`)
    .join("; ");
}
