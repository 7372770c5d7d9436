/**
 * genai Content parts and usage metadata. Python dumps by alias (camelCase) but snake_case is
 * accepted too, since Python also reads it and hand-written/older captures use it (adk.md §4).
 */
import { isRecord } from "@/lib/values";
import { field, num, rec, str, type JsonRecord } from "./guards";
import type { AdkPart, AdkUsage } from "./types";

function callArgs(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** One part; `index` names calls/responses that arrive without an id so they stay distinct. */
export function normalizePart(raw: unknown, fallbackId: string): AdkPart {
  if (!isRecord(raw)) return { kind: "unknown", raw };
  const call = rec(field(raw, "functionCall"));
  if (call) {
    const name = str(call.name);
    if (name === undefined) return { kind: "unknown", raw };
    return { kind: "function_call", call: { id: str(call.id) ?? fallbackId, name, args: callArgs(call.args) } };
  }
  const resp = rec(field(raw, "functionResponse"));
  if (resp) {
    const name = str(resp.name);
    if (name === undefined) return { kind: "unknown", raw };
    return { kind: "function_response", response: { id: str(resp.id) ?? fallbackId, name, response: resp.response } };
  }
  const text = str(raw.text);
  if (text !== undefined) return raw.thought === true ? { kind: "thought", text } : { kind: "text", text };
  const inline = rec(field(raw, "inlineData"));
  if (inline) {
    return { kind: "inline_data", mimeType: str(field(inline, "mimeType")) ?? "", data: str(inline.data) ?? "" };
  }
  const file = rec(field(raw, "fileData"));
  if (file && str(field(file, "fileUri")) !== undefined) {
    const mimeType = str(field(file, "mimeType"));
    return { kind: "file_data", fileUri: str(field(file, "fileUri")) ?? "", ...(mimeType ? { mimeType } : {}) };
  }
  const code = rec(field(raw, "executableCode"));
  if (code) {
    const language = str(code.language);
    return { kind: "executable_code", code: str(code.code) ?? "", ...(language ? { language } : {}) };
  }
  const result = rec(field(raw, "codeExecutionResult"));
  if (result) {
    const outcome = str(result.outcome);
    const output = str(result.output);
    return { kind: "code_result", ...(outcome ? { outcome } : {}), ...(output !== undefined ? { output } : {}) };
  }
  // A part with only a thought signature or thought flag carries nothing to render.
  if (raw.thought === true || field(raw, "thoughtSignature") !== undefined) return { kind: "thought", text: "" };
  return { kind: "unknown", raw };
}

export interface NormalizedContent {
  role?: string;
  parts: AdkPart[];
}

export function normalizeContent(raw: unknown, idPrefix: string): NormalizedContent {
  const content = rec(raw);
  if (!content) return { parts: [] };
  const role = str(content.role);
  const rawParts = Array.isArray(content.parts) ? content.parts : [];
  const parts = rawParts.map((p, i) => normalizePart(p, `${idPrefix}#${i}`));
  return { ...(role ? { role } : {}), parts };
}

/** Text of all text parts, joined (compaction summaries, Python `compactedContent`). */
export function contentText(raw: unknown): string {
  if (typeof raw === "string") return raw;
  return normalizeContent(raw, "")
    .parts.map((p) => (p.kind === "text" ? p.text : ""))
    .join("");
}

export function normalizeUsage(raw: unknown): AdkUsage | undefined {
  const u: JsonRecord | undefined = rec(raw);
  if (!u) return undefined;
  const prompt = num(field(u, "promptTokenCount")) ?? 0;
  const candidates = num(field(u, "candidatesTokenCount")) ?? 0;
  const thoughts = num(field(u, "thoughtsTokenCount"));
  const cached = num(field(u, "cachedContentTokenCount"));
  const total = num(field(u, "totalTokenCount")) ?? prompt + candidates + (thoughts ?? 0);
  return {
    prompt,
    candidates,
    total,
    ...(thoughts !== undefined ? { thoughts } : {}),
    ...(cached !== undefined ? { cached } : {}),
  };
}
