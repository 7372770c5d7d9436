import type { InboxItem } from "@/lib/contracts/agents";
import type { InboxFilter } from "./inbox-filters";
import { STATUS_RANK, inboxStatus, type InboxKind, type InboxStatus } from "./inbox-status";

/** What needs the user first (pending, then failed), history after; the server's order within. */
export function sortInbox(items: readonly InboxItem[]): InboxItem[] {
  return items
    .map((item, index) => ({ item, index, rank: STATUS_RANK[inboxStatus(item)] }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.item);
}

export function filterInbox(items: readonly InboxItem[], filter: InboxFilter): InboxItem[] {
  return items.filter(
    (i) => (filter.kinds.size === 0 || filter.kinds.has(i.kind)) && (filter.statuses.size === 0 || filter.statuses.has(inboxStatus(i))),
  );
}

export function countBy<K>(items: readonly InboxItem[], key: (item: InboxItem) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export const kindCounts = (items: readonly InboxItem[]) => countBy<InboxKind>(items, (i) => i.kind);
export const statusCounts = (items: readonly InboxItem[]) => countBy<InboxStatus>(items, inboxStatus);

/** A unique React key: interrupt ids are unique within a session only. */
export function itemKey(item: InboxItem): string {
  return `${item.agentId}\u0000${item.sessionKey}\u0000${item.id}`;
}

export interface InboxGroup {
  key: string;
  items: InboxItem[];
}

/** Groups by (server, session) in order of first appearance, so a session with a pending item leads. */
export function groupBySession(items: readonly InboxItem[]): InboxGroup[] {
  const groups = new Map<string, InboxItem[]>();
  for (const item of items) {
    const key = `${item.agentId}\u0000${item.sessionKey}`;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}
