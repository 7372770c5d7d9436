/** Labels and formats of the playground views: a new state without a label is a type error. */
import { formatCount } from "@/lib/format";
import type { ApprovalPolicy } from "@/lib/contracts/approvals";
import type { ColumnStatus, PgToolCallStatus, PgTurn, PlaygroundProvider, ProviderStatus, TokenUsage } from "@/lib/contracts/playground";

type Variant = "info" | "success" | "destructive" | "warning" | "secondary" | "outline";

export const TOOL_CALL_STATUS: Record<PgToolCallStatus, { label: string; variant: Variant }> = {
  awaiting_approval: { label: "awaiting approval", variant: "warning" },
  running: { label: "running", variant: "info" },
  ok: { label: "ok", variant: "success" },
  tool_error: { label: "tool error", variant: "destructive" },
  rejected: { label: "rejected", variant: "destructive" },
  failed: { label: "failed", variant: "destructive" },
  unknown_tool: { label: "unknown tool", variant: "destructive" },
  invalid_arguments: { label: "invalid arguments", variant: "destructive" },
};

export const TURN_STATUS: Record<PgTurn["status"], { label: string; variant: Variant }> = {
  running: { label: "running", variant: "info" },
  done: { label: "done", variant: "success" },
  error: { label: "error", variant: "destructive" },
  stopped: { label: "stopped", variant: "secondary" },
  max_steps: { label: "step limit reached", variant: "warning" },
};

export const COLUMN_STATUS: Record<ColumnStatus, { label: string; variant: Variant }> = {
  idle: { label: "idle", variant: "outline" },
  running: { label: "running", variant: "info" },
  awaiting_approval: { label: "awaiting approval", variant: "warning" },
  error: { label: "error", variant: "destructive" },
};

export const PROVIDER_LABEL: Record<PlaygroundProvider, string> = {
  scripted: "Scripted (offline)",
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google Gemini",
  "openai-compatible": "OpenAI-compatible",
};

export const POLICY_LABEL: Record<ApprovalPolicy, string> = {
  always: "Ask for every call",
  unless_read_only: "Ask unless read-only",
  never: "Never ask",
};

export function formatUsage(u: TokenUsage | null | undefined): string {
  if (!u) return "no usage reported";
  const n = formatCount;
  const extra = [u.cachedInputTokens ? `${n(u.cachedInputTokens)} cached` : null, u.reasoningTokens ? `${n(u.reasoningTokens)} reasoning` : null].filter(Boolean);
  return `${n(u.inputTokens)} in · ${n(u.outputTokens)} out${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

/** Where a provider's key comes from, in words: "from OPENAI_API_KEY …abcd", "set in Loupe …abcd", "not set". */
export function keyStatusText(s: ProviderStatus | undefined): string {
  if (!s) return "key status unknown";
  const hint = s.keyHint ? ` …${s.keyHint.replace(/^(…|\.\.\.)/, "")}` : "";
  switch (s.keySource) {
    case "env":
      return `from ${s.envVar ?? "the environment"}${hint}`;
    case "settings":
      return `set in Loupe${hint}`;
    case "not_needed":
      return "no key needed";
    case "none":
      return "not set";
  }
}

/** Strict function calling is an OpenAI chat-completions option. */
export const offersStrict = (provider: PlaygroundProvider) => provider === "openai" || provider === "openai-compatible";
