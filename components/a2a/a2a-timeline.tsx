"use client";

import { useMemo, useRef } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { useLiveVirtualizer } from "@/hooks/use-live-virtualizer";
import { summarizeEntry } from "@/components/a2a/entry-summary";
import { TimelineRow } from "@/components/a2a/timeline-row";

/** First guess; every rendered row is measured (a row wraps when its text is long). */
const ROW_ESTIMATE = 44;

export interface A2aTimelineProps {
  /** The task's entries, seq-ascending. */
  entries: readonly Entry[];
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}

/**
 * Every recorded step of one task — what Loupe sent, each frame the agent answered, stream
 * opens/drops, pushes — with the latency since the previous step and since the first.
 * Virtualized (STYLE.md 8): a task with thousands of streamed chunks keeps a window in the DOM.
 */
export function A2aTimeline({ entries, selectedSeq, onSelect }: A2aTimelineProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => {
    const first = entries[0]?.receivedAt ?? 0;
    return entries.map((e, i) => ({
      entry: e,
      summary: summarizeEntry(e),
      sincePrev: i === 0 ? null : e.receivedAt - entries[i - 1]!.receivedAt,
      sinceStart: e.receivedAt - first,
    }));
  }, [entries]);
  const virtualizer = useLiveVirtualizer({
    count: rows.length,
    scrollRef,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (i) => rows[i]?.entry.seq ?? i,
    overscan: 12,
    scrollEndThreshold: ROW_ESTIMATE,
  });

  if (rows.length === 0) return <p className="p-4 text-sm text-muted-foreground">Nothing recorded for this task yet.</p>;
  return (
    <div ref={scrollRef} data-testid="a2a-timeline" className="min-h-0 min-w-0 flex-1 overflow-auto">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TimelineRow {...row} selected={row.entry.seq === selectedSeq} onSelect={onSelect} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
