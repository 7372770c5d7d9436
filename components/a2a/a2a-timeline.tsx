"use client";

import { useMemo } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { VirtualList } from "@/components/elements/virtual-list";
import { settleStreaming, summarizeEntry } from "@/components/a2a/entry-summary";
import { TimelineRow } from "@/components/a2a/timeline-row";

/** First guess; every rendered row is measured (a row wraps when its text is long). */
const ROW_ESTIMATE = 44;
/**
 * The timeline keeps room for this many rows in a short window (1024×768): the task's messages and
 * artifacts above it give way (they scroll in their own pane) instead of leaving a row and a half.
 */
const MIN_ROWS_SHOWN = 3;

export interface A2aTimelineProps {
  /** The task's entries, seq-ascending. */
  entries: readonly Entry[];
  /** How many entries the task has while they are being read (null once read): said instead of "nothing recorded". */
  loading?: number | null;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
}

/**
 * Every recorded step of one task — what Loupe sent, each frame the agent answered, stream
 * opens/drops, pushes — with the latency since the previous step and since the first.
 * Virtualized (STYLE.md 8): a task with thousands of streamed chunks keeps a window in the DOM.
 */
export function A2aTimeline({ entries, loading = null, selectedSeq, onSelect }: A2aTimelineProps) {
  const rows = useMemo(() => {
    const first = entries[0]?.receivedAt ?? 0;
    const rows = entries.map((e, i) => ({
      key: e.seq,
      entry: e,
      summary: summarizeEntry(e),
      sincePrev: i === 0 ? null : e.receivedAt - entries[i - 1]!.receivedAt,
      sinceStart: e.receivedAt - first,
    }));
    settleStreaming(rows.map((r) => r.summary));
    return rows;
  }, [entries]);
  return (
    <VirtualList
      testId="a2a-timeline"
      rows={rows}
      estimate={ROW_ESTIMATE}
      overscan={12}
      scrollEndThreshold={ROW_ESTIMATE}
      minHeight={MIN_ROWS_SHOWN * ROW_ESTIMATE}
      empty={
        loading === null ? "Nothing recorded for this task yet." : `Reading the task's ${loading.toLocaleString("en")} recorded entries…`
      }
      render={(row) => (
        <TimelineRow
          entry={row.entry}
          summary={row.summary}
          sincePrev={row.sincePrev}
          sinceStart={row.sinceStart}
          selected={row.entry.seq === selectedSeq}
          onSelect={onSelect}
        />
      )}
    />
  );
}
