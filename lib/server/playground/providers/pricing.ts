import "server-only";
import type { PlaygroundProvider, TokenUsage } from "@/lib/contracts/playground";

/** USD per 1M tokens. `cachedInput` absent: cached tokens are billed at `input` (never undercounted). */
export interface Price {
  input: number;
  output: number;
  cachedInput?: number;
  /** A higher rate for the whole request once its prompt is over `threshold` tokens (Gemini Pro). */
  long?: { threshold: number; input: number; output: number; cachedInput?: number };
}

/*
 * Standard-tier list prices, looked up on 2026-11-24 (search of the providers' pricing pages and
 * dated copies of them):
 *  - OpenAI: developers.openai.com/api/docs/pricing (as read 2026-11-05 and in March 2026 copies);
 *    GPT-5 family cached input at 10 %, GPT-4.1 at 25 %, GPT-4o at 50 %.
 *  - Anthropic: platform.claude.com/docs/en/about-claude/pricing ("Cache hits and refreshes" is
 *    the cached rate; 5m/1h cache writes cost more than input and are billed here at the input
 *    rate, since the usage Loupe keeps does not separate them).
 *  - Google: ai.google.dev/gemini-api/docs/pricing (paid tier, text; context caching at 10 %).
 * Batch, priority and flex tiers do not apply to the playground's streamed calls.
 */
export const PRICES: Record<"openai" | "anthropic" | "google", Record<string, Price>> = {
  openai: {
    "gpt-5.4": { input: 2.5, output: 15, cachedInput: 0.25 },
    "gpt-5.4-mini": { input: 0.75, output: 4.5, cachedInput: 0.075 },
    "gpt-5.1": { input: 1.25, output: 10, cachedInput: 0.125 },
    "gpt-5": { input: 1.25, output: 10, cachedInput: 0.125 },
    "gpt-5-mini": { input: 0.25, output: 2, cachedInput: 0.025 },
    "gpt-5-nano": { input: 0.05, output: 0.4, cachedInput: 0.005 },
    "gpt-4.1": { input: 2, output: 8, cachedInput: 0.5 },
    "gpt-4.1-mini": { input: 0.4, output: 1.6, cachedInput: 0.1 },
    "gpt-4.1-nano": { input: 0.1, output: 0.4, cachedInput: 0.025 },
    "gpt-4o": { input: 2.5, output: 10, cachedInput: 1.25 },
    "gpt-4o-mini": { input: 0.15, output: 0.6, cachedInput: 0.075 },
    o3: { input: 2, output: 8, cachedInput: 0.5 },
    "o4-mini": { input: 1.1, output: 4.4, cachedInput: 0.275 },
  },
  anthropic: {
    "claude-opus-5": { input: 5, output: 25, cachedInput: 0.5 },
    "claude-opus-4-8": { input: 5, output: 25, cachedInput: 0.5 },
    "claude-opus-4-7": { input: 5, output: 25, cachedInput: 0.5 },
    "claude-opus-4-6": { input: 5, output: 25, cachedInput: 0.5 },
    "claude-opus-4-5": { input: 5, output: 25, cachedInput: 0.5 },
    "claude-opus-4-1": { input: 15, output: 75, cachedInput: 1.5 },
    "claude-opus-4": { input: 15, output: 75, cachedInput: 1.5 },
    "claude-sonnet-5": { input: 2, output: 10, cachedInput: 0.2 },
    "claude-sonnet-4-6": { input: 3, output: 15, cachedInput: 0.3 },
    "claude-sonnet-4-5": { input: 3, output: 15, cachedInput: 0.3 },
    "claude-sonnet-4": { input: 3, output: 15, cachedInput: 0.3 },
    "claude-3-7-sonnet": { input: 3, output: 15, cachedInput: 0.3 },
    "claude-haiku-4-5": { input: 1, output: 5, cachedInput: 0.1 },
    "claude-3-5-haiku": { input: 0.8, output: 4, cachedInput: 0.08 },
    "claude-3-haiku": { input: 0.25, output: 1.25, cachedInput: 0.03 },
  },
  google: {
    "gemini-3-pro-preview": {
      input: 2,
      output: 12,
      cachedInput: 0.2,
      long: { threshold: 200_000, input: 4, output: 18, cachedInput: 0.4 },
    },
    "gemini-2.5-pro": {
      input: 1.25,
      output: 10,
      cachedInput: 0.125,
      long: { threshold: 200_000, input: 2.5, output: 15, cachedInput: 0.25 },
    },
    "gemini-2.5-flash": { input: 0.3, output: 2.5, cachedInput: 0.03 },
    "gemini-2.5-flash-lite": { input: 0.1, output: 0.4, cachedInput: 0.01 },
    "gemini-2.0-flash": { input: 0.1, output: 0.4, cachedInput: 0.025 },
  },
};

/**
 * The table's key for a model id: exact, or once a dated or moving-alias suffix is taken off
 * (`-20250929`, `-2024-08-06`, `-latest`, Gemini's `-001` and `models/` prefix). Never a looser
 * prefix match: `claude-opus-4-7` must not be priced as `claude-opus-4`.
 */
export function priceKey(table: Record<string, Price>, model: string): string | null {
  let id = model
    .trim()
    .toLowerCase()
    .replace(/^models\//, "");
  if (id in table) return id;
  id = id.replace(/-(\d{8}|\d{4}-\d{2}-\d{2}|latest|\d{3})$/, "");
  return id in table ? id : null;
}

export function priceOf(provider: PlaygroundProvider, model: string): Price | null {
  if (provider !== "openai" && provider !== "anthropic" && provider !== "google") return null;
  const table = PRICES[provider];
  const key = priceKey(table, model);
  return key ? (table[key] ?? null) : null;
}

/**
 * USD for one usage. The scripted model costs 0; an OpenAI-compatible endpoint (a local Ollama,
 * or a paid host Loupe has no price list for) and a model missing from the table are null: the
 * UI says "price unknown" rather than showing a guess.
 */
export function costOf(provider: PlaygroundProvider, model: string, usage: TokenUsage): number | null {
  if (provider === "scripted") return 0;
  const price = priceOf(provider, model);
  if (!price) return null;
  const rates = price.long && usage.inputTokens > price.long.threshold ? price.long : price;
  // Providers count cached tokens inside inputTokens (OpenAI prompt_tokens, Gemini promptTokenCount,
  // the AI SDK's Anthropic total): only the rest is billed at the full input rate.
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const fresh = usage.inputTokens - cached;
  const usd = fresh * rates.input + cached * (rates.cachedInput ?? rates.input) + usage.outputTokens * rates.output;
  return usd / 1_000_000;
}
