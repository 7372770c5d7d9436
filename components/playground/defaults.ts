/** What a new conversation or a Compare column starts with (pure, unit-tested). */
import type { ConnectionView } from "@/lib/contracts/connections";
import type { ColumnConfig, ConversationInput, PlaygroundProvider, ProviderStatus } from "@/lib/contracts/playground";

// A key the user gave (settings or env). "not_needed" alone says nothing: a local OpenAI-compatible
// server may well not be running, so it is never picked for the user.
const ready = (p: ProviderStatus) => p.keySource === "settings" || p.keySource === "env";

/**
 * The first provider that can run now: a real one with a key (settings or env) before the
 * offline scripted model, so a user with OPENAI_API_KEY set starts on OpenAI; with no key at
 * all, the scripted model, which works offline against the demo server.
 */
export function defaultColumn(providers: readonly ProviderStatus[], avoid: readonly ColumnConfig[] = []): ColumnConfig {
  const taken = new Set(avoid.map((c) => `${c.provider}\u0000${c.model}`));
  const order = [...providers.filter((p) => ready(p) && p.provider !== "scripted"), ...providers.filter((p) => p.provider === "scripted")];
  for (const p of order) {
    // For Compare: another model of a ready provider before the same model twice.
    const model = p.suggestedModels.find((m) => !taken.has(`${p.provider}\u0000${m}`)) ?? p.suggestedModels[0];
    if (model) return column(p.provider, model, p.baseUrl);
  }
  return column("scripted", "scripted");
}

function column(provider: PlaygroundProvider, model: string, baseUrl?: string): ColumnConfig {
  const config: ColumnConfig = { provider, model, strict: false, maxSteps: 20 };
  if (provider === "openai-compatible" && baseUrl) config.baseUrl = baseUrl;
  return config;
}

/** Every connected server with all its tools, the default gate, one column. */
export function defaultConversation(
  providers: readonly ProviderStatus[],
  connections: readonly ConnectionView[],
  title?: string,
): ConversationInput {
  return {
    title,
    systemPrompt: "",
    servers: connections.filter((c) => c.state.status === "connected").map((c) => ({ connectionId: c.id, tools: "all" as const })),
    policy: "unless_read_only",
    toolPolicies: {},
    columns: [defaultColumn(providers)],
  };
}
