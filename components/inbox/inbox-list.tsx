"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { observeElementRect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { InboxIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { InboxRow as Row } from "@/lib/contracts/inbox";
import { InboxFilters, NO_FILTER } from "./inbox-filters";
import {
  filterInbox,
  inboxLines,
  kindCounts,
  sortInbox,
  statusCounts,
  type InboxFilter,
  type InboxLine,
} from "@/lib/workbench/inbox-order";
import { Line } from "./inbox-line";
import { onInboxReveal, takePendingReveal } from "@/lib/workbench/inbox-reveal";
import { InboxRow } from "@/components/elements/inbox-row";
import { countFailed, countWaiting, inboxItemDomKey } from "@/lib/workbench/inbox";
import { useListKeys } from "@/hooks/use-list-keys";

export interface InboxListProps<T extends Row = Row> {
  /** Every source's rows (GET /api/inbox). */
  items: T[];
  /** How one item is shown; the inbox view passes each source's card (INBOX_SOURCES). */
  renderCard?: (item: T) => ReactNode;
  groupBy?: "none" | "session";
}

/**
 * The pane's height as measured, or a typical pane's while it has none (before layout, or where
 * nothing is laid out): a list of requests never renders blank for want of a measurement.
 */
const PANE_FALLBACK = { width: 720, height: 800 };
function observePane(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : PANE_FALLBACK));
}

/** A first guess before a line is measured: cards are tall, headings short. */
const estimate = (line: InboxLine | undefined) => (line?.type === "group" ? 28 : 160);

/**
 * Every human request Loupe knows, of every protocol: waiting ones first, filterable by kind and
 * status. Virtualized (thousands of stored requests stay one window of cards in the DOM); the
 * counts and filters read every row.
 */
export function InboxList<T extends Row>({ items, renderCard, groupBy = "none" }: InboxListProps<T>) {
  const [filter, setFilter] = useState<InboxFilter>(NO_FILTER);
  const sorted = useMemo(() => sortInbox(items), [items]);
  const shown = useMemo(() => filterInbox(sorted, filter), [sorted, filter]);
  const lines = useMemo(() => inboxLines(shown, groupBy === "session"), [shown, groupBy]);
  const waiting = countWaiting(items);
  const failed = countFailed(items);
  const render = renderCard ?? ((item: T) => <InboxRow item={item} />);
  const filtered = filter.kinds.size > 0 || filter.statuses.size > 0;
  // Home / End off: the first and last rendered cards are not the list's first and last.
  const onListKeyDown = useListKeys({ itemSelector: '[data-testid="inbox-item"]', edges: false });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(lines[i]),
    getItemKey: (i) => lines[i]?.key ?? i,
    overscan: 6,
    initialRect: PANE_FALLBACK,
    observeElementRect: observePane,
    useFlushSync: false,
  });

  // The command palette's jump to a row: scroll it into the window so its focus finds it.
  useEffect(() => {
    const indexOf = (domKey: string) => lines.findIndex((l) => l.type === "row" && inboxItemDomKey(l.row) === domKey);
    const reveal = (domKey: string) => {
      const at = indexOf(domKey);
      if (at >= 0) virtualizer.scrollToIndex(at, { align: "center" });
      return at >= 0;
    };
    const pending = takePendingReveal((k) => indexOf(k) >= 0);
    if (pending) reveal(pending);
    return onInboxReveal(reveal);
  }, [lines, virtualizer]);

  return (
    <section className="flex min-h-0 flex-1 flex-col gap-3" data-testid="inbox-list" aria-label="Inbox" onKeyDown={onListKeyDown}>
      <header className="flex items-baseline gap-2">
        <h2 className="text-sm font-semibold">Inbox</h2>
        <span className="text-sm" data-testid="inbox-waiting" data-count={waiting}>
          {waiting} waiting
        </span>
        {failed > 0 && (
          <span className="text-sm text-destructive" data-testid="inbox-failed" data-count={failed}>
            · {failed} failed
          </span>
        )}
        {items.length > 0 && <span className="text-xs text-muted-foreground">· {items.length} in total</span>}
      </header>
      {waiting === 0 && failed === 0 && (
        <div
          className="flex items-center gap-2 rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground"
          data-testid="inbox-empty"
        >
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
      <div ref={scrollRef} className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1" data-testid="inbox-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((v) => {
            const line = lines[v.index];
            if (!line) return null;
            return (
              <div
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                className="absolute inset-x-0 top-0 pb-2"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <Line line={line} render={render} />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
