import "server-only";
import type { PlaygroundProvider } from "@/lib/contracts/playground";

/**
 * What Loupe knows about each playground provider: where its key and endpoint come from when the
 * user set none in the settings, and which models the picker offers (the user may type any other).
 */
export interface ProviderInfo {
  label: string;
  /** Environment variables read for the key, first found wins. Empty: the provider needs no key. */
  keyEnv: readonly string[];
  /** Whether a request without a key is still worth sending (local OpenAI-compatible servers). */
  keyOptional: boolean;
  /** Environment variable the provider's own SDK reads for its endpoint, honoured here explicitly. */
  baseUrlEnv?: string;
  /** The endpoint used when neither the column, the settings nor the environment name one. */
  defaultBaseUrl?: string;
  suggestedModels: readonly string[];
}

export const PROVIDER_INFO: Record<PlaygroundProvider, ProviderInfo> = {
  scripted: {
    label: "Scripted model (offline)",
    keyEnv: [],
    keyOptional: true,
    suggestedModels: ["scripted"],
  },
  openai: {
    label: "OpenAI",
    keyEnv: ["OPENAI_API_KEY"],
    keyOptional: false,
    baseUrlEnv: "OPENAI_BASE_URL",
    defaultBaseUrl: "https://api.openai.com/v1",
    suggestedModels: ["gpt-5.1", "gpt-5-mini", "gpt-5-nano", "gpt-4.1", "gpt-4.1-mini", "gpt-4o-mini"],
  },
  anthropic: {
    label: "Anthropic",
    keyEnv: ["ANTHROPIC_API_KEY"],
    keyOptional: false,
    baseUrlEnv: "ANTHROPIC_BASE_URL",
    defaultBaseUrl: "https://api.anthropic.com/v1",
    suggestedModels: ["claude-sonnet-4-5", "claude-haiku-4-5", "claude-opus-4-5"],
  },
  google: {
    label: "Google Gemini",
    // GOOGLE_GENERATIVE_AI_API_KEY is the name @ai-sdk/google reads; GOOGLE_API_KEY the one Google's own SDKs read.
    keyEnv: ["GOOGLE_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY"],
    keyOptional: false,
    defaultBaseUrl: "https://generativelanguage.googleapis.com/v1beta",
    suggestedModels: ["gemini-2.5-flash", "gemini-2.5-pro", "gemini-2.5-flash-lite"],
  },
  "openai-compatible": {
    label: "OpenAI-compatible (Ollama, LM Studio, vLLM…)",
    keyEnv: [],
    keyOptional: true,
    // Ollama's OpenAI-compatible endpoint on its default port; LM Studio and vLLM are set in the settings.
    defaultBaseUrl: "http://127.0.0.1:11434/v1",
    suggestedModels: ["llama3.1", "qwen2.5", "mistral"],
  },
};
