"use client";

import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { cn } from "@/lib/cn";
import { DEFAULT_FILTER, filterRows, methodsOf, type TrafficFilter } from "@/lib/protocols/mcp/filter";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import { groupMrtrRounds } from "@/lib/protocols/mcp/mrtr-rounds";
import { MrtrContext } from "./mrtr-context";
import { TapOriginContext } from "./tap-origin";
import { tapOrigins } from "@/lib/protocols/mcp/tap-origin";
import { TrafficDetail } from "./traffic-detail";
import { TrafficList } from "./traffic-list";
import { TrafficToolbar } from "./traffic-toolbar";
import { useRowSelection } from "./row-selection";
import { TrafficExportMenu } from "./traffic-export";
import { TrafficSelectionBar } from "./traffic-selection-bar";

export interface TrafficTimelineProps {
  /** Recorded entries of one connection (or several), ascending by seq. */
  entries: Entry[];
  /** Fetches an entry whole (GET /api/entries/:seq) when the list carries a truncated preview. */
  onLoadFull?: (seq: number) => Promise<Entry>;
  className?: string;
  /** The open row's seq when the caller keeps it (the workbench, in the URL); else kept here. */
  selectedSeq?: number | null;
  onSelectSeq?: (seq: number | null) => void;
  /** The connection whose traffic this is: offers Export (all, a time range, selected rows). Absent: no export (an imported bundle). */
  exportConnectionId?: string;
}

/**
 * Every JSON-RPC frame, request and response paired with latency, filterable and searchable,
 * with the raw JSON of the selected row beside the list.
 */
export function TrafficTimeline({ entries, onLoadFull, className, selectedSeq, onSelectSeq, exportConnectionId }: TrafficTimelineProps) {
  const rows = useMemo(() => pairTraffic(entries), [entries]);
  const methods = useMemo(() => methodsOf(rows), [rows]);
  const [filter, setFilter] = useState<TrafficFilter>(DEFAULT_FILTER);
  // Typing in the search box stays responsive while 50k rows are filtered behind it.
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(() => filterRows(rows, deferredFilter), [rows, deferredFilter]);
  const [ownKey, setOwnKey] = useState<string | null>(null);
  // A row's key is the seq of its first entry, so the seq in the URL names the row.
  const selectedKey = selectedSeq !== undefined ? (selectedSeq === null ? null : String(selectedSeq)) : ownKey;
  const setSelectedKey = onSelectSeq ? (key: string | null) => onSelectSeq(key === null ? null : Number(key)) : setOwnKey;
  const selected = useMemo(() => (selectedKey === null ? undefined : rows.find((r) => r.key === selectedKey)), [rows, selectedKey]);
  // The legs of multi round-trip requests (2026-07-28), so rows and detail show them as one call.
  // The select callback stays one object so the context (and every row) changes only with the rows.
  const selectRef = useRef(setSelectedKey);
  useLayoutEffect(() => {
    selectRef.current = setSelectedKey;
  });
  const selectLeg = useCallback((key: string) => selectRef.current(key), []);
  const mrtr = useMemo(() => ({ index: groupMrtrRounds(rows), select: selectLeg }), [rows, selectLeg]);
  const taps = useMemo(() => tapOrigins(entries), [entries]);
  const selection = useRowSelection(rows, visible);

  return (
    <MrtrContext.Provider value={mrtr}>
      <TapOriginContext.Provider value={taps}>
        <div data-testid="traffic-timeline" className={cn("flex min-h-0 flex-1 flex-col", className)}>
          <TrafficToolbar
            filter={filter}
            methods={methods}
            onChange={setFilter}
            shown={visible.length}
            total={rows.length}
            entries={entries.length}
            actions={
              exportConnectionId && (
                <TrafficExportMenu
                  connectionId={exportConnectionId}
                  firstAt={entries[0]?.receivedAt}
                  lastAt={entries.at(-1)?.receivedAt}
                  onSelectRows={selection.start}
                />
              )
            }
          />
          {exportConnectionId && selection.active && <TrafficSelectionBar connectionId={exportConnectionId} selection={selection} />}
          <div className="flex min-h-0 flex-1">
            <TrafficList
              rows={visible}
              selectedKey={selectedKey}
              onSelect={setSelectedKey}
              checked={selection.active ? selection.checked : undefined}
              onToggleCheck={selection.toggle}
            />
            {selected && <TrafficDetail row={selected} onLoadFull={onLoadFull} onClose={() => setSelectedKey(null)} />}
          </div>
        </div>
      </TapOriginContext.Provider>
    </MrtrContext.Provider>
  );
}
