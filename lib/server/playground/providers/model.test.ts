import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateText, jsonSchema, streamText, tool, type TextStreamPart, type ToolSet } from "ai";
import type { ColumnConfig, PlaygroundProvider } from "@/lib/contracts/playground";
import { prepareInput, toAnthropic, toGemini, toOpenAi, toOpenAiStrict } from "@/lib/schema/portability";
import { startFakeProvider, type FakeProvider, type ProviderWire } from "@/tests/fixtures/fake-providers";
import { tempDir } from "@/tests/support/servers";
import type { CapturedExchange } from "@/lib/server/playground/providers/capture";
import { createModel } from "@/lib/server/playground/providers/model";
import { declareTools, type DeclaredTool } from "@/lib/playground/declare-tools";

/**
 * createModel against the fake provider servers (tests/fixtures/fake-providers), which speak
 * each provider's real streaming wire: the real SDK clients stream through Loupe's capturing
 * fetch, the provider receives Portability's declarations, and no key leaks into what is kept.
 */

const data = tempDir("loupe-pg-model-");
process.env.LOUPE_DATA_DIR = data.dir;

const KEYS: Record<string, string> = {
  OPENAI_API_KEY: "sk-openai-test-7c1e5a9b2d",
  ANTHROPIC_API_KEY: "sk-ant-test-4f8a2c6e0b",
  GOOGLE_API_KEY: "AIza-google-test-91d3f5b7",
};
const saved = Object.fromEntries(Object.keys(KEYS).map((k) => [k, process.env[k]]));
Object.assign(process.env, KEYS);
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  data.cleanup();
});

const forecastSchema = {
  type: "object",
  properties: {
    city: { type: "string", minLength: 1, description: "City name" },
    days: { type: "integer", minimum: 1, maximum: 7, default: 1 },
    units: { type: "string", enum: ["metric", "imperial"] },
  },
  required: ["city"],
};
const toolSources = [
  {
    connectionId: "conn-weather",
    connectionName: "Weather",
    tool: { name: "get-forecast", description: "Weather forecast for a city.", inputSchema: forecastSchema },
  },
  { connectionId: "conn-weather", connectionName: "Weather", tool: { name: "ping", description: "No parameters." } },
  // An integer enum: Portability sends Gemini string values, on which the Google SDK's own converter throws.
  {
    connectionId: "conn-weather",
    connectionName: "Weather",
    tool: { name: "set-level", inputSchema: { type: "object", properties: { level: { type: "integer", enum: [1, 2, 3] } } } },
  },
];

function sdkTools(declared: DeclaredTool[]): ToolSet {
  return Object.fromEntries(declared.map((d) => [d.name, tool({ description: d.description, inputSchema: jsonSchema(d.inputSchema) })]));
}

