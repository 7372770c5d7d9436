/**
 * A deterministic, offline stand-in for Gemini. Each reply is chosen by a script from the
 * conversation (latest user text + tool results since), so the demo agents behave the same on every
 * run and need no network or key. Token counts are derived from text lengths (4 chars ≈ 1 token,
 * the same ratio ADK's TokenBasedContextCompactor uses) so usage metadata is stable too.
 */
import { BaseLlm } from "@google/adk";
import type { BaseLlmConnection, LlmRequest, LlmResponse } from "@google/adk";
import { FinishReason } from "@google/genai";
import type { Content, Part } from "@google/genai";
import { contentChars, viewConversation } from "./conversation";
import type { ConversationView } from "./conversation";

export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
}

/** One model turn. `error` makes the model fail (ADK turns it into an error event). */
export interface ScriptedReply {
  thought?: string;
  text?: string;
  calls?: ScriptedCall[];
  error?: { code: string; message: string };
}

export type Script = (view: ConversationView, request: LlmRequest) => ScriptedReply;

export const SCRIPTED_MODEL_VERSION = "scripted-1";
const CHARS_PER_TOKEN = 4;
/** Pause between streamed chunks so a client can see text arrive piece by piece. */
const CHUNK_DELAY_MS = 15;

const tokens = (chars: number): number => Math.max(1, Math.ceil(chars / CHARS_PER_TOKEN));

function replyParts(reply: ScriptedReply): Part[] {
  const parts: Part[] = [];
  if (reply.thought) parts.push({ text: reply.thought, thought: true });
  if (reply.text) parts.push({ text: reply.text });
  for (const call of reply.calls ?? []) parts.push({ functionCall: { name: call.name, args: call.args } });
  return parts;
}

/** Splits text into word chunks that keep their trailing space ("Checking ", "the ", …). */
export function chunkText(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class ScriptedLlm extends BaseLlm {
  private readonly script: Script;

  constructor(script: Script, model = SCRIPTED_MODEL_VERSION) {
    super({ model });
    this.script = script;
  }

  async *generateContentAsync(llmRequest: LlmRequest, stream?: boolean, abortSignal?: AbortSignal): AsyncGenerator<LlmResponse, void> {
    const reply = this.script(viewConversation(llmRequest.contents), llmRequest);
    if (reply.error) {
      yield { errorCode: reply.error.code, errorMessage: reply.error.message, turnComplete: true };
      return;
    }
    const parts = replyParts(reply);
    // Contents only (not the system instruction), so counts grow visibly turn by turn.
    const promptTokenCount = tokens(contentChars(llmRequest.contents));
    const candidatesTokenCount = tokens(JSON.stringify(parts).length);
    if (stream) {
      // Partial events carry text only (adk.md §5); the final response repeats everything.
      const pieces: Part[] = [];
      if (reply.thought) pieces.push({ text: reply.thought, thought: true });
      for (const chunk of chunkText(reply.text ?? "")) if (chunk) pieces.push({ text: chunk });
      for (const piece of pieces) {
        if (abortSignal?.aborted) return;
        yield { content: { role: "model", parts: [piece] }, partial: true };
        await sleep(CHUNK_DELAY_MS);
      }
    }
    const content: Content = { role: "model", parts };
    yield {
      content,
      usageMetadata: {
        promptTokenCount,
        candidatesTokenCount,
        totalTokenCount: promptTokenCount + candidatesTokenCount,
      },
      finishReason: FinishReason.STOP,
      modelVersion: SCRIPTED_MODEL_VERSION,
      turnComplete: true,
    };
  }

  connect(): Promise<BaseLlmConnection> {
    return Promise.reject(new Error("The scripted demo model has no live (bidi) mode."));
  }
}
