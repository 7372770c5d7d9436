"use client";

import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import { useLiveVirtualizer } from "@/hooks/use-live-virtualizer";

export interface VirtualListProps<Row extends { key: string | number }> {
  rows: readonly Row[];
  /** First guess of a row's height (px); every rendered row is measured. */
  estimate: number | ((row: Row) => number);
  render: (row: Row, index: number) => ReactNode;
  /**
   * Key of a row to bring into view (an inbox link, a search hit or a finding picked it). Only a
   * change of key scrolls, so rows arriving never fight the reader's position.
   */
  revealKey?: string | number | null;
  /** Changes when the user just sent or answered something: the list goes to its end. */
  followSignal?: number;
  /** Said instead of the rows when there are none. */
  empty: ReactNode;
  emptyTestId?: string;
  testId: string;
  overscan?: number;
  /** How close to the bottom (px) still counts as "at the bottom" (followed as rows arrive). */
  scrollEndThreshold?: number;
  /** The height (px) the list keeps however short the window: the shrinkable panes beside it give way. */
  minHeight?: number;
}

/**
 * A live, virtualized list (STYLE.md 8; hooks/use-live-virtualizer.ts): only the rows on screen are
 * in the DOM, heights are measured, and it follows new rows while the reader sits at the bottom —
 * a 10,000-event timeline opens as fast as a ten-event one.
 */
export function VirtualList<Row extends { key: string | number }>({
  rows,
  estimate,
  render,
  revealKey,
  followSignal,
  empty,
  emptyTestId,
  testId,
  overscan = 8,
  scrollEndThreshold = 32,
  minHeight,
}: VirtualListProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useLiveVirtualizer({
    count: rows.length,
    scrollRef,
    estimateSize: (i) => {
      const row = rows[i];
      return typeof estimate === "number" ? estimate : row ? estimate(row) : 0;
    },
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan,
    scrollEndThreshold,
  });

  useEffect(() => {
    if (followSignal) virtualizer.scrollToEnd();
  }, [followSignal, virtualizer]);

  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  useEffect(() => {
    if (revealKey === null || revealKey === undefined) return;
    const at = rowsRef.current.findIndex((r) => r.key === revealKey);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: "auto" });
  }, [revealKey, virtualizer]);

  return (
    <div
      ref={scrollRef}
      data-testid={testId}
      data-count={rows.length}
      className="min-h-0 min-w-0 flex-1 overflow-auto"
      style={minHeight === undefined ? undefined : { minHeight }}
    >
      {rows.length === 0 ? (
        <div className="p-3 text-xs text-muted-foreground" data-testid={emptyTestId}>
          {empty}
        </div>
      ) : (
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index];
            if (!row) return null;
            return (
              <div
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                {render(row, v.index)}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
