import type { A2aMessage } from "@/lib/protocols/a2a/types";
import { isRecord } from "@/lib/values";

/**
 * What a message asks, read for the status line and the inbox (issue 11 §2): its text, the JSON Schema
 * of the answer it wants, and the function call an ADK agent paused on. Split out of frames.ts, which
 * reads the wire; these only read an already-normalized A2aMessage.
 */

/** The text parts of a message, joined (what a status line or an inbox card says). */
export function messageText(message: A2aMessage | undefined): string | undefined {
  const text = message?.parts
    .flatMap((p) => (p.kind === "text" ? [p.text] : []))
    .join("\n")
    .trim();
  return text ? text : undefined;
}

/**
 * A JSON Schema the agent put in a data part of its message (`{ schema }` or a bare schema), or the
 * one inside the function call an ADK agent paused on (see `adkFunctionCall`).
 */
export function messageSchema(message: A2aMessage | undefined): unknown {
  for (const part of message?.parts ?? []) {
    const d = part.kind === "data" ? asObject(part.data) : undefined;
    if (!d) continue;
    if (typeof d.schema === "object" && d.schema !== null) return d.schema;
    if (d.type === "object" && typeof d.properties === "object") return d;
  }
  return adkCallSchema(adkFunctionCall(message));
}

/** What the inbox shows as the question: the message's text, else the ADK call's message / prompt / hint. */
export function messagePrompt(message: A2aMessage | undefined): string | undefined {
  const text = messageText(message);
  if (text) return text;
  const call = adkFunctionCall(message);
  if (!call) return undefined;
  const confirmation = asObject(call.args.toolConfirmation) ?? asObject(call.args.tool_confirmation);
  const said = [call.args.message, call.args.prompt, confirmation?.hint, call.args.hint].find((v) => typeof v === "string" && v.trim());
  return typeof said === "string" ? said.trim() : undefined;
}

function asObject(v: unknown): Record<string, unknown> | undefined {
  return isRecord(v) ? v : undefined;
}

/**
 * The function call an ADK agent (served by ADK's own A2A support) paused on: a data part
 * `{ id, name, args }` with metadata `adk_type: function_call`. ADK carries no text part then: the
 * question and the answer's schema are in the call's args.
 */
export function adkFunctionCall(
  message: A2aMessage | undefined,
): { id?: string; name?: string; args: Record<string, unknown> } | undefined {
  for (const part of message?.parts ?? []) {
    if (part.kind !== "data" || part.metadata?.adk_type !== "function_call") continue;
    const d = asObject(part.data);
    if (!d) continue;
    return {
      ...(typeof d.id === "string" ? { id: d.id } : {}),
      ...(typeof d.name === "string" ? { name: d.name } : {}),
      args: asObject(d.args) ?? {},
    };
  }
  return undefined;
}

/**
 * RequestInput's `response_schema` (ADK JS sends snake case; camel case accepted too). A tool
 * confirmation has none: its answer is a ToolConfirmation, `{ confirmed }` plus the payload the
 * tool asked back when it gave one.
 */
function adkCallSchema(call: ReturnType<typeof adkFunctionCall>): unknown {
  if (!call) return undefined;
  const schema = asObject(call.args.response_schema) ?? asObject(call.args.responseSchema);
  if (schema) return schema;
  const confirmation = asObject(call.args.toolConfirmation) ?? asObject(call.args.tool_confirmation);
  if (call.name !== "adk_request_confirmation" || !confirmation) return undefined;
  const payload = asObject(confirmation.payload);
  return {
    type: "object",
    properties: {
      confirmed: { type: "boolean", title: "Approve", default: false },
      ...(payload ? { payload: { type: "object", title: "Payload", default: payload } } : {}),
    },
    required: ["confirmed"],
  };
}
