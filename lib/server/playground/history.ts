import "server-only";
import type { JSONValue, LanguageModelV3Message, LanguageModelV3ToolResultOutput, SharedV3ProviderOptions } from "@ai-sdk/provider";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { PgModelToolCall, PgToolCall, PgToolCallStatus } from "@/lib/contracts/playground";
import { isRecord } from "@/lib/values";

/**
 * A column's model history, rebuilt from its recorded entries (pure): every earlier user message,
 * each answered step's text and tool calls, and each tool result exactly as the loop sent it
 * (`toolOutput` is the one conversion used both live and here). The record is the source, so a
 * restart of Loupe loses nothing of what the model saw.
 */

export const FINAL_TOOL_STATUSES: readonly PgToolCallStatus[] = [
  "ok",
  "tool_error",
  "rejected",
  "failed",
  "unknown_tool",
  "invalid_arguments",
];

/** What a call that never finished (its turn was stopped, Loupe stopped) tells the model next time. */
export const UNFINISHED_RESULT = "error: this tool call did not finish (the turn was stopped before its result came back)";

/**
 * The most of one tool result's text the model is sent (about 25k tokens, the cap MCP hosts such
 * as Claude Code apply by default). A 5 MiB file read is over every provider's context: sent
 * whole, that step fails and so does every later turn, which re-sends it. The call's record keeps
 * the whole result.
 */
export const MODEL_RESULT_MAX_CHARS = 100_000;

function capped(text: string): string {
  if (text.length <= MODEL_RESULT_MAX_CHARS) return text;
  const size = (n: number) => n.toLocaleString("en-US");
  return `${text.slice(0, MODEL_RESULT_MAX_CHARS)}\n[Loupe: the tool result is ${size(text.length)} characters long; the first ${size(MODEL_RESULT_MAX_CHARS)} are sent here. The whole result is in the call's record.]`;
}

/** The tool-result output the model receives for a call in its final state. */
export function toolOutput(call: Pick<PgToolCall, "status" | "result">): LanguageModelV3ToolResultOutput {
  if (call.status === "ok" || call.status === "tool_error") {
    const text = textOfResult(call.result);
    if (call.status === "tool_error") return { type: "error-text", value: capped(text ?? JSON.stringify(call.result)) };
    if (text !== undefined) return { type: "text", value: capped(text) };
    const images = withImages(call.result);
    if (images) return images;
    const json = JSON.stringify(call.result ?? null);
    return json.length > MODEL_RESULT_MAX_CHARS ? { type: "text", value: capped(json) } : { type: "json", value: toJsonValue(call.result) };
  }
  return { type: "error-text", value: typeof call.result === "string" ? call.result : JSON.stringify(call.result ?? null) };
}

/** The text of a CallToolResult made only of text items; undefined when it has anything else. */
function textOfResult(result: unknown): string | undefined {
  if (!isRecord(result)) return undefined;
  const content = result.content;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  const texts: string[] = [];
  for (const item of content) {
    if (!isRecord(item) || item.type !== "text" || typeof item.text !== "string") return undefined;
    texts.push(item.text);
  }
  return texts.join("\n");
}

/**
 * A result with images: one text part (the text items, other items as JSON), then each image as
 * image data, so Anthropic gets image blocks in its tool_result and Gemini inline image data
 * instead of base64 inside a JSON string. Exactly one text part, never empty: Gemini's older
 * models turn each text part into its own functionResponse (their count must equal the calls'),
 * and Anthropic refuses an empty text block. Undefined when the result has no image.
 */
function withImages(result: unknown): LanguageModelV3ToolResultOutput | undefined {
  const content = isRecord(result) ? result.content : undefined;
  if (!Array.isArray(content)) return undefined;
  const images: { type: "image-data"; data: string; mediaType: string }[] = [];
  const texts: string[] = [];
  for (const item of content) {
    if (isRecord(item) && item.type === "image" && typeof item.data === "string" && typeof item.mimeType === "string")
      images.push({ type: "image-data", data: item.data, mediaType: item.mimeType });
    else if (isRecord(item) && item.type === "text" && typeof item.text === "string") texts.push(item.text);
    else texts.push(JSON.stringify(item));
  }
  if (images.length === 0) return undefined;
  const text = texts.length > 0 ? texts.join("\n") : `The tool returned ${images.length === 1 ? "an image" : `${images.length} images`}.`;
  return { type: "content", value: [{ type: "text", text: capped(text) }, ...images] };
}

/** The value through JSON (what a provider can be sent): JSON text parses back to a JSONValue. */
function toJsonValue(value: unknown): JSONValue {
  const json: JSONValue = JSON.parse(JSON.stringify(value ?? null));
  return json;
}

/** The assistant message of one step: its text, then its tool calls (input: the parsed arguments). */
export function assistantMessage(text: string, calls: PgModelToolCall[]): LanguageModelV3Message | null {
  const content: Extract<LanguageModelV3Message, { role: "assistant" }>["content"] = [];
  if (text) content.push({ type: "text", text });
  for (const call of calls) {
    // Input that was not a JSON object goes back as {}: providers refuse anything else in history,
    // and the tool result tells the model what was wrong with what it wrote.
    // providerOptions: what the provider attached to the call comes back with it (Gemini 3 asks
    // for its thoughtSignature; without it the SDK sends a "skip validation" sentinel instead).
    content.push({
      type: "tool-call",
      toolCallId: call.toolCallId,
      toolName: call.name,
      input: call.arguments ?? {},
      ...(call.providerMetadata ? { providerOptions: call.providerMetadata as SharedV3ProviderOptions } : {}),
    });
  }
  return content.length > 0 ? { role: "assistant", content } : null;
}

export function toolMessage(calls: PgModelToolCall[], finals: Map<string, PgToolCall>): LanguageModelV3Message {
  return {
    role: "tool",
    content: calls.map((call) => {
      const done = finals.get(call.toolCallId);
      const output: LanguageModelV3ToolResultOutput =
        done && FINAL_TOOL_STATUSES.includes(done.status) ? toolOutput(done) : { type: "error-text", value: UNFINISHED_RESULT };
      return { type: "tool-result", toolCallId: call.toolCallId, toolName: call.name, output };
    }),
  };
}

/** The prompt messages (no system message) of one column, from its entries in seq order. */
export function historyOf(entries: Entry[]): LanguageModelV3Message[] {
  const finals = new Map<string, PgToolCall>();
  for (const entry of entries) {
    const call = entryPayload(entry, "pg_tool_call");
    if (call) finals.set(call.toolCallId, call);
  }
  const messages: LanguageModelV3Message[] = [];
  for (const entry of entries) {
    const user = entryPayload(entry, "pg_user");
    if (user) messages.push({ role: "user", content: [{ type: "text", text: user.text }] });
    const response = entryPayload(entry, "pg_model_response");
    if (response) {
      if (response.status !== "ok") continue;
      const assistant = assistantMessage(response.text, response.toolCalls);
      if (assistant) messages.push(assistant);
      if (response.toolCalls.length > 0) messages.push(toolMessage(response.toolCalls, finals));
    }
  }
  return messages;
}
