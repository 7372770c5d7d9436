"use client";

import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { BundleUnitRef } from "@/lib/contracts/bundle";
import { ExportBundleButton } from "@/components/elements/export-bundle-button";
import { SaveCaseButton } from "@/components/elements/save-case";
import { ITEM_FILTER_LABEL, ITEM_FILTERS, type ItemFilter } from "./timeline-labels";

export type TimelineMode = "items" | "events";

export interface TimelineFilterState {
  mode: TimelineMode;
  /** Items mode: the kind chips pressed (none = everything). */
  filters: ReadonlySet<ItemFilter>;
  /** Events mode: one event type, or null for all. */
  type: string | null;
  search: string;
}

export interface AguiTimelineToolbarProps {
  value: TimelineFilterState;
  onChange: (value: TimelineFilterState) => void;
  /** Events per type in the run (the normalizer's counts). */
  counts: Record<string, number>;
  shown: number;
  total: number;
  /** Downloads the run's events as received (JSON array), like CopilotKit's "Export JSON". */
  onExport: () => void;
  /** The run as a Loupe bundle (everything recorded, for any Loupe to open); absent in a bundle's own view. */
  bundleUnit?: BundleUnitRef;
  /** A live thread (not an imported bundle): offers Save as case. */
  threadRef?: { agentId: string; threadId: string };
}

const ALL = "__all__";

/** Assembled timeline or raw AG-UI events, with kind chips / an event-type filter and a search. */
export function AguiTimelineToolbar({ value, onChange, counts, shown, total, onExport, bundleUnit, threadRef }: AguiTimelineToolbarProps) {
  const set = (patch: Partial<TimelineFilterState>) => onChange({ ...value, ...patch });
  const toggle = (f: ItemFilter) => {
    const next = new Set(value.filters);
    if (next.has(f)) next.delete(f);
    else next.add(f);
    set({ filters: next });
  };
  return (
    <div data-testid="agui-timeline-toolbar" className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
      <div role="group" aria-label="Show" className="flex gap-0.5 rounded-md border p-0.5">
        {(["items", "events"] as const).map((m) => (
          <Button
            key={m}
            size="xs"
            variant={value.mode === m ? "secondary" : "ghost"}
            aria-pressed={value.mode === m}
            data-testid={`agui-mode-${m}`}
            onClick={() => set({ mode: m })}
          >
            {m === "items" ? "Timeline" : "AG-UI events"}
          </Button>
        ))}
      </div>
      <Input
        type="search"
        aria-label="Search the run"
        data-testid="agui-timeline-search"
        placeholder={value.mode === "items" ? "Search the run…" : "Search type and payload…"}
        value={value.search}
        onChange={(e) => set({ search: e.target.value })}
        className="h-8 w-52"
      />
      {value.mode === "events" ? (
        <div className="w-56">
          <NativeSelect
            aria-label="Event type"
            data-testid="agui-event-type"
            value={value.type ?? ALL}
            onChange={(e) => set({ type: e.target.value === ALL ? null : e.target.value })}
          >
            <option value={ALL}>All event types</option>
            {Object.entries(counts)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([type, n]) => (
                <option key={type} value={type}>
                  {type} ({n})
                </option>
              ))}
          </NativeSelect>
        </div>
      ) : (
        <div role="group" aria-label="Show only" className="flex flex-wrap gap-1">
          {(Object.keys(ITEM_FILTERS) as ItemFilter[]).map((f) => {
            const on = value.filters.has(f);
            return (
              <Button
                key={f}
                size="xs"
                variant={on ? "secondary" : "outline"}
                aria-pressed={on}
                data-testid={`agui-filter-${f}`}
                onClick={() => toggle(f)}
              >
                {ITEM_FILTER_LABEL[f]}
              </Button>
            );
          })}
        </div>
      )}
      <span data-testid="agui-timeline-count" className="ml-auto text-xs text-muted-foreground tabular-nums">
        {shown === total ? `${total} ${value.mode === "items" ? "items" : "events"}` : `${shown} of ${total}`}
      </span>
      <Button
        size="xs"
        variant="outline"
        data-testid="agui-export"
        title="The run's AG-UI events as received, one JSON array (what CopilotKit's Export JSON saves)"
        onClick={onExport}
      >
        <DownloadIcon /> Export events JSON
      </Button>
      {bundleUnit && <ExportBundleButton unit={bundleUnit} label="Export run bundle" testId="agui-export-bundle" />}
      {/* Issue 24: the thread's turns, the answers at its interrupts and what came back, as a case (AG-UI's driver). */}
      {threadRef && (
        <SaveCaseButton
          source={{ protocol: "agui", from: "thread", ref: { ...threadRef } }}
          defaultName={`thread ${threadRef.threadId.slice(0, 8)}`}
          startWith={["trajectory", "final_response"]}
        />
      )}
    </div>
  );
}
