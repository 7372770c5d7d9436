"use client";

import { cn } from "@/lib/cn";
import type { AguiTimelineItem } from "@/lib/protocols/agui/types";
import { ItemBody, type RenderRequest } from "./item-bodies";
import type { EventRow, ItemRow } from "./timeline-rows";
import { eventSummary } from "./timeline-rows";
import { ITEM_KIND_LABEL } from "./timeline-labels";

const TONE: Partial<Record<AguiTimelineItem["kind"], string>> = {
  run_error: "border-l-destructive",
  tool_call: "border-l-sky-500/60",
  state: "border-l-amber-500/60",
  reasoning: "border-l-violet-500/50",
  unknown: "border-l-destructive/60",
  after_end: "border-l-destructive/60 opacity-80",
};

const ms = (n: number) => (n < 1000 ? `+${n} ms` : `+${(n / 1000).toFixed(2)} s`);

export interface ItemRowViewProps {
  row: ItemRow;
  /** Milliseconds from the run's first event to this item's first event. */
  offsetMs: number | null;
  selected: boolean;
  onSelect: () => void;
  renderRequest?: RenderRequest;
  /** Findings pointing at this item's events. */
  findings: number;
}

/** One assembled item of the run timeline: what it is, where in the event stream, and its content. */
export function ItemRowView({ row, offsetMs, selected, onSelect, renderRequest, findings }: ItemRowViewProps) {
  const { item } = row;
  return (
    <div
      data-testid="agui-item"
      data-kind={item.kind}
      data-selected={selected || undefined}
      className={cn("border-b border-l-2 border-l-transparent px-3 py-1.5", TONE[item.kind], selected && "bg-accent/60")}
      style={{ paddingLeft: 12 + row.depth * 16 }}
    >
      <button
        type="button"
        onClick={onSelect}
        className="flex w-full items-center gap-2 text-left text-[11px] text-muted-foreground outline-none focus-visible:underline"
      >
        <span className="font-medium text-foreground">{ITEM_KIND_LABEL[item.kind]}</span>
        <span className="font-mono">
          #{item.first}
          {item.last !== item.first ? `–${item.last}` : ""}
        </span>
        {offsetMs !== null && <span className="tabular-nums">{ms(offsetMs)}</span>}
        {findings > 0 && (
          <span className="text-amber-700 dark:text-amber-300" data-testid="agui-item-findings">
            ⚠ {findings}
          </span>
        )}
        <span className="ml-auto">inspect</span>
      </button>
      <div className="mt-1 min-w-0">
        <ItemBody item={item} renderRequest={renderRequest} />
      </div>
    </div>
  );
}

export interface EventRowViewProps {
  row: EventRow;
  offsetMs: number;
  selected: boolean;
  onSelect: () => void;
}

/** One raw AG-UI event in the events table: index, time, type and a line of its payload. */
export function EventRowView({ row, offsetMs, selected, onSelect }: EventRowViewProps) {
  return (
    <button
      type="button"
      data-testid="agui-event-row"
      data-type={row.event.type}
      onClick={onSelect}
      className={cn(
        "flex w-full min-w-0 items-baseline gap-2 border-b px-3 py-1 text-left font-mono text-[11px] hover:bg-accent/40",
        selected && "bg-accent/60",
      )}
    >
      <span className="w-12 shrink-0 text-right text-muted-foreground tabular-nums">#{row.index}</span>
      <span className="w-16 shrink-0 text-muted-foreground tabular-nums">{ms(offsetMs)}</span>
      <span className="w-40 shrink-0 truncate font-semibold lg:w-56">{row.event.type}</span>
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{eventSummary(row.event.event)}</span>
    </button>
  );
}
