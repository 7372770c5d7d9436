import "server-only";
import { randomUUID } from "node:crypto";
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { decideStep, type ScriptedStep, type ScriptedTool } from "./scripted/plan";
import { looksReadOnly } from "./scripted/words";

/**
 * Loupe's offline model (provider "scripted"): no key, no network, deterministic rules, so
 * `npm start` shows the whole playground loop against the demo MCP server — tool calls, a gate,
 * an answer after the results. The rules are in ./scripted/plan.ts (which tools, in which
 * steps), ./scripted/arguments.ts (arguments from each tool's inputSchema and the message) and
 * ./scripted/words.ts (matching words to tools).
 *
 * It implements the AI SDK's LanguageModelV3 spec itself. Text is streamed a few words a delta,
 * tool arguments in pieces, like a real provider. Usage counts words as tokens (runs of letters
 * or digits: the prompt's and the tool declarations' in, the answer's out); `usage.raw.counting`
 * says so.
 */

export interface ScriptedModelOptions {
  modelId?: string;
  /** Pause between stream parts (default 25 ms, so the UI shows text arriving; tests use 0). */
  delayMs?: number;
  /** Which tools only read (called first, usually not gated). Default: the tool's
   * `providerOptions.loupe.readOnlyHint` when given, else its name's verb (get, list… read;
   * book, cancel… write). */
  isReadOnly?: (toolName: string) => boolean | undefined;
  /** "Today" for dates the message does not give (tests pin it). */
  now?: () => Date;
}

const WORDS_PER_DELTA = 3;

export function createScriptedModel(options: ScriptedModelOptions = {}): LanguageModelV3 {
  const modelId = options.modelId ?? "scripted";
  const delayMs = options.delayMs ?? 25;
  const now = options.now ?? (() => new Date());

  function decide(call: LanguageModelV3CallOptions): { step: ScriptedStep; usage: LanguageModelV3Usage } {
    const tools = scriptedTools(call, options.isReadOnly);
    const step = decideStep(call.prompt, tools, now());
    return { step, usage: usageOf(call, step) };
  }

  return {
    specificationVersion: "v3",
    provider: "scripted",
    modelId,
    supportedUrls: {},

    async doGenerate(call): Promise<LanguageModelV3GenerateResult> {
      call.abortSignal?.throwIfAborted();
      const { step, usage } = decide(call);
      const content: LanguageModelV3Content[] = [];
      if (step.text) content.push({ type: "text", text: step.text });
      for (const c of step.calls) content.push({ type: "tool-call", toolCallId: callId(), toolName: c.toolName, input: c.input });
      return {
        content,
        finishReason: finishReason(step),
        usage,
        request: { body: requestBody(call, modelId) },
        response: { id: `scripted-${randomUUID()}`, modelId, timestamp: now() },
        warnings: [],
      };
    },

    async doStream(call): Promise<LanguageModelV3StreamResult> {
      call.abortSignal?.throwIfAborted();
      const { step, usage } = decide(call);
      const parts = streamParts(step, usage, modelId, now());
      let index = 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          if (index > 0 && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (call.abortSignal?.aborted) {
            controller.error(call.abortSignal.reason ?? new DOMException("The operation was aborted", "AbortError"));
            return;
          }
          const part = parts[index++];
          if (part) controller.enqueue(part);
          if (index >= parts.length) controller.close();
        },
      });
      return { stream, request: { body: requestBody(call, modelId) } };
    },
  };
}

function scriptedTools(call: LanguageModelV3CallOptions, isReadOnly: ScriptedModelOptions["isReadOnly"]): ScriptedTool[] {
  const out: ScriptedTool[] = [];
  for (const tool of call.tools ?? []) {
    if (tool.type !== "function") continue;
    const hinted = tool.providerOptions?.loupe?.readOnlyHint;
    const readOnly = isReadOnly?.(tool.name) ?? (typeof hinted === "boolean" ? hinted : looksReadOnly(tool.name));
    out.push({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
      readOnly,
    });
  }
  return out;
}

function streamParts(step: ScriptedStep, usage: LanguageModelV3Usage, modelId: string, at: Date): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: `scripted-${randomUUID()}`, modelId, timestamp: at },
  ];
  if (step.text) {
    parts.push({ type: "text-start", id: "text-0" });
    for (const delta of textDeltas(step.text)) parts.push({ type: "text-delta", id: "text-0", delta });
    parts.push({ type: "text-end", id: "text-0" });
  }
  for (const c of step.calls) {
    const id = callId();
    parts.push({ type: "tool-input-start", id, toolName: c.toolName });
    for (const piece of halves(c.input)) parts.push({ type: "tool-input-delta", id, delta: piece });
    parts.push({ type: "tool-input-end", id });
    parts.push({ type: "tool-call", toolCallId: id, toolName: c.toolName, input: c.input });
  }
  parts.push({ type: "finish", finishReason: finishReason(step), usage });
  return parts;
}

/** A few words per delta; the deltas join back to the exact text. */
function textDeltas(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_DELTA) out.push(words.slice(i, i + WORDS_PER_DELTA).join(""));
  return out;
}

/** Argument text in two pieces, cut mid-way like a provider's stream. */
function halves(text: string): string[] {
  if (text.length < 2) return [text];
  const mid = Math.ceil(text.length / 2);
  return [text.slice(0, mid), text.slice(mid)];
}

function callId(): string {
  return `scripted_call_${randomUUID().slice(0, 8)}`;
}

function finishReason(step: ScriptedStep): LanguageModelV3GenerateResult["finishReason"] {
  return step.calls.length > 0 ? { unified: "tool-calls", raw: "tool_calls" } : { unified: "stop", raw: "stop" };
}

/** Runs of letters or digits, so JSON (a schema, arguments) counts its words too. */
function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/** Words as tokens: every text of the prompt and the tool declarations in, the step's text and arguments out. */
function usageOf(call: LanguageModelV3CallOptions, step: ScriptedStep): LanguageModelV3Usage {
  let input = 0;
  for (const message of call.prompt) {
    if (message.role === "system") {
      input += countWords(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text" || part.type === "reasoning") input += countWords(part.text);
      else if (part.type === "tool-call") input += countWords(`${part.toolName} ${JSON.stringify(part.input)}`);
      else if (part.type === "tool-result") input += countWords(JSON.stringify(part.output));
    }
  }
  for (const tool of call.tools ?? []) {
    if (tool.type === "function") input += countWords(`${tool.name} ${tool.description ?? ""} ${JSON.stringify(tool.inputSchema)}`);
  }
  const output = countWords(step.text) + step.calls.reduce((n, c) => n + countWords(`${c.toolName} ${c.input}`), 0);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
    raw: { counting: "words", inputWords: input, outputWords: output },
  };
}

/** What "was sent": there is no HTTP request, so the spec-level prompt and tools themselves. */
function requestBody(call: LanguageModelV3CallOptions, modelId: string): unknown {
  return { model: modelId, prompt: call.prompt, tools: call.tools ?? [] };
}
