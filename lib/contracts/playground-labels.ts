import type { PlaygroundProvider } from "@/lib/contracts/playground";

/** Each provider as the UI names it (the playground's pickers, the model evals' models). */
export const PROVIDER_LABEL: Record<PlaygroundProvider, string> = {
  scripted: "Scripted (offline)",
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google Gemini",
  "openai-compatible": "OpenAI-compatible",
};
