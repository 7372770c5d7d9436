import type { InboxRow } from "@/lib/contracts/inbox";
import { groupKeyOf, groupLabelOf, inboxStatus, itemKey, rowKind, type InboxKind } from "@/lib/workbench/inbox";
import type { InboxStatus } from "@/lib/workbench/inbox-text";

/**
 * The inbox list's order, filters, counts and grouping: pure, so the list and the command
 * palette order rows alike.
 */

/** Order of the list: what still needs the user first, history last. */
export const STATUS_RANK: Record<InboxStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

export interface InboxFilter {
  /** Empty set = every kind / status. */
  kinds: ReadonlySet<InboxKind>;
  statuses: ReadonlySet<InboxStatus>;
}

/** What needs the user first (pending, then failed), history after; the server's order within. */
export function sortInbox<T extends InboxRow>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, rank: STATUS_RANK[inboxStatus(item)] }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.item);
}

export function filterInbox<T extends InboxRow>(items: readonly T[], filter: InboxFilter): T[] {
  return items.filter(
    (i) => (filter.kinds.size === 0 || filter.kinds.has(rowKind(i))) && (filter.statuses.size === 0 || filter.statuses.has(inboxStatus(i))),
  );
}

export function countBy<K>(items: readonly InboxRow[], key: (item: InboxRow) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export const kindCounts = (items: readonly InboxRow[]) => countBy<InboxKind>(items, rowKind);
export const statusCounts = (items: readonly InboxRow[]) => countBy<InboxStatus>(items, inboxStatus);

export interface InboxGroup<T extends InboxRow = InboxRow> {
  key: string;
  items: T[];
}

/** Groups by each source's group (ADK session, MCP connection, A2A context…) in order of first appearance, so a group with a pending item leads. */
export function groupBySession<T extends InboxRow>(items: readonly T[]): InboxGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupKeyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

/** One line of the (virtualized) list: a group's heading or a row. */
export type InboxLine<T extends InboxRow = InboxRow> =
  { type: "group"; key: string; groupKey: string; label: string } | { type: "row"; key: string; groupKey: string; row: T };

/** The list flattened for the virtualizer: rows, each group led by its heading when grouped. */
export function inboxLines<T extends InboxRow>(items: readonly T[], grouped: boolean): InboxLine<T>[] {
  if (!grouped) return items.map((row) => ({ type: "row", key: itemKey(row), groupKey: groupKeyOf(row), row }));
  return groupBySession(items).flatMap((group) => [
    {
      type: "group" as const,
      key: `group\u0000${group.key}`,
      groupKey: group.key,
      label: group.items[0] ? groupLabelOf(group.items[0]) : "",
    },
    ...group.items.map((row) => ({ type: "row" as const, key: itemKey(row), groupKey: group.key, row })),
  ]);
}
