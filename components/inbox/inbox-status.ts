import type { InboxItem } from "@/lib/contracts/agents";
import type { McpRequestKind } from "@/lib/contracts/mcp-requests";
import { errorMessage } from "@/lib/values";

/** What the inbox shows: the interrupt's own status, or "failed" when Loupe's last send failed. */
export type InboxStatus = InboxItem["status"];
/**
 * Every source's kinds, one set of filter chips: ADK interrupt kinds, MCP client request kinds,
 * tool approvals, A2A input/auth-required tasks and AG-UI front-end tools / interrupts.
 */
export type InboxKind = InboxItem["kind"] | McpRequestKind | "tool_approval" | "a2a_input" | "a2a_auth" | "agui_tool" | "agui_interrupt";

/** Kind labels; a new interrupt kind without a label is a type error (STYLE.md rule 7). */
export const KIND_LABEL: Record<InboxKind, string> = {
  confirmation: "Confirmation",
  input: "Input",
  credential: "Credential",
  long_running: "Long-running tool",
  sampling: "Sampling",
  elicitation_form: "Elicitation",
  elicitation_url: "Elicitation (URL)",
  tool_approval: "Tool call approval",
  a2a_input: "Input (A2A task)",
  a2a_auth: "Credential (A2A task)",
  agui_tool: "Front-end tool",
  agui_interrupt: "Interrupt (AG-UI)",
};

/** Order of the list: what still needs the user first, history last. */
export const STATUS_RANK: Record<InboxStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/**
 * An ADK interrupt as the inbox shows it: the session decides answered/stale; Loupe's own stored
 * answer decides failed. An interrupt whose last send failed is shown as failed, with Retry
 * (DESIGN.md "Interrupts"), while the agent has not acted on any answer: still pending, or
 * "answered" only by the user event the agent stored before refusing it — never a green Answered
 * for a refused answer. (Every source's status: inboxStatus in ./source-text.)
 */
export function interruptStatus(item: InboxItem): InboxStatus {
  if (item.lastAnswer?.status !== "failed") return item.status;
  if (item.status === "pending") return "failed";
  // A refused answer the user has since moved past (a new turn) can no longer be retried.
  if (item.status === "answered" && item.answerTaken !== true) return item.answerLeftBehind ? "stale" : "failed";
  return item.status;
}

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}

export type JsonTextParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Any JSON value; blank text stands for "no value" (undefined). */
export function parseJsonText(text: string): JsonTextParse {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${errorMessage(error)}` };
  }
}

/** "agent › app › session" — where an interrupt comes from. */
export function sourceLabel(item: Pick<InboxItem, "agentName" | "appName" | "sessionId">): string {
  return `${item.agentName} › ${item.appName} › ${item.sessionId}`;
}
