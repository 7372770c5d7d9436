"use client";

import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import { useLiveVirtualizer } from "@/hooks/use-live-virtualizer";

export interface VirtualRowsProps<Row extends { key: string }> {
  rows: readonly Row[];
  estimate: number;
  render: (row: Row, index: number) => ReactNode;
  /** Index of a row to bring into view when it changes (a finding or an inbox link picked it). */
  revealIndex?: number | null;
  empty: ReactNode;
  testId: string;
}

/**
 * A live, virtualized list (STYLE.md 8; hooks/use-live-virtualizer.ts): only the rows on screen are
 * in the DOM, heights are measured, and it follows new rows while the reader sits at the bottom —
 * a 10,000-event run opens as fast as a ten-event one.
 */
export function VirtualRows<Row extends { key: string }>({ rows, estimate, render, revealIndex, empty, testId }: VirtualRowsProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useLiveVirtualizer({
    count: rows.length,
    scrollRef,
    estimateSize: () => estimate,
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
    scrollEndThreshold: 32,
  });
  useEffect(() => {
    if (revealIndex !== null && revealIndex !== undefined && revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: "auto" });
  }, [revealIndex, virtualizer]);

  return (
    <div ref={scrollRef} data-testid={testId} data-count={rows.length} className="min-h-0 min-w-0 flex-1 overflow-auto">
      {rows.length === 0 ? (
        <div className="p-3 text-xs text-muted-foreground">{empty}</div>
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
