"use client";

import { useMemo, useState, type ReactNode } from "react";
import { InboxIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { isApprovalRow, isMcpRow } from "@/lib/queries/inbox";
import { InboxFilters, NO_FILTER, type InboxFilter } from "./inbox-filters";
import { filterInbox, groupBySession, groupKeyOf, inboxItemDomKey, itemKey, kindCounts, sortInbox, statusCounts } from "./inbox-order";
import { InboxRow } from "./inbox-row";
import { countWaiting, inboxStatus, rowKind, rowSourceLabel, type AnyInboxRow } from "./inbox-status";
import { useListKeys } from "@/hooks/use-list-keys";

export interface InboxListProps<T extends AnyInboxRow = AnyInboxRow> {
  /** ADK interrupts and MCP client requests (GET /api/inbox). */
  items: T[];
  /** How one item is shown; the container passes cards wired to their mutations. */
  renderCard?: (item: T) => ReactNode;
  groupBy?: "none" | "session";
}

function Entries<T extends AnyInboxRow>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={itemKey(item)}
          data-testid="inbox-item"
          data-item-key={inboxItemDomKey(item)}
          data-source={isApprovalRow(item) ? "approval" : isMcpRow(item) ? "mcp" : "adk"}
          data-kind={rowKind(item)}
          data-status={inboxStatus(item)}
          // Arrow keys move between cards; Enter steps into the card's first control.
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key !== "Enter" || e.target !== e.currentTarget) return;
            e.preventDefault();
            e.currentTarget.querySelector<HTMLElement>("textarea, input, select, button:not([disabled])")?.focus();
          }}
          className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

/** Every interrupt and client request Loupe knows: waiting ones first, filterable by kind and status. */
export function InboxList<T extends AnyInboxRow>({ items, renderCard, groupBy = "none" }: InboxListProps<T>) {
  const [filter, setFilter] = useState<InboxFilter>(NO_FILTER);
  const sorted = useMemo(() => sortInbox(items), [items]);
  const shown = useMemo(() => filterInbox(sorted, filter), [sorted, filter]);
  const waiting = countWaiting(items);
  const render = renderCard ?? ((item: T) => <InboxRow item={item} />);
  const filtered = filter.kinds.size > 0 || filter.statuses.size > 0;
  const onListKeyDown = useListKeys({ itemSelector: '[data-testid="inbox-item"]' });

  return (
    <section className="flex flex-col gap-3" data-testid="inbox-list" aria-label="Inbox" onKeyDown={onListKeyDown}>
      <header className="flex items-baseline gap-2">
        <h2 className="text-sm font-semibold">Inbox</h2>
        <span className="text-sm" data-testid="inbox-waiting" data-count={waiting}>
          {waiting} waiting
        </span>
        {items.length > 0 && <span className="text-xs text-muted-foreground">· {items.length} in total</span>}
      </header>
      {waiting === 0 && (
        <div className="flex items-center gap-2 rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground" data-testid="inbox-empty">
          <InboxIcon className="size-4" aria-hidden />
          Nothing is waiting for you
        </div>
      )}
      {items.length > 0 && (
        <InboxFilters filter={filter} kindCounts={kindCounts(sorted)} statusCounts={statusCounts(sorted)} onChange={setFilter} />
      )}
      {filtered && shown.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="inbox-no-match">
          Nothing matches these filters.{" "}
          <Button variant="link" size="xs" className="px-0" onClick={() => setFilter(NO_FILTER)}>
            Clear filters
          </Button>
        </p>
      )}
      {groupBy === "session" ? (
        groupBySession(shown).map((group) => (
          <section key={group.key} data-testid="inbox-group" data-session-key={group.items[0] ? groupKeyOf(group.items[0]) : undefined} className="flex flex-col gap-2">
            <h3 className="font-mono text-xs text-muted-foreground">{group.items[0] ? groupLabel(group.items[0]) : ""}</h3>
            <Entries items={group.items} render={render} />
          </section>
        ))
      ) : (
        <Entries items={shown} render={render} />
      )}
    </section>
  );
}

/** A session group is named by its source; an MCP group by its server (the tool varies per row). */
function groupLabel(item: AnyInboxRow): string {
  return isMcpRow(item) || isApprovalRow(item) ? item.connectionName : rowSourceLabel(item);
}
