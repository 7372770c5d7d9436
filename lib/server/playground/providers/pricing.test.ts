import { describe, expect, it } from "vitest";
import { costOf, priceOf } from "@/lib/server/playground/providers/pricing";
import { PROVIDER_INFO } from "@/lib/server/playground/providers/catalog";

const usage = (inputTokens: number, outputTokens: number, cachedInputTokens?: number) => ({
  inputTokens,
  outputTokens,
  ...(cachedInputTokens !== undefined ? { cachedInputTokens } : {}),
});

describe("costOf", () => {
  it("prices input and output per million tokens", () => {
    // gpt-4o-mini: $0.15 in, $0.60 out per 1M.
    expect(costOf("openai", "gpt-4o-mini", usage(1_000_000, 1_000_000))).toBeCloseTo(0.75, 10);
    // claude-sonnet-4-5: $3 in, $15 out: 2,000 in + 500 out = 0.006 + 0.0075.
    expect(costOf("anthropic", "claude-sonnet-4-5", usage(2000, 500))).toBeCloseTo(0.0135, 10);
  });

  it("bills cached input tokens at the cached rate (they are counted inside inputTokens)", () => {
    // gpt-4.1: $2 in, $0.50 cached, $8 out: 600k fresh + 400k cached = 1.2 + 0.2.
    expect(costOf("openai", "gpt-4.1", usage(1_000_000, 0, 400_000))).toBeCloseTo(1.4, 10);
    // More cached than input (a provider quirk) never bills negative fresh tokens.
    expect(costOf("openai", "gpt-4.1", usage(100, 0, 500))).toBeCloseTo((100 * 0.5) / 1e6, 12);
  });

  it("switches Gemini 2.5 Pro to its long-prompt rates over 200k prompt tokens", () => {
    expect(costOf("google", "gemini-2.5-pro", usage(200_000, 0))).toBeCloseTo(0.25, 10);
    expect(costOf("google", "gemini-2.5-pro", usage(300_000, 1000))).toBeCloseTo(0.75 + 0.015, 10);
  });

  it("recognizes dated snapshots, -latest and Gemini's models/ prefix, but never prices a different model by prefix", () => {
    expect(priceOf("anthropic", "claude-sonnet-4-5-20250929")).toEqual(priceOf("anthropic", "claude-sonnet-4-5"));
    expect(priceOf("openai", "gpt-4o-2024-08-06")).toEqual(priceOf("openai", "gpt-4o"));
    expect(priceOf("anthropic", "claude-3-7-sonnet-latest")).toEqual(priceOf("anthropic", "claude-3-7-sonnet"));
    expect(priceOf("google", "models/gemini-2.0-flash-001")).toEqual(priceOf("google", "gemini-2.0-flash"));
    expect(priceOf("anthropic", "claude-opus-4-20250514")?.input).toBe(15);
    expect(priceOf("anthropic", "claude-opus-4-9")).toBeNull();
    expect(priceOf("openai", "gpt-4o-mini-tts")).toBeNull();
  });

  it("is null for an unknown model and for OpenAI-compatible endpoints; 0 for the scripted model", () => {
    expect(costOf("openai", "my-fine-tune", usage(10, 10))).toBeNull();
    expect(costOf("openai-compatible", "gpt-4o-mini", usage(10, 10))).toBeNull();
    expect(costOf("scripted", "scripted", usage(10, 10))).toBe(0);
  });

  it("has a price for every model the picker suggests", () => {
    for (const p of ["openai", "anthropic", "google"] as const) {
      for (const m of PROVIDER_INFO[p].suggestedModels) expect(priceOf(p, m), `${p}/${m}`).not.toBeNull();
    }
  });
});
