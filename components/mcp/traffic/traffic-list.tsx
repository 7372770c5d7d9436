"use client";

import { useEffect, useRef } from "react";
import { useLiveVirtualizer } from "@/hooks/use-live-virtualizer";
import type { TrafficRow as Row } from "@/lib/protocols/mcp/pairing";
import { TrafficRow } from "./traffic-row";

export const TRAFFIC_ROW_HEIGHT = 28;

export interface TrafficListProps {
  rows: Row[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** Selection mode (export "Selected rows"): the checked rows and how a row is checked. */
  checked?: ReadonlySet<string>;
  onToggleCheck?: (key: string, shift: boolean) => void;
}

/** Virtualized rows (STYLE.md 8): only what is on screen is rendered, whatever the history size. */
export function TrafficList({ rows, selectedKey, onSelect, checked, onToggleCheck }: TrafficListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useLiveVirtualizer({
    count: rows.length,
    scrollRef,
    estimateSize: () => TRAFFIC_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
    scrollEndThreshold: TRAFFIC_ROW_HEIGHT,
  });

  // The selected row is brought into view once it is there: a link to ?seq= opened with the list at
  // its newest rows, the selected one off screen (the rows may come after the selection does).
  const reveal = useRef<string | null>(selectedKey);
  useEffect(() => {
    reveal.current = selectedKey;
  }, [selectedKey]);
  useEffect(() => {
    const key = reveal.current;
    if (key === null) return;
    const at = rows.findIndex((r) => r.key === key);
    if (at < 0) return;
    reveal.current = null;
    virtualizer.scrollToIndex(at, { align: "auto" });
  }, [rows, selectedKey, virtualizer]);

  return (
    <div ref={scrollRef} data-testid="traffic-scroll" className="min-h-0 min-w-0 flex-1 overflow-auto">
      {rows.length === 0 ? (
        <p className="p-3 text-xs text-muted-foreground">No traffic matches.</p>
      ) : (
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <TrafficRow
                key={item.key}
                row={row}
                selected={row.key === selectedKey}
                onSelect={onSelect}
                check={checked && onToggleCheck ? { checked: checked.has(row.key), onToggle: onToggleCheck } : undefined}
                style={{ position: "absolute", top: 0, left: 0, height: item.size, transform: `translateY(${item.start}px)` }}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
