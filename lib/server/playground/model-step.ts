import "server-only";
import type { LanguageModelV3, LanguageModelV3FunctionTool, LanguageModelV3Prompt, LanguageModelV3Usage } from "@ai-sdk/provider";
import type { ColumnConfig, PgModelRequest, PgModelResponse, PgModelToolCall, TokenUsage } from "@/lib/contracts/playground";
import type { Hub } from "@/lib/server/hub";
import type { ModelHooks, ProviderExchange } from "@/lib/server/playground/loop-deps";
import { recordPg } from "@/lib/server/playground/recorder";
import { readToolCall } from "@/lib/server/playground/tool-input";

/** pg_model_stream entries: at most one per this many ms (the response so far). */
export const STREAM_ENTRY_MS = 250;
/** How long to wait, after the stream ended, for the provider layer's capture of the raw response. */
const EXCHANGE_WAIT_MS = 1000;

interface StepCapture {
  url: string | null;
  body: unknown;
  requestRecorded: boolean;
  exchange: ProviderExchange | null;
  exchangeArrived: () => void;
}

/**
 * One model per turn, with hooks that hand the exact request body and the raw response of the
 * step running now to that step (the provider layer calls them from its fetch).
 */
export class StepHooks {
  current: StepCapture | null = null;
  onRecord: ((url: string, body: unknown) => void) | null = null;

  readonly hooks: ModelHooks = {
    onRequest: (url, body) => {
      const capture = this.current;
      if (!capture || capture.requestRecorded) return;
      capture.url = url;
      capture.body = body;
      this.onRecord?.(url, body);
    },
    onResponse: (exchange) => {
      const capture = this.current;
      if (!capture) return;
      capture.exchange = exchange;
      capture.exchangeArrived();
    },
  };
}

export interface ModelStepInput {
  hub: Hub;
  conversationId: string;
  columnId: string;
  config: ColumnConfig;
  turn: number;
  step: number;
  model: LanguageModelV3;
  /** The provider layer's "every response captured" (absent for a model without HTTP). */
  settled?: () => Promise<void>;
  hooks: StepHooks;
  prompt: LanguageModelV3Prompt;
  tools: LanguageModelV3FunctionTool[];
  toolMap: PgModelRequest["toolMap"];
  findings: PgModelRequest["findings"];
  signal: AbortSignal;
  costOf(usage: TokenUsage): number | null;
}

export interface ModelStepResult {
  response: PgModelResponse;
  /** The user stopped the turn during this step. */
  stopped: boolean;
}

export function tokenUsage(usage: LanguageModelV3Usage | undefined): TokenUsage | null {
  if (!usage) return null;
  const out: TokenUsage = { inputTokens: usage.inputTokens.total ?? 0, outputTokens: usage.outputTokens.total ?? 0 };
  if (usage.inputTokens.cacheRead !== undefined) out.cachedInputTokens = usage.inputTokens.cacheRead;
  if (usage.outputTokens.reasoning !== undefined) out.reasoningTokens = usage.outputTokens.reasoning;
  return out;
}

/** Words and the raw value of whatever a provider threw or streamed as an error. */
function describeError(error: unknown): { message: string; raw?: unknown; http?: { status: number; body: string } } {
  if (error instanceof Error) {
    // The AI SDK's APICallError carries the provider's HTTP status and body.
    const api: { message: string; statusCode?: unknown; responseBody?: unknown } = error;
    const http =
      typeof api.statusCode === "number"
        ? { status: api.statusCode, body: typeof api.responseBody === "string" ? api.responseBody : "" }
        : undefined;
    return { message: error.message, ...(http ? { http } : {}) };
  }
  if (typeof error === "object" && error !== null) {
    const message = "message" in error ? error.message : undefined;
    return { message: typeof message === "string" ? message : JSON.stringify(error), raw: error };
  }
  return { message: String(error), raw: error };
}

/** Strings at least this long, already stored with their tool call, are not stored again in a request body. */
export const LONG_RESULT_CHARS = 64 * 1024;

/**
 * The long strings of the prompt's tool results (the text, the image data, the JSON as the
 * provider layer serializes it), each with the tool call it came from. Every later request of a
 * column re-sends them (they are the model's history), and each is already stored whole with its
 * pg_tool_call: recording them again would keep one more copy per request.
 */
function longResults(prompt: LanguageModelV3Prompt): Map<string, string> {
  const found = new Map<string, string>();
  const keep = (value: unknown, toolCallId: string) => {
    if (typeof value === "string" && value.length >= LONG_RESULT_CHARS) found.set(value, toolCallId);
  };
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output;
      if (output.type === "text" || output.type === "error-text") keep(output.value, part.toolCallId);
      else if (output.type === "json" || output.type === "error-json") keep(JSON.stringify(output.value), part.toolCallId);
      else if (output.type === "content") {
        keep(JSON.stringify(output.value), part.toolCallId);
        for (const item of output.value) keep("text" in item ? item.text : "data" in item ? item.data : undefined, part.toolCallId);
      }
    }
  }
  return found;
}

