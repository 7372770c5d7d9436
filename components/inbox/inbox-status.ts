import type { InboxItem } from "@/lib/contracts/agents";
import type { McpRequestKind } from "@/lib/contracts/mcp-requests";
import { isApprovalRow, isMcpRow, type InboxRow } from "@/lib/queries/inbox";
import { approvalAsker } from "@/components/approvals/approval-words";
import type { StatusTone } from "@/components/elements/status-badge";

/** What the inbox shows: the interrupt's own status, or "failed" when Loupe's last send failed. */
export type InboxStatus = InboxItem["status"];
/** ADK interrupt kinds, MCP client request kinds and tool approvals, one set of filter chips. */
export type InboxKind = InboxItem["kind"] | McpRequestKind | "tool_approval";

/** A row of the inbox cache; bare InboxItems (no `source`) are ADK rows. */
export type AnyInboxRow = InboxRow | InboxItem;

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
};

/** A row's kind for labels and filters (a tool approval has no `kind` of its own). */
export function rowKind(row: AnyInboxRow): InboxKind {
  return isApprovalRow(row) ? "tool_approval" : row.kind;
}

export const STATUS_META: Record<InboxStatus, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "pending" },
  failed: { label: "Failed", tone: "failed" },
  answered: { label: "Answered", tone: "ok" },
  stale: { label: "Stale", tone: "stale" },
};

/** Order of the list: what still needs the user first, history last. */
export const STATUS_RANK: Record<InboxStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/**
 * ADK: the session decides answered/stale; Loupe's own stored answer decides failed. An interrupt
 * whose last send failed is shown as failed, with Retry (DESIGN.md "Interrupts"), while the agent
 * has not acted on any answer: still pending, or "answered" only by the user event the agent
 * stored before refusing it — never a green Answered for a refused answer.
 * MCP: the request's own status (the server keeps "failed" when sending the reply failed).
 */
export function inboxStatus(item: AnyInboxRow): InboxStatus {
  if (isMcpRow(item) || isApprovalRow(item)) return item.status;
  if (item.lastAnswer?.status !== "failed") return item.status;
  if (item.status === "pending") return "failed";
  // A refused answer the user has since moved past (a new turn) can no longer be retried.
  if (item.status === "answered" && item.answerTaken !== true) return item.answerLeftBehind ? "stale" : "failed";
  return item.status;
}

/** Items that still need the user (pending or failed), of both sources, for the sidebar badge. */
export function countWaiting(items: readonly AnyInboxRow[]): number {
  return items.filter((i) => {
    const s = inboxStatus(i);
    return s === "pending" || s === "failed";
  }).length;
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
    return { ok: false, error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** "agent › app › session" — where an interrupt comes from. */
export function sourceLabel(item: Pick<InboxItem, "agentName" | "appName" | "sessionId">): string {
  return `${item.agentName} › ${item.appName} › ${item.sessionId}`;
}

/** Where any row comes from: "agent › app › session", or "server › tool" for an MCP request. */
export function rowSourceLabel(row: AnyInboxRow): string {
  if (isApprovalRow(row)) return `${row.connectionName} › ${row.tool}`;
  if (!isMcpRow(row)) return sourceLabel(row);
  return row.relatedCall ? `${row.connectionName} › ${row.relatedCall.tool}` : row.connectionName;
}

/** The one-line text of a row: the interrupt's prompt, or what the server asks. */
export function rowPrompt(row: AnyInboxRow): string {
  if (isApprovalRow(row)) return `${approvalAsker(row.origin)} wants to call ${row.calledAs ?? row.tool}`;
  if (!isMcpRow(row)) return row.prompt;
  const message = row.params.message;
  if (row.kind !== "sampling") return typeof message === "string" ? message : "The server asks for input.";
  const messages = Array.isArray(row.params.messages) ? row.params.messages : [];
  const last = messages.at(-1) as { content?: unknown } | undefined;
  const blocks = Array.isArray(last?.content) ? last.content : [last?.content];
  const text = blocks.find((b): b is { text: string } => typeof (b as { text?: unknown } | undefined)?.text === "string");
  return text ? text.text : `The server asks for a model reply (${messages.length} message${messages.length === 1 ? "" : "s"}).`;
}
