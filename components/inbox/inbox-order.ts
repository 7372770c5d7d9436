import type { InboxFilter } from "./inbox-filters";
import { isApprovalRow, isMcpRow } from "@/lib/queries/inbox";
import { STATUS_RANK, inboxStatus, rowKind, type AnyInboxRow, type InboxKind, type InboxStatus } from "./inbox-status";

/** What needs the user first (pending, then failed), history after; the server's order within. */
export function sortInbox<T extends AnyInboxRow>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, rank: STATUS_RANK[inboxStatus(item)] }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.item);
}

export function filterInbox<T extends AnyInboxRow>(items: readonly T[], filter: InboxFilter): T[] {
  return items.filter(
    (i) => (filter.kinds.size === 0 || filter.kinds.has(rowKind(i))) && (filter.statuses.size === 0 || filter.statuses.has(inboxStatus(i))),
  );
}

export function countBy<K>(items: readonly AnyInboxRow[], key: (item: AnyInboxRow) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export const kindCounts = (items: readonly AnyInboxRow[]) => countBy<InboxKind>(items, rowKind);
export const statusCounts = (items: readonly AnyInboxRow[]) => countBy<InboxStatus>(items, inboxStatus);

/** A unique React key: interrupt ids are unique within a session only, request ids within a connection. */
export function itemKey(item: AnyInboxRow): string {
  if (isApprovalRow(item)) return `approval\u0000${item.id}`;
  if (isMcpRow(item)) return `mcp\u0000${item.connectionId}\u0000${item.id}`;
  // By the interrupt's key (event + call id): a workflow gate reuses its call id on every run.
  return `${item.agentId}\u0000${item.sessionKey}\u0000${item.key ?? item.id}`;
}

/** itemKey made safe for an HTML attribute and a CSS selector (itemKey joins with NUL). */
export function inboxItemDomKey(item: AnyInboxRow): string {
  return encodeURIComponent(itemKey(item));
}

/** What rows group under: an ADK session, an MCP connection, or the connection a gated call is for. */
export function groupKeyOf(item: AnyInboxRow): string {
  if (isApprovalRow(item)) return `approval:${item.connectionId}`;
  return isMcpRow(item) ? `mcp:${item.connectionId}` : item.sessionKey;
}

export interface InboxGroup<T extends AnyInboxRow = AnyInboxRow> {
  key: string;
  items: T[];
}

/** Groups by (server, session) — or by MCP connection — in order of first appearance, so a group with a pending item leads. */
export function groupBySession<T extends AnyInboxRow>(items: readonly T[]): InboxGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = isApprovalRow(item)
      ? `approval\u0000${item.connectionId}`
      : isMcpRow(item)
        ? `mcp\u0000${item.connectionId}`
        : `${item.agentId}\u0000${item.sessionKey}`;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}
