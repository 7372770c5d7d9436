import "server-only";
import { ElicitResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { CreateMessageResult, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { RootEntry } from "@/lib/contracts/connections";
import { ElicitationAnswer, SamplingAnswer } from "@/lib/contracts/mcp-requests";
import type { McpAnswerBody, McpRequestKind } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import { defaultValueForSchema, isPlainObject, validateValue } from "@/lib/schema/form";
// The patterns of a server's requested schema are tested under a time limit here.
import "@/lib/schema/bounded-regex";
import { parseWith } from "@/lib/server/http";

// ---------------------------------------------------------------------------------------------
// Pure mapping: request params → kind, user answer → what goes back on the wire.
// ---------------------------------------------------------------------------------------------

/** The error code the spec's sampling example uses for "User rejected sampling request". */
export const SAMPLING_REJECTED_CODE = -1;

/** Which inbox kind a server → client request is (elicitation without `mode` is form mode). */
export function requestKind(method: string, params: Record<string, unknown>): McpRequestKind {
  if (method === "sampling/createMessage") return "sampling";
  return params.mode === "url" ? "elicitation_url" : "elicitation_form";
}

/** Validates an answer body against the request's kind (400 `bad_request:body` when it does not fit). */
export function parseAnswer(kind: McpRequestKind, body: unknown): McpAnswerBody {
  return kind === "sampling" ? parseWith(SamplingAnswer, body, "body") : parseWith(ElicitationAnswer, body, "body");
}

/** Either the result Loupe returns to the server or the JSON-RPC error it answers with. */
export type WireOutcome = { result: CreateMessageResult | ElicitResult } | { error: McpError };

/** A sampling answer as the server receives it: the user's text as the assistant message, or -1. */
export function samplingOutcome(answer: SamplingAnswer): WireOutcome {
  if (answer.action === "reject") return { error: new McpError(SAMPLING_REJECTED_CODE, answer.message) };
  return {
    result: {
      role: "assistant",
      content: { type: "text", text: answer.text },
      model: answer.model,
      stopReason: answer.stopReason,
    },
  };
}

/**
 * The top-level content of a form answer as the server will see it: the SDK fills in schema
 * defaults for properties left out (elicitation.form.applyDefaults), so validation must too.
 */
export function withSchemaDefaults(schema: unknown, content: Record<string, unknown>): Record<string, unknown> {
  const props = isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {};
  const out = { ...content };
  for (const [name, prop] of Object.entries(props)) {
    if (out[name] !== undefined) continue;
    const value = defaultValueForSchema(prop, schema);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * An elicitation answer as the server receives it. Form content is checked against the requested
 * schema (defaults applied first, as the SDK will) and refused with 400 when it does not fit; the
 * content itself is sent as given, so the SDK's default handling is what the server sees.
 */
export function elicitationOutcome(answer: ElicitationAnswer, params: Record<string, unknown>): WireOutcome {
  if (answer.action !== "accept") return { result: { action: answer.action } };
  if (params.mode === "url") return { result: { action: "accept" } };
  const content = answer.content ?? {};
  const schema = params.requestedSchema;
  const checked = validateValue(schema, withSchemaDefaults(schema, content));
  if (!checked.ok) {
    const first = checked.errors[0]!;
    const where = first.path ? `${first.path}: ` : "";
    throw new AppError("bad_request:elicitation_content", `The answer does not fit the requested schema: ${where}${first.message}`, {
      issues: checked.errors,
    });
  }
  // The SDK checks the result again (ElicitResultSchema: flat string / number / boolean / string[]
  // values) after the handler returned, too late to tell the user: refuse here instead.
  const wire = ElicitResultSchema.safeParse({ action: "accept", content });
  if (!wire.success) {
    const issue = wire.error.issues[0];
    const where = issue?.path.length ? `/${issue.path.slice(1).join("/")}: ` : "";
    throw new AppError(
      "bad_request:elicitation_content",
      `The answer cannot be sent: ${where}elicitation values must be strings, numbers, booleans or lists of strings`,
      { issues: wire.error.issues.map((i) => ({ path: `/${i.path.slice(1).join("/")}`, message: i.message })) },
    );
  }
  return { result: { action: "accept", content: content as ElicitResult["content"] } };
}

/** The stale reason for a request the server cancelled (notifications/cancelled or an aborted handler). */
export function cancelledReason(reason: unknown): string {
  const text = typeof reason === "string" ? reason.trim() : "";
  return `The server cancelled the request${text ? `: ${text}` : ""}`;
}

/** roots/list's answer: `name` only when there is one. */
export function rootsForWire(roots: RootEntry[]): { uri: string; name?: string }[] {
  return roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri }));
}
