import type { AguiTimelineItem } from "@/lib/protocols/agui/types";
import type { RunEvent } from "@/lib/queries/agui";
import { ITEM_FILTERS, type ItemFilter, type ItemKind } from "./timeline-labels";

export interface ItemRow {
  key: string;
  item: AguiTimelineItem;
  /** Index of the item in the timeline. */
  index: number;
  /** Nesting under open steps and sub-agents. */
  depth: number;
}

export interface EventRow {
  key: string;
  /** Index of the event in the run (what items' first/last point at). */
  index: number;
  event: RunEvent;
}

/** Lower-cased JSON of a value, computed once per object: search over 10,000 events stays cheap. */
const searchText = new WeakMap<object, string>();
export function haystack(value: object): string {
  let text = searchText.get(value);
  if (text === undefined) {
    text = (JSON.stringify(value) ?? "").toLowerCase();
    searchText.set(value, text);
  }
  return text;
}

/**
 * Items with their nesting: an item inside a step's or sub-agent's span sits one level deeper
 * (a step that never finished holds everything after it).
 */
export function itemRows(items: readonly AguiTimelineItem[], filters: ReadonlySet<ItemFilter>, search: string): ItemRow[] {
  const kinds = new Set<ItemKind>([...filters].flatMap((f) => ITEM_FILTERS[f]));
  const query = search.trim().toLowerCase();
  const open: number[] = [];
  const rows: ItemRow[] = [];
  items.forEach((item, i) => {
    while (open.length > 0 && open[open.length - 1]! < item.first) open.pop();
    const depth = open.length;
    if (item.kind === "step" || item.kind === "subagent") {
      const ended = item.kind === "step" ? item.complete : item.status !== "running";
      open.push(ended ? item.last : Number.POSITIVE_INFINITY);
    }
    if (kinds.size > 0 && !kinds.has(item.kind)) return;
    if (query && !haystack(item).includes(query)) return;
    rows.push({ key: `${item.kind}:${item.first}:${i}`, item, index: i, depth });
  });
  return rows;
}

/** Events of the chosen type (null: all) whose type or payload contains the search text. */
export function eventRows(events: readonly RunEvent[], type: string | null, search: string): EventRow[] {
  const query = search.trim().toLowerCase();
  const rows: EventRow[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    if (type !== null && event.type !== type) continue;
    if (query && !haystack(event.event).includes(query)) continue;
    rows.push({ key: `${event.seq}`, index: i, event });
  }
  return rows;
}

/** One line of an event's payload for the events table (type and framing left out). */
export function eventSummary(event: Record<string, unknown>, max = 140): string {
  const { type: _type, timestamp: _ts, ...rest } = event;
  const text = JSON.stringify(rest) ?? "";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
