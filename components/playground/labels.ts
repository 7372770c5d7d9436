/** Labels and formats of the playground views: a new state without a label is a type error. */
import type { StatusTone } from "@/components/elements/status-badge";
import { formatCount } from "@/lib/format";
import type { ApprovalPolicy } from "@/lib/contracts/approvals";
import type { ColumnStatus, PgToolCallStatus, PgTurn, PlaygroundProvider, ProviderStatus, TokenUsage } from "@/lib/contracts/playground";

export const TOOL_CALL_STATUS: Record<PgToolCallStatus, { label: string; tone: StatusTone }> = {
  awaiting_approval: { label: "awaiting approval", tone: "pending" },
  running: { label: "running", tone: "running" },
  ok: { label: "ok", tone: "ok" },
  tool_error: { label: "tool error", tone: "failed" },
  rejected: { label: "rejected", tone: "failed" },
  failed: { label: "failed", tone: "failed" },
  unknown_tool: { label: "unknown tool", tone: "failed" },
  invalid_arguments: { label: "invalid arguments", tone: "failed" },
};

export const TURN_STATUS: Record<PgTurn["status"], { label: string; tone: StatusTone }> = {
  running: { label: "running", tone: "running" },
  done: { label: "done", tone: "ok" },
  error: { label: "error", tone: "failed" },
  stopped: { label: "stopped", tone: "canceled" },
  max_steps: { label: "step limit reached", tone: "warning" },
};

export const COLUMN_STATUS: Record<ColumnStatus, { label: string; tone: StatusTone }> = {
  // "ready" beside a finished turn's "done" (it read "idle", as if nothing had run).
  idle: { label: "ready", tone: "info" },
  running: { label: "running", tone: "running" },
  awaiting_approval: { label: "awaiting approval", tone: "pending" },
  error: { label: "error", tone: "failed" },
};

// Named with the providers themselves (lib/contracts/playground-labels.ts): the Tests view's model evals show them too.
export { PROVIDER_LABEL } from "@/lib/contracts/playground-labels";

export const POLICY_LABEL: Record<ApprovalPolicy, string> = {
  always: "Ask for every call",
  unless_read_only: "Ask unless read-only",
  never: "Never ask",
};

export function formatUsage(u: TokenUsage | null | undefined): string {
  if (!u) return "no usage reported";
  const n = formatCount;
  const extra = [
    u.cachedInputTokens ? `${n(u.cachedInputTokens)} cached` : null,
    u.reasoningTokens ? `${n(u.reasoningTokens)} reasoning` : null,
  ].filter(Boolean);
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
