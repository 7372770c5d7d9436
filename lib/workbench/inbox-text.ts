import type { InboxItem } from "@/lib/contracts/agents";
import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";

/**
 * What the inbox says about one source's rows (the pure half of an inbox source: its card is in
 * the React registry). Each protocol's text is in its own file (lib/workbench/<protocol>.ts),
 * listed in PROTOCOL_INBOX_TEXT (lib/workbench/registry.ts); the inbox (lib/workbench/inbox.ts)
 * adds the core approval source and loops over the table, so the list's order, filters and badge
 * (and the command palette) need no React component of any protocol.
 */
export type RowOf<S extends InboxSource> = Extract<InboxRow, { source: S }>;

/** What the inbox shows: the request's own status, or "failed" when Loupe's last send failed. */
export type InboxStatus = InboxItem["status"];

export interface InboxSourceText<R extends InboxRow = InboxRow, K extends string = string> {
  /** The protocol, as the list says it ("ADK", "MCP"…). */
  label: string;
  /** The source's kinds (filter chips) and their labels; a kind without a label is a type error. */
  kinds: Record<K, string>;
  /** The filter chip the row counts under, and its label. */
  kind: (row: R) => K;
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

/** A source's text with `kindLabel` read from its own `kinds`. */
export function inboxText<R extends InboxRow, K extends string>(text: Omit<InboxSourceText<R, K>, "kindLabel">): InboxSourceText<R, K> {
  return { ...text, kindLabel: (row) => text.kinds[text.kind(row)] };
}

/** The kinds a source's text declares. */
export type KindOf<T> = T extends { kinds: Record<infer K extends string, string> } ? K : never;

/** The inbox's own sources, beside the protocols' (approvals are a core desk shared by the playground and the tap). */
export type CoreInboxSource = "approval";
export type ProtocolInboxSource = Exclude<InboxSource, CoreInboxSource>;
