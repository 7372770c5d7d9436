import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { APICallError, generateText, jsonSchema, streamText, tool, type LanguageModel, type TextStreamPart, type ToolSet } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { startFakeProvider, type FakeProvider, type ProviderWire } from "@/tests/fixtures/fake-providers";

/**
 * The fake provider servers speak each provider's real wire: the REAL @ai-sdk clients, pointed
 * at them by baseURL, stream text, parse split tool-call arguments, read usage, and surface
 * provider errors and key rejections as they would against the real API.
 */

const KEY = "test-key-1234";

type Client = "openai" | "anthropic" | "google" | "openai-compatible";
const CLIENTS: { client: Client; wire: ProviderWire; model: string }[] = [
  { client: "openai", wire: "openai", model: "gpt-4o-mini" },
  { client: "anthropic", wire: "anthropic", model: "claude-sonnet-4-5" },
  { client: "google", wire: "gemini", model: "gemini-2.5-flash" },
  { client: "openai-compatible", wire: "openai", model: "llama3.2" },
];

function modelFor(client: Client, fake: FakeProvider, model: string, apiKey: string = KEY): LanguageModel {
  switch (client) {
    case "openai":
      return createOpenAI({ baseURL: fake.baseUrl, apiKey }).chat(model);
    case "anthropic":
      return createAnthropic({ baseURL: fake.baseUrl, apiKey })(model);
    case "google":
      return createGoogleGenerativeAI({ baseURL: fake.baseUrl, apiKey })(model);
    case "openai-compatible":
      return createOpenAICompatible({ name: "local", baseURL: fake.baseUrl, apiKey, includeUsage: true })(model);
  }
}

// Declarations only (no execute): the caller gets the tool calls back, as the playground does.
const tools = {
  "get-forecast": tool({
    description: "Weather forecast for a city.",
    inputSchema: jsonSchema<{ city: string; days?: number }>({
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 7 } },
      required: ["city"],
      additionalProperties: false,
    }),
  }),
  "book-hotel": tool({
    description: "Book a hotel room.",
    inputSchema: jsonSchema<{ hotelId: string; nights: number }>({
      type: "object",
      properties: { hotelId: { type: "string" }, nights: { type: "integer" } },
      required: ["hotelId", "nights"],
    }),
  }),
} satisfies ToolSet;