/** A copy of `body` with each string of `known` replaced by a note naming its tool call (the original is never changed). */
function withoutStoredResults(body: unknown, known: Map<string, string>): unknown {
  if (known.size === 0) return body;
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") {
      const toolCallId = known.get(value);
      return toolCallId === undefined
        ? value
        : `[Loupe: ${value.length.toLocaleString("en-US")} characters sent here are not stored again: the result of tool call "${toolCallId}", recorded with that call]`;
    }
    if (Array.isArray(value)) return value.map(walk);
    // Plain objects only: a URL or a byte array of the scripted model's prompt stays as it is.
    if (typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk(body);
}

/**
 * One model request of a turn: sent with the tools declared but never executed by the SDK
 * (`doStream` of the LanguageModelV3 itself, so what comes back is exactly the model's output,
 * tool-call input text included). Records pg_model_request, throttled pg_model_stream and
 * pg_model_response. A provider error is a response with status "error", never a throw.
 */
export async function runModelStep(input: ModelStepInput): Promise<ModelStepResult> {
  const { hub, conversationId, columnId, turn, step } = input;
  let arrived!: () => void;
  const exchangeArrived = new Promise<void>((resolve) => (arrived = resolve));
  const capture: StepCapture = { url: null, body: undefined, requestRecorded: false, exchange: null, exchangeArrived: () => arrived() };
  const recordRequest = (url: string | null, body: unknown) => {
    if (capture.requestRecorded) return;
    capture.requestRecorded = true;
    const request: PgModelRequest = {
      turn,
      step,
      provider: input.config.provider,
      model: input.config.model,
      url,
      body: withoutStoredResults(body, longResults(input.prompt)),
      toolMap: input.toolMap,
      findings: input.findings,
    };
    recordPg(hub, conversationId, columnId, "pg_model_request", request, "out");
  };
  input.hooks.current = capture;
  input.hooks.onRecord = recordRequest;

  const started = Date.now();
  let text = "";
  let reasoning = "";
  const toolCalls: PgModelToolCall[] = [];
  let usage: TokenUsage | null = null;
  let finishReason: string | null = null;
  let failure: ReturnType<typeof describeError> | null = null;
  let lastShown = 0;
  let shownText = "";
  const showProgress = (force: boolean) => {
    const now = Date.now();
    if (text + reasoning === shownText || (!force && now - lastShown < STREAM_ENTRY_MS)) return;
    lastShown = now;
    shownText = text + reasoning;
    recordPg(hub, conversationId, columnId, "pg_model_stream", { turn, step, text, ...(reasoning ? { reasoning } : {}) }, "in");
  };

  try {
    const result = await input.model.doStream({
      prompt: input.prompt,
      tools: input.tools,
      toolChoice: { type: "auto" },
      ...(input.config.temperature !== undefined ? { temperature: input.config.temperature } : {}),
      abortSignal: input.signal,
    });
    // A model without HTTP (the scripted one) has no hook call: its request is what it was given.
    recordRequest(capture.url, result.request?.body ?? { prompt: input.prompt, tools: input.tools });
    const reader = result.stream.getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    input.signal.addEventListener("abort", stop, { once: true });
    try {
      for (;;) {
        const { value: part, done } = await reader.read();
        if (done || input.signal.aborted) break;
        if (part.type === "text-delta") text += part.delta;
        else if (part.type === "reasoning-delta") reasoning += part.delta;
        else if (part.type === "tool-call") {
          const call = readToolCall(part.toolCallId, part.toolName, part.input);
          // Kept to go back with the call in the history (a Gemini thinking model's signature).
          toolCalls.push(part.providerMetadata ? { ...call, providerMetadata: part.providerMetadata } : call);
        } else if (part.type === "finish") {
          usage = tokenUsage(part.usage);
          finishReason = part.finishReason.raw ?? part.finishReason.unified;
        } else if (part.type === "error") failure ??= describeError(part.error);
        if (part.type === "text-delta" || part.type === "reasoning-delta") showProgress(false);
      }
    } finally {
      input.signal.removeEventListener("abort", stop);
    }
  } catch (error) {
    recordRequest(capture.url, capture.body ?? { prompt: input.prompt, tools: input.tools });
    if (!input.signal.aborted) failure = describeError(error);
  }
  const stopped = input.signal.aborted;
  if (stopped) failure = { message: "Stopped by the user" };
  showProgress(true);
  if (capture.url !== null && capture.exchange === null) {
    const captured = input.settled ? input.settled().catch(() => undefined) : exchangeArrived;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([captured, new Promise((r) => (timer = setTimeout(r, EXCHANGE_WAIT_MS)))]);
    clearTimeout(timer);
  }
  input.hooks.current = null;
  const exchange = capture.exchange;
  const http =
    exchange && exchange.status !== null
      ? { status: exchange.status, body: exchange.responseBody, ...(exchange.truncated ? { truncated: true } : {}) }
      : (failure?.http ?? null);
  const response: PgModelResponse = {
    turn,
    step,
    status: failure ? "error" : "ok",
    text,
    ...(reasoning ? { reasoning } : {}),
    toolCalls,
    finishReason,
    usage,
    costUsd: usage ? input.costOf(usage) : null,
    latencyMs: Date.now() - started,
    http,
    ...(failure ? { error: { message: failure.message, ...(failure.raw !== undefined ? { raw: failure.raw } : {}) } } : {}),
    ...(stopped ? { stopped: true } : {}),
  };
  recordPg(hub, conversationId, columnId, "pg_model_response", response, "in");
  return { response, stopped };
}
