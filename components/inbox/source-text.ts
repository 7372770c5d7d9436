import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";
import { approvalAsker } from "@/components/approvals/approval-words";
import { KIND_LABEL, interruptStatus, sourceLabel, type InboxKind, type InboxStatus } from "./inbox-status";

/**
 * What the inbox says about one row, per source: the pure half of INBOX_SOURCES
 * (components/inbox/sources.tsx adds each source's card). Kept apart from the cards so the list's
 * order, filters and badge (and the command palette) need no React component of any protocol.
 */
export type RowOf<S extends InboxSource> = Extract<InboxRow, { source: S }>;

export interface InboxSourceText<R extends InboxRow = InboxRow> {
  /** The protocol, as the list says it ("ADK", "MCP"…). */
  label: string;
  /** The filter chip the row counts under, and its label. */
  kind: (row: R) => InboxKind;
  kindLabel: (row: R) => string;
  /** The one-line text: what the agent or server asks. */
  prompt: (row: R) => string;
  /** Where the row comes from ("agent › app › session", "server › tool"…). */
  where: (row: R) => string;
  /** A React / DOM key unique across every source (ids repeat across sessions and protocols). */
  key: (row: R) => string;
  /** Rows of one session / connection / task context share a group; unique across sources. */
  groupKey: (row: R) => string;
  groupLabel: (row: R) => string;
  /** The status the inbox shows, sorts and counts by. */
  status: (row: R) => InboxStatus;
}

/** What an MCP server asks: the elicitation's message, or the last text of a sampling request. */
function mcpPrompt(row: RowOf<"mcp">): string {
  const message = row.params.message;
  if (row.kind !== "sampling") return typeof message === "string" ? message : "The server asks for input.";
  const messages = Array.isArray(row.params.messages) ? row.params.messages : [];
  const last = messages.at(-1) as { content?: unknown } | undefined;
  const blocks = Array.isArray(last?.content) ? last.content : [last?.content];
  const text = blocks.find((b): b is { text: string } => typeof (b as { text?: unknown } | undefined)?.text === "string");
  return text ? text.text : `The server asks for a model reply (${messages.length} message${messages.length === 1 ? "" : "s"}).`;
}

const a2aKind = (row: RowOf<"a2a">): InboxKind => (row.kind === "auth" ? "a2a_auth" : "a2a_input");
const aguiKind = (row: RowOf<"agui">): InboxKind => (row.kind === "tool" ? "agui_tool" : "agui_interrupt");
const labelOf =
  <R extends InboxRow>(kind: (row: R) => InboxKind) =>
  (row: R) =>
    KIND_LABEL[kind(row)];

export const INBOX_SOURCE_TEXT: { [S in InboxSource]: InboxSourceText<RowOf<S>> } = {
  adk: {
    label: "ADK",
    kind: (row) => row.kind,
    kindLabel: (row) => KIND_LABEL[row.kind],
    prompt: (row) => row.prompt,
    where: sourceLabel,
    // By the interrupt's key (event + call id): a workflow gate reuses its call id on every run.
    key: (row) => `adk\u0000${row.agentId}\u0000${row.sessionKey}\u0000${row.key ?? row.id}`,
    groupKey: (row) => `adk:${row.agentId}:${row.sessionKey}`,
    groupLabel: sourceLabel,
    status: interruptStatus,
  },
  mcp: {
    label: "MCP",
    kind: (row) => row.kind,
    kindLabel: (row) => KIND_LABEL[row.kind],
    prompt: mcpPrompt,
    where: (row) => (row.relatedCall ? `${row.connectionName} › ${row.relatedCall.tool}` : row.connectionName),
    key: (row) => `mcp\u0000${row.connectionId}\u0000${row.id}`,
    groupKey: (row) => `mcp:${row.connectionId}`,
    // The server: the tool varies per row.
    groupLabel: (row) => row.connectionName,
    // The server keeps "failed" when sending the reply failed.
    status: (row) => row.status,
  },
  approval: {
    label: "Approval",
    kind: () => "tool_approval",
    kindLabel: () => KIND_LABEL.tool_approval,
    prompt: (row) => `${approvalAsker(row.origin)} wants to call ${row.calledAs ?? row.tool}`,
    where: (row) => `${row.connectionName} › ${row.tool}`,
    key: (row) => `approval\u0000${row.id}`,
    groupKey: (row) => `approval:${row.connectionId}`,
    groupLabel: (row) => row.connectionName,
    status: (row) => row.status,
  },
  a2a: {
    label: "A2A",
    kind: a2aKind,
    kindLabel: labelOf(a2aKind),
    // The task's status message, or what the state means when the agent sent no text.
    prompt: (row) =>
      row.prompt?.trim()
        ? row.prompt
        : row.kind === "auth"
          ? "The agent needs a credential to go on with the task."
          : "The agent needs input to go on with the task.",
    where: (row) => `${row.agentName} › task ${row.taskId}`,
    key: (row) => `a2a\u0000${row.agentId}\u0000${row.id}`,
    groupKey: (row) => `a2a:${row.agentId}:${row.contextId}`,
    groupLabel: (row) => `${row.agentName} › ${row.contextId}`,
    status: (row) => row.status,
  },
  agui: {
    label: "AG-UI",
    kind: aguiKind,
    kindLabel: labelOf(aguiKind),
    prompt: (row) =>
      row.kind === "tool"
        ? `The agent calls the front-end tool ${row.toolName ?? "(unnamed)"}`
        : (row.interrupt?.message ?? row.interrupt?.reason ?? "The run stopped for an answer."),
    where: (row) => `${row.agentName} › ${row.threadId}`,
    key: (row) => `agui\u0000${row.agentId}\u0000${row.id}`,
    groupKey: (row) => `agui:${row.agentId}:${row.threadId}`,
    groupLabel: (row) => `${row.agentName} › ${row.threadId}`,
    status: (row) => row.status,
  },
};

/** The text descriptor of a row's source (the table is keyed by the row's own source). */
export function textOf<R extends InboxRow>(row: R): InboxSourceText<R> {
  return INBOX_SOURCE_TEXT[row.source] as unknown as InboxSourceText<R>;
}

export const inboxStatus = (row: InboxRow): InboxStatus => textOf(row).status(row);
export const rowKind = (row: InboxRow): InboxKind => textOf(row).kind(row);
export const rowPrompt = (row: InboxRow): string => textOf(row).prompt(row);
export const rowSourceLabel = (row: InboxRow): string => textOf(row).where(row);
export const itemKey = (row: InboxRow): string => textOf(row).key(row);
export const groupKeyOf = (row: InboxRow): string => textOf(row).groupKey(row);
export const groupLabelOf = (row: InboxRow): string => textOf(row).groupLabel(row);

/** itemKey made safe for an HTML attribute and a CSS selector (itemKey joins with NUL). */
export const inboxItemDomKey = (row: InboxRow): string => encodeURIComponent(itemKey(row));

/** Rows that still need the user (pending or failed), of every source, for the sidebar badge. */
export function countWaiting(rows: readonly InboxRow[]): number {
  return rows.filter((row) => {
    const s = inboxStatus(row);
    return s === "pending" || s === "failed";
  }).length;
}

/** The URL of an A2A task / AG-UI run in Loupe (hooks/workbench-location.ts names these params). */
export function peerHref(view: "a2a" | "agui", peer: string, thread: string, item: string): string {
  return `/?${new URLSearchParams({ view, peer, th: thread, item }).toString()}`;
}
