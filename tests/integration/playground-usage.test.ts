import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColumnConfig, Conversation, PgModelResponse, PgTurn } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { costOf } from "@/lib/server/playground/providers/pricing";
import { startFakeProvider, type FakeProvider, type ProviderWire } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import {
  raws,
  ctx,
  playgroundDataDir,
  connectEverything,
  providerKeys,
  jsonPostTo as post,
  closeConnections,
  turnEnded,
} from "@/tests/support/playground";

/**
 * Usage and cost as a user reading the bill expects: per step as the provider reported it (cached
 * input and reasoning included), each turn the sum of its steps, the column the sum of its turns;
 * a model Loupe has no price for is "price unknown" (null) everywhere, never NaN or a guess.
 */

const data = playgroundDataDir("loupe-playground-usage-");
const KEY = providerKeys("test-key-usage-1234");

const WIRES: { wire: ProviderWire; provider: ColumnConfig["provider"]; model: string; unknown: string }[] = [
  { wire: "openai", provider: "openai", model: "gpt-4o-mini", unknown: "gpt-imaginary-9" },
  { wire: "anthropic", provider: "anthropic", model: "claude-sonnet-4-5", unknown: "claude-imaginary-9" },
  { wire: "gemini", provider: "google", model: "gemini-2.5-flash", unknown: "gemini-imaginary-9" },
];

let everything = "";
beforeAll(async () => {
  everything = await connectEverything();
});
afterAll(() => closeConnections(data));

async function column(id: string) {
  const list = (await (await conversations.GET()).json()) as Conversation[];
  return list.find((c) => c.id === id)!.columns[0]!;
}

describe.each(WIRES)("usage and cost on the $wire wire", ({ wire, provider, model, unknown }) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider(wire, { apiKey: KEY });
  });
  afterAll(() => fake.close());

  async function run(modelId: string): Promise<string> {
    // Anthropic's input_tokens leave cache reads out (the SDK adds them back); the others count them in.
    const reasoning = wire === "anthropic" ? {} : { reasoningTokens: 30 };
    fake.enqueue({
      toolCalls: [{ name: "echo", arguments: { message: "a" } }],
      usage: { inputTokens: 1000, outputTokens: 100, cachedInputTokens: 400, ...reasoning },
    });
    fake.enqueue({ text: "One.", usage: { inputTokens: 2000, outputTokens: 50, cachedInputTokens: 1500 } });
    fake.enqueue({ text: "Two.", usage: { inputTokens: 500, outputTokens: 10 } });
    const res = await conversations.POST(
      post("/api/playground/conversations", {
        servers: [{ connectionId: everything, tools: ["echo"] }],
        policy: "never",
        columns: [{ provider, model: modelId, baseUrl: fake.baseUrl }],
      }),
    );
    const { id } = (await res.json()) as Conversation;
    await messages.POST(post("/x", { text: "one" }), ctx({ id }));
    expect((await turnEnded(id, 1)).status).toBe("done");
    await messages.POST(post("/x", { text: "two" }), ctx({ id }));
    expect((await turnEnded(id, 2)).status).toBe("done");
    return id;
  }

  it("each step as reported, each turn the sum of its steps, the column the sum of its turns", async () => {
    const id = await run(model);
    const entries = getHub().list(id, { limit: 5000 });
    const steps = raws<PgModelResponse>(entries, "pg_model_response");
    const cachedIn = (n: number, cached: number) => (wire === "anthropic" ? n + cached : n);
    expect(steps.map((s) => s.usage)).toEqual([
      {
        inputTokens: cachedIn(1000, 400),
        outputTokens: 100,
        cachedInputTokens: 400,
        ...(wire === "anthropic" ? {} : { reasoningTokens: 30 }),
      },
      {
        inputTokens: cachedIn(2000, 1500),
        outputTokens: 50,
        cachedInputTokens: 1500,
        ...(wire === "anthropic" ? {} : { reasoningTokens: 0 }),
      },
      { inputTokens: 500, outputTokens: 10, cachedInputTokens: 0, ...(wire === "anthropic" ? {} : { reasoningTokens: 0 }) },
    ]);
    for (const s of steps) expect(s.costUsd).toBeCloseTo(costOf(provider, model, s.usage!)!, 12);
    // Cached input is billed at the cached rate: cheaper than the same tokens uncached.
    expect(steps[1]!.costUsd!).toBeLessThan(costOf(provider, model, { ...steps[1]!.usage!, cachedInputTokens: 0 })!);

    const turns = raws<PgTurn>(entries, "pg_turn").filter((t) => t.status !== "running");
    expect(turns[0]!.usage).toEqual({
      inputTokens: steps[0]!.usage!.inputTokens + steps[1]!.usage!.inputTokens,
      outputTokens: 150,
      cachedInputTokens: 1900,
      ...(wire === "anthropic" ? {} : { reasoningTokens: 30 }),
    });
    expect(turns[0]!.costUsd).toBeCloseTo(steps[0]!.costUsd! + steps[1]!.costUsd!, 12);
    expect(turns[1]!.costUsd).toBeCloseTo(steps[2]!.costUsd!, 12);
    const col = await column(id);
    expect(col.usage.inputTokens).toBe(turns[0]!.usage.inputTokens + turns[1]!.usage.inputTokens);
    expect(col.usage.outputTokens).toBe(160);
    expect(col.usage.cachedInputTokens).toBe(1900);
    expect(col.costUsd).toBeCloseTo(turns[0]!.costUsd! + turns[1]!.costUsd!, 12);
  });

  it("a model without a price is null everywhere, never NaN", async () => {
    const id = await run(unknown);
    const entries = getHub().list(id, { limit: 5000 });
    expect(raws<PgModelResponse>(entries, "pg_model_response").map((s) => s.costUsd)).toEqual([null, null, null]);
    expect(
      raws<PgTurn>(entries, "pg_turn")
        .filter((t) => t.status !== "running")
        .map((t) => t.costUsd),
    ).toEqual([null, null]);
    const col = await column(id);
    expect(col.costUsd).toBeNull();
    expect(col.usage.outputTokens).toBe(160);
    expect(JSON.stringify(await (await conversations.GET()).json())).not.toContain("NaN");
  });
});
