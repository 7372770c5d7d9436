import type { LgAnswerBody } from "@/lib/contracts/langgraph";
import { isRecord } from "@/lib/values";
import { errorMessage } from "@/lib/values";

/**
 * A JSON Schema for a HumanInterrupt's `action_request.args` inferred from the values the graph
 * sent (LangGraph sends no schema): each key keeps its type, nothing is required, and a key the
 * user adds is allowed. A null or an empty array's items take any JSON value.
 */
export function schemaOfValue(value: unknown): Record<string, unknown> {
  if (typeof value === "string") return { type: "string" };
  if (typeof value === "boolean") return { type: "boolean" };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  if (Array.isArray(value)) return value.length ? { type: "array", items: schemaOfValue(value[0]) } : { type: "array" };
  if (isRecord(value)) {
    const properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schemaOfValue(v)]));
    return { type: "object", properties, additionalProperties: true };
  }
  return {};
}

/** Any JSON value typed by the user, or why the text is none. */
export function parseJsonValue(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: `Not JSON: ${errorMessage(e)}` };
  }
}

/** A generic interrupt that reads as a question with options (`{ question | message, options: [...] }`): its options. */
export function optionsOf(value: unknown): unknown[] | null {
  if (!isRecord(value) || !Array.isArray(value.options) || value.options.length === 0 || value.options.length > 12) return null;
  return value.options.every((o) => ["string", "number", "boolean"].includes(typeof o)) ? value.options : null;
}

const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
};

/** What an answer sent, in words (the answered card says it). */
export function describeAnswer(answer: LgAnswerBody): string {
  switch (answer.kind) {
    case "accept":
      return "accepted as asked";
    case "edit":
      return `accepted with edited arguments ${short(answer.args)}`;
    case "response":
      return `responded “${answer.text}”`;
    case "ignore":
      return "ignored";
    case "value":
      return `resumed with ${short(answer.value)}`;
    case "retry":
      return "sent again";
  }
}