async function collect(stream: AsyncIterable<TextStreamPart<ToolSet>>) {
  const parts: TextStreamPart<ToolSet>[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** The tool names the provider was sent, read from its own request shape. */
function declaredToolNames(wire: ProviderWire, body: unknown): string[] {
  const b = body as Record<string, unknown>;
  if (wire === "openai") return (b.tools as { function: { name: string } }[]).map((t) => t.function.name);
  if (wire === "anthropic") return (b.tools as { name: string }[]).map((t) => t.name);
  return (b.tools as { functionDeclarations: { name: string }[] }[]).flatMap((t) => t.functionDeclarations.map((d) => d.name));
}

describe.each(CLIENTS)("$client client against the fake $wire wire", ({ client, wire, model }) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider(wire, { apiKey: KEY });
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    expect(fake.pending()).toBe(0);
    fake.requests.length = 0;
  });

  it("streams text in several deltas, with usage and finish reason", async () => {
    fake.enqueue({ text: "Lisbon is sunny all week, around 24 degrees.", usage: { inputTokens: 42, outputTokens: 9 } });
    const result = streamText({ model: modelFor(client, fake, model), prompt: "Weather in Lisbon?", maxRetries: 0 });
    const parts = await collect(result.fullStream);
    const deltas = parts.filter((p) => p.type === "text-delta").map((p) => (p as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join("")).toBe("Lisbon is sunny all week, around 24 degrees.");
    expect(await result.text).toBe("Lisbon is sunny all week, around 24 degrees.");
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(42);
    expect(usage.outputTokens).toBe(9);
    expect(await result.finishReason).toBe("stop");

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.stream).toBe(true);
    expect(req!.model).toBe(model);
    expect(req!.apiKey).toBe(KEY);
    expect(JSON.stringify(req!.headers)).not.toContain(KEY);
    expect(JSON.stringify(req!.body)).toContain("Weather in Lisbon?");
    if (wire === "gemini") expect(req!.query.alt).toBe("sse");
  });

  it("streams a tool call whose arguments arrive split, parsed to the right object; the declarations are recorded", async () => {
    fake.enqueue({ toolCalls: [{ name: "get-forecast", arguments: { city: "Lisbon", days: 3 }, argumentChunks: 4 }] });
    const result = streamText({ model: modelFor(client, fake, model), prompt: "Weather in Lisbon for 3 days?", tools, maxRetries: 0 });
    const parts = await collect(result.fullStream);
    const calls = parts.filter((p) => p.type === "tool-call");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: "get-forecast", input: { city: "Lisbon", days: 3 } });
    expect((calls[0] as { invalid?: boolean }).invalid).toBeUndefined();
    expect(await result.finishReason).toBe("tool-calls");
    if (wire !== "gemini") {
      // OpenAI and Anthropic stream argument text: the client saw it in pieces.
      const inputDeltas = parts.filter((p) => p.type === "tool-input-delta" && p.delta !== "");
      expect(inputDeltas.length).toBeGreaterThanOrEqual(3);
    }
    expect(declaredToolNames(wire, fake.requests[0]!.body).sort()).toEqual(["book-hotel", "get-forecast"]);
  });

  it("streams two tool calls in one turn", async () => {
    fake.enqueue({
      text: "Checking both.",
      toolCalls: [
        { name: "get-forecast", arguments: { city: "Madrid" } },
        { name: "book-hotel", arguments: { hotelId: "hotel-madrid-centro", nights: 2 } },
      ],
    });
    const result = streamText({ model: modelFor(client, fake, model), prompt: "Madrid", tools, maxRetries: 0 });
    const calls = (await collect(result.fullStream)).filter((p) => p.type === "tool-call");
    expect(calls.map((c) => [c.toolName, c.input])).toEqual([
      ["get-forecast", { city: "Madrid" }],
      ["book-hotel", { hotelId: "hotel-madrid-centro", nights: 2 }],
    ]);
    expect(new Set(calls.map((c) => c.toolCallId)).size).toBe(2);
    expect(await result.text).toBe("Checking both.");
  });

  it("answers a non-streaming request with text, a tool call and usage", async () => {
    fake.enqueue({
      text: "Booking now.",
      toolCalls: [{ name: "book-hotel", arguments: { hotelId: "hotel-paris-marais", nights: 1 } }],
      usage: { inputTokens: 7, outputTokens: 5 },
    });
    const result = await generateText({ model: modelFor(client, fake, model), prompt: "Book Paris", tools, maxRetries: 0 });
    expect(result.text).toBe("Booking now.");
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([["book-hotel", { hotelId: "hotel-paris-marais", nights: 1 }]]);
    expect(result.usage.inputTokens).toBe(7);
    expect(result.usage.outputTokens).toBe(5);
    expect(result.finishReason).toBe("tool-calls");
    expect(fake.requests[0]!.stream).toBe(false);
  });

  it("sends the tool result back in the next request", async () => {
    fake.enqueue(
      { toolCalls: [{ name: "get-forecast", id: wire === "gemini" ? undefined : "call_fixed_1", arguments: { city: "Porto" } }] },
      (req) => {
        const sent = JSON.stringify(req.body);
        return { text: sent.includes("Rain in Porto") ? "It rains in Porto." : "no result seen" };
      },
    );
    const first = await generateText({ model: modelFor(client, fake, model), prompt: "Porto?", tools, maxRetries: 0 });
    const call = first.toolCalls[0]!;
    const second = await generateText({
      model: modelFor(client, fake, model),
      tools,
      maxRetries: 0,
      messages: [
        { role: "user", content: "Porto?" },
        ...first.response.messages,
        {
          role: "tool",
          content: [
            { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, output: { type: "text", value: "Rain in Porto" } },
          ],
        },
      ],
    });
    expect(second.text).toBe("It rains in Porto.");
    expect(fake.requests).toHaveLength(2);
  });

  it("surfaces a provider error status as APICallError with the provider's message", async () => {
    fake.enqueue({ error: { status: 429, message: "Rate limit reached for requests" } });
    const err = await generateText({ model: modelFor(client, fake, model), prompt: "hi", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).statusCode).toBe(429);
    expect((err as APICallError).message).toBe("Rate limit reached for requests");

    fake.enqueue({ error: { status: 400, message: "messages: bad shape" } });
    const errors: unknown[] = [];
    const result = streamText({
      model: modelFor(client, fake, model),
      prompt: "hi",
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    const parts = await collect(result.fullStream);
    const errorPart = parts.find((p) => p.type === "error") as { error: unknown } | undefined;
    expect(APICallError.isInstance(errorPart?.error)).toBe(true);
    expect((errorPart!.error as APICallError).statusCode).toBe(400);
    expect((errorPart!.error as APICallError).message).toBe("messages: bad shape");
    expect((errorPart!.error as APICallError).responseBody).toContain("messages: bad shape");
  });

  it("fails mid-stream with the provider's in-stream error frame, after some text arrived", async () => {
    // Frames before the error: OpenAI role + one text chunk; Anthropic message_start,
    // content_block_start, ping, one text_delta; Gemini one text chunk.
    const afterChunks = wire === "openai" ? 2 : wire === "anthropic" ? 4 : 1;
    fake.enqueue({ text: "one two three four five six", streamError: { message: "Overloaded right now", afterChunks } });
    const result = streamText({ model: modelFor(client, fake, model), prompt: "hi", maxRetries: 0, onError: () => undefined });
    const parts = await collect(result.fullStream);
    const text = parts.flatMap((p) => (p.type === "text-delta" ? [p.text] : [])).join("");
    expect(text).toBe("one two");
    const errorPart = parts.find((p) => p.type === "error") as { error: unknown } | undefined;
    const message = (errorPart?.error as { message?: string } | undefined)?.message ?? JSON.stringify(errorPart?.error);
    expect(message).toContain("Overloaded right now");

    fake.enqueue({ text: "never sent", streamError: { message: "Overloaded right now", status: 503 } });
    const err = await generateText({ model: modelFor(client, fake, model), prompt: "hi", maxRetries: 0 }).catch((e: unknown) => e);
    expect((err as APICallError).statusCode).toBe(503);
    expect((err as APICallError).message).toBe("Overloaded right now");
  });

  it("rejects a request without a key, and one with the wrong key, like the real API", async () => {
    const missing = await generateText({ model: modelFor(client, fake, model, ""), prompt: "hi", maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(missing)).toBe(true);
    expect((missing as APICallError).statusCode).toBe(wire === "gemini" ? 403 : 401);
    expect((missing as APICallError).message).toMatch(
      wire === "openai" ? /didn't provide an API key/ : wire === "anthropic" ? /x-api-key header is required/ : /unregistered callers/,
    );

    const wrong = await generateText({ model: modelFor(client, fake, model, "wrong-key-9999"), prompt: "hi", maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(wrong)).toBe(true);
    expect((wrong as APICallError).statusCode).toBe(wire === "gemini" ? 400 : 401);
    expect((wrong as APICallError).message).toMatch(
      wire === "openai" ? /Incorrect API key provided: wro\*+9999/ : wire === "anthropic" ? /invalid x-api-key/ : /API key not valid/,
    );
    expect(fake.requests.map((r) => r.apiKey)).toEqual([null, "wrong-key-9999"]);
  });

  it.runIf(wire !== "gemini")("hands malformed tool-call JSON back raw", async () => {
    fake.enqueue({ toolCalls: [{ name: "get-forecast", rawArguments: '{"city": "Lisbon", "days": 3', argumentChunks: 2 }] });
    const result = streamText({ model: modelFor(client, fake, model), prompt: "Lisbon", tools, maxRetries: 0 });
    const calls = (await collect(result.fullStream)).filter((p) => p.type === "tool-call");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: "get-forecast", invalid: true, input: '{"city": "Lisbon", "days": 3' });
  });
});

