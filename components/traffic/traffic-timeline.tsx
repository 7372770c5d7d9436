"use client";

import { useDeferredValue, useMemo, useState } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { cn } from "@/lib/cn";
import { DEFAULT_FILTER, filterRows, methodsOf, type TrafficFilter } from "@/lib/protocols/mcp/filter";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import { TrafficDetail } from "./traffic-detail";
import { TrafficList } from "./traffic-list";
import { TrafficToolbar } from "./traffic-toolbar";

export interface TrafficTimelineProps {
  /** Recorded entries of one connection (or several), ascending by seq. */
  entries: Entry[];
  /** Fetches an entry whole (GET /api/entries/:seq) when the list carries a truncated preview. */
  onLoadFull?: (seq: number) => Promise<Entry>;
  className?: string;
}

/**
 * Every JSON-RPC frame, request and response paired with latency, filterable and searchable,
 * with the raw JSON of the selected row beside the list.
 */
export function TrafficTimeline({ entries, onLoadFull, className }: TrafficTimelineProps) {
  const rows = useMemo(() => pairTraffic(entries), [entries]);
  const methods = useMemo(() => methodsOf(rows), [rows]);
  const [filter, setFilter] = useState<TrafficFilter>(DEFAULT_FILTER);
  // Typing in the search box stays responsive while 50k rows are filtered behind it.
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(() => filterRows(rows, deferredFilter), [rows, deferredFilter]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = useMemo(
    () => (selectedKey === null ? undefined : rows.find((r) => r.key === selectedKey)),
    [rows, selectedKey],
  );

  return (
    <div data-testid="traffic-timeline" className={cn("flex min-h-0 flex-1 flex-col", className)}>
      <TrafficToolbar
        filter={filter}
        methods={methods}
        onChange={setFilter}
        shown={visible.length}
        total={rows.length}
      />
      <div className="flex min-h-0 flex-1">
        <TrafficList rows={visible} selectedKey={selectedKey} onSelect={setSelectedKey} />
        {selected && <TrafficDetail row={selected} onLoadFull={onLoadFull} onClose={() => setSelectedKey(null)} />}
      </div>
    </div>
  );
}