async function collect(stream: AsyncIterable<TextStreamPart<ToolSet>>) {
  const parts: TextStreamPart<ToolSet>[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** The declarations as the provider received them, by name: [schema or null (none sent), strict flag]. */
function received(wire: ProviderWire, body: unknown): Record<string, { schema: unknown; strict?: unknown }> {
  const b = body as Record<string, unknown>;
  if (wire === "openai") {
    return Object.fromEntries(
      (b.tools as { function: { name: string; parameters: unknown; strict?: unknown } }[]).map((t) => [
        t.function.name,
        { schema: t.function.parameters, strict: t.function.strict },
      ]),
    );
  }
  if (wire === "anthropic")
    return Object.fromEntries((b.tools as { name: string; input_schema: unknown }[]).map((t) => [t.name, { schema: t.input_schema }]));
  return Object.fromEntries(
    (b.tools as { functionDeclarations: { name: string; parameters?: unknown }[] }[]).flatMap((t) =>
      t.functionDeclarations.map((d) => [d.name, { schema: d.parameters ?? null }]),
    ),
  );
}

const prepared = prepareInput(forecastSchema).schema;
const CASES: {
  provider: Exclude<PlaygroundProvider, "scripted">;
  wire: ProviderWire;
  model: string;
  port: number;
  expected: unknown;
  key: string | null;
}[] = [
  { provider: "openai", wire: "openai", model: "gpt-4o-mini", port: 8510, expected: toOpenAi(prepared).schema, key: KEYS.OPENAI_API_KEY! },
  {
    provider: "anthropic",
    wire: "anthropic",
    model: "claude-sonnet-4-5",
    port: 8511,
    expected: toAnthropic(prepared).schema,
    key: KEYS.ANTHROPIC_API_KEY!,
  },
  {
    provider: "google",
    wire: "gemini",
    model: "gemini-2.5-flash",
    port: 8512,
    expected: toGemini(prepared).schema,
    key: KEYS.GOOGLE_API_KEY!,
  },
  { provider: "openai-compatible", wire: "openai", model: "llama3.2", port: 8513, expected: toOpenAi(prepared).schema, key: null },
];

describe.each(CASES)("createModel($provider) against the fake $wire server", ({ provider, wire, model, port, expected, key }) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider(wire, { port, requireKey: key !== null, ...(key ? { apiKey: key } : {}) });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    expect(fake.pending()).toBe(0);
    fake.requests.length = 0;
  });
  const config = (extra: Partial<ColumnConfig> = {}): ColumnConfig => ({
    provider,
    model,
    baseUrl: fake.baseUrl,
    strict: false,
    maxSteps: 20,
    ...extra,
  });

  it("streams a text reply with usage; the exchange is captured as sent and received, without the key", async () => {
    fake.enqueue({ text: "Lisbon is sunny all week.", usage: { inputTokens: 40, outputTokens: 7 } });
    const requests: { url: string; body: unknown }[] = [];
    const responses: CapturedExchange[] = [];
    const created = createModel(config(), {
      onRequest: (url, body) => requests.push({ url, body }),
      onResponse: (ex) => responses.push(ex),
    });
    const result = streamText({ model: created.model, prompt: "Weather in Lisbon?", maxRetries: 0 });
    const deltas = (await collect(result.fullStream)).filter((p) => p.type === "text-delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(await result.text).toBe("Lisbon is sunny all week.");
    const usage = await result.usage;
    expect([usage.inputTokens, usage.outputTokens]).toEqual([40, 7]);
    await created.settled();

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    if (key) expect(req.apiKey).toBe(key);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`${fake.origin}${req.path}`);
    expect(requests[0]!.body).toEqual(req.body);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ url: requests[0]!.url, status: 200, truncated: false });
    expect(responses[0]!.responseBody).toMatch(/^(event: \S+\n)?data: /);
    expect(responses[0]!.responseBody).toContain("sunny");
    if (key) expect(JSON.stringify([requests, responses])).not.toContain(key);
  });

  it("declares Portability's schemas, gets a tool call back parsed, with usage", async () => {
    const { declared } = declareTools(provider, false, toolSources);
    fake.enqueue({
      toolCalls: [{ name: "get-forecast", arguments: { city: "Porto", days: 2 } }],
      usage: { inputTokens: 120, outputTokens: 15 },
    });
    const created = createModel(config());
    const result = streamText({ model: created.model, prompt: "Porto?", tools: sdkTools(declared), maxRetries: 0 });
    const calls = (await collect(result.fullStream)).filter((p) => p.type === "tool-call");
    expect(calls.map((c) => [c.toolName, c.input])).toEqual([["get-forecast", { city: "Porto", days: 2 }]]);
    expect(await result.finishReason).toBe("tool-calls");
    expect((await result.usage).inputTokens).toBe(120);

    const got = received(wire, fake.requests[0]!.body);
    expect(Object.keys(got).sort()).toEqual(["get-forecast", "ping", "set-level"]);
    for (const d of declared) expect(got[d.name]!.schema, d.name).toEqual(wire === "gemini" && d.name === "ping" ? null : d.inputSchema);
    // The schema the provider received IS the Portability output for its target.
    expect(got["get-forecast"]!.schema).toEqual(expected);
    expect(got["get-forecast"]!.schema).toEqual(declared.find((d) => d.name === "get-forecast")!.inputSchema);
    if (wire === "gemini") {
      // Kept although the SDK's own converter drops them; a tool without parameters gets none.
      expect(got["get-forecast"]!.schema).toMatchObject({ properties: { days: { minimum: 1, maximum: 7, default: 1 } } });
      expect(got.ping!.schema).toBeNull();
    }
  });

  it("answers a non-streamed call too, its JSON body captured", async () => {
    fake.enqueue({ text: "Short answer.", usage: { inputTokens: 5, outputTokens: 2 } });
    const responses: CapturedExchange[] = [];
    const created = createModel(config(), { onResponse: (ex) => responses.push(ex) });
    const result = await generateText({ model: created.model, prompt: "hi", maxRetries: 0 });
    expect(result.text).toBe("Short answer.");
    await created.settled();
    expect(fake.requests[0]!.stream).toBe(false);
    expect(responses).toHaveLength(1);
    expect(JSON.parse(responses[0]!.responseBody)).toBeTypeOf("object");
    expect(responses[0]!.responseBody).toContain("Short answer.");
  });

  if (wire === "openai") {
    it("strict mode sends the openai-strict declarations with strict: true", async () => {
      const { declared } = declareTools(provider, true, toolSources);
      fake.enqueue({ text: "ok" });
      const result = streamText({
        model: createModel(config({ strict: true })).model,
        prompt: "hi",
        tools: sdkTools(declared),
        maxRetries: 0,
      });
      await result.text;
      const got = received(wire, fake.requests[0]!.body);
      expect(got["get-forecast"]).toEqual({ schema: toOpenAiStrict(prepared).schema, strict: true });
      expect(got["get-forecast"]!.schema).toMatchObject({ additionalProperties: false, required: ["city", "days", "units"] });
    });
  }

  if (key) {
    it("keeps the key out of an error and of the captured body when the endpoint echoes it", async () => {
      fake.enqueue({ error: { status: 401, message: `Invalid key ${key} for this project` } });
      const responses: CapturedExchange[] = [];
      const created = createModel(config(), { onResponse: (ex) => responses.push(ex) });
      const parts = await collect(streamText({ model: created.model, prompt: "hi", maxRetries: 0, onError: () => undefined }).fullStream);
      const error = (parts.find((p) => p.type === "error") as { error: unknown } | undefined)?.error;
      expect(error).toBeDefined();
      const shown = `${error instanceof Error ? error.message : ""} ${JSON.stringify(error)}`;
      expect(shown).toContain("Invalid key [redacted]");
      expect(shown).not.toContain(key);
      await created.settled();
      expect(responses[0]!.status).toBe(401);
      expect(responses[0]!.responseBody).not.toContain(key);
    });
  }
});

describe("createModel(scripted)", () => {
  it("is the offline scripted model: no key, no HTTP, and it calls a declared tool with arguments from the message", async () => {
    const saved = { ...process.env };
    for (const k of Object.keys(KEYS)) delete process.env[k];
    try {
      const requests: string[] = [];
      const created = createModel(
        { provider: "scripted", model: "scripted", strict: false, maxSteps: 20 },
        { onRequest: (url) => requests.push(url) },
      );
      expect(created.model.provider).toBe("scripted");
      const { declared } = declareTools("scripted", false, toolSources);
      expect(declared.find((d) => d.name === "get-forecast")!.inputSchema).toEqual(prepared);
      const result = streamText({
        model: created.model,
        prompt: "What is the forecast for Lisbon?",
        tools: sdkTools(declared),
        maxRetries: 0,
      });
      const calls = (await collect(result.fullStream)).filter((p) => p.type === "tool-call");
      expect(calls.map((c) => c.toolName)).toContain("get-forecast");
      expect(calls.find((c) => c.toolName === "get-forecast")!.input).toMatchObject({ city: expect.stringMatching(/lisbon/i) });
      await created.settled();
      expect(requests).toEqual([]);
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