describe("fake provider details", () => {
  it("an OpenAI-compatible endpoint can run without a key (Ollama-style)", async () => {
    const fake = await startFakeProvider("openai", { requireKey: false });
    try {
      fake.enqueue({ text: "hello there" });
      const model = createOpenAICompatible({ name: "ollama", baseURL: fake.baseUrl })("llama3.2");
      const result = await generateText({ model, prompt: "hi", maxRetries: 0 });
      expect(result.text).toBe("hello there");
      expect(fake.requests[0]!.apiKey).toBeNull();
    } finally {
      await fake.close();
    }
  });

  it("OpenAI sends the usage chunk only when the request asks for it", async () => {
    const fake = await startFakeProvider("openai");
    try {
      fake.enqueue({ text: "one two three" });
      const model = createOpenAICompatible({ name: "vllm", baseURL: fake.baseUrl, apiKey: KEY, includeUsage: false })("m");
      const result = streamText({ model, prompt: "hi", maxRetries: 0 });
      expect(await result.text).toBe("one two three");
      expect((await result.usage).inputTokens).toBeUndefined();
      expect((fake.requests[0]!.body as { stream_options?: unknown }).stream_options).toBeUndefined();
    } finally {
      await fake.close();
    }
  });

  it("an empty queue answers with a provider error naming it, and a 404 for unknown paths", async () => {
    const fake = await startFakeProvider("anthropic");
    try {
      const err = await generateText({
        model: createAnthropic({ baseURL: fake.baseUrl, apiKey: KEY })("claude"),
        prompt: "hi",
        maxRetries: 0,
      }).catch((e: unknown) => e);
      expect((err as APICallError).statusCode).toBe(500);
      expect((err as APICallError).message).toMatch(/no scripted reply left/);
      const res = await fetch(`${fake.origin}/v1/complete`, { method: "POST", headers: { "x-api-key": KEY }, body: "{}" });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    } finally {
      await fake.close();
    }
  });

  it("Gemini without alt=sse streams one JSON array, and takes the key as ?key=", async () => {
    const fake = await startFakeProvider("gemini");
    try {
      fake.enqueue({ text: "a b c d e" });
      const res = await fetch(`${fake.baseUrl}/models/gemini-2.5-flash:streamGenerateContent?key=${KEY}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
      });
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      const chunks = (await res.json()) as { candidates: { content: { parts: { text: string }[] }; finishReason?: string }[] }[];
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.map((c) => c.candidates[0]!.content.parts[0]!.text).join("")).toBe("a b c d e");
      expect(chunks.at(-1)!.candidates[0]!.finishReason).toBe("STOP");
      expect(fake.requests[0]!.apiKey).toBe(KEY);
    } finally {
      await fake.close();
    }
  });

  it("Anthropic without the anthropic-version header is a 400, as on the real API", async () => {
    const fake = await startFakeProvider("anthropic");
    try {
      const res = await fetch(`${fake.baseUrl}/messages`, {
        method: "POST",
        headers: { "x-api-key": KEY, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        type: "error",
        error: { type: "invalid_request_error", message: "anthropic-version: header is required" },
      });
    } finally {
      await fake.close();
    }
  });
});
