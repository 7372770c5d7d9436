/**
 * Pure filtering of an ADK timeline: which entry indexes the list shows for a search text, an
 * author, a tool name and a set of item kinds. Linear in the number of entries; the searchable
 * text of an entry is built once per entry object (entries are replaced, never mutated, when they
 * change — timeline.ts), so typing in the search box over 10k events stays cheap.
 */
import type { TimelineEntry, TimelineState } from "@/lib/protocols/adk/timeline-types";
import type { AdkItem } from "@/lib/protocols/adk/types";

export const FILTER_KINDS = ["text", "tool_calls", "state", "artifacts", "errors", "interrupts"] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export const FILTER_KIND_LABELS: Record<FilterKind, string> = {
  text: "Text",
  tool_calls: "Tool calls",
  state: "State",
  artifacts: "Artifacts",
  errors: "Errors",
  interrupts: "Interrupts",
};

export interface TimelineFilter {
  /** Case-insensitive substring over author, ids, text, tool names, args, responses, state. */
  search: string;
  /** Exact author, or null for all. */
  author: string | null;
  /** Entries that call or answer this tool, or null for all. */
  tool: string | null;
  /** All on = no kind filtering. Otherwise an entry shows when one of its items is of an enabled kind. */
  kinds: Record<FilterKind, boolean>;
}

export const DEFAULT_TIMELINE_FILTER: TimelineFilter = {
  search: "",
  author: null,
  tool: null,
  kinds: { text: true, tool_calls: true, state: true, artifacts: true, errors: true, interrupts: true },
};

/** The filter kind an item counts as; null for items no toggle names (usage, checkpoints, …). */
export function itemFilterKind(item: AdkItem): FilterKind | null {
  switch (item.kind) {
    case "text":
    case "thought":
    case "media":
    case "code":
    case "code_result":
      return "text";
    case "tool_call":
      return "tool_calls";
    case "tool_result":
      return item.isError ? "errors" : "tool_calls";
    case "state_delta":
      return "state";
    case "artifact":
      return "artifacts";
    case "error":
    case "unrecognized":
      return "errors";
    case "interrupt":
      return "interrupts";
    default:
      return null;
  }
}

function entryKinds(entry: TimelineEntry): Set<FilterKind> {
  const kinds = new Set<FilterKind>();
  for (const item of entry.items) {
    const k = itemFilterKind(item);
    if (k) kinds.add(k);
    // A failed tool result is both a tool result and an error.
    if (item.kind === "tool_result" && item.isError) kinds.add("tool_calls");
  }
  return kinds;
}

/**
 * A kind chip's click. With no kind filtering (all on), a chip picks *only* its kind — clicking
 * Errors shows the errors, it never hides them. Then chips add or remove kinds; removing the
 * last one goes back to showing everything.
 */
export function toggleKind(kinds: TimelineFilter["kinds"], kind: FilterKind): TimelineFilter["kinds"] {
  const all = FILTER_KINDS.every((k) => kinds[k]);
  if (all) return Object.fromEntries(FILTER_KINDS.map((k) => [k, k === kind])) as TimelineFilter["kinds"];
  const next = { ...kinds, [kind]: !kinds[kind] };
  return FILTER_KINDS.some((k) => next[k]) ? next : { ...DEFAULT_TIMELINE_FILTER.kinds };
}

/** True when the chips narrow the list (some kinds picked). */
export function kindsPicked(kinds: TimelineFilter["kinds"]): boolean {
  return !FILTER_KINDS.every((k) => kinds[k]);
}

export function isFiltering(filter: TimelineFilter): boolean {
  return filter.search.trim() !== "" || filter.author !== null || filter.tool !== null || FILTER_KINDS.some((k) => !filter.kinds[k]);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

function itemText(item: AdkItem): string {
  switch (item.kind) {
    case "text":
    case "thought":
      return item.text;
    case "tool_call":
      return `${item.name} ${item.callId} ${safeJson(item.args)}`;
    case "tool_result":
      return `${item.name} ${item.callId} ${safeJson(item.response)}`;
    case "state_delta":
      return safeJson(item.delta);
    case "artifact":
      return `${item.filename} ${item.version}`;
    case "transfer":
      return item.toAgent;
    case "error":
      return `${item.code ?? ""} ${item.message}`;
    case "compaction":
      return item.summary;
    case "code":
      return item.code;
    case "workflow_output":
      return safeJson(item.output);
    case "route":
      return safeJson(item.route);
    case "unrecognized":
      return `${item.reason} ${safeJson(item.raw)}`;
    default:
      return "";
  }
}

const searchCache = new WeakMap<TimelineEntry, string>();

/** Lower-cased text the search box matches against (cached per entry object). */
export function searchableText(entry: TimelineEntry): string {
  let text = searchCache.get(entry);
  if (text === undefined) {
    const { event } = entry;
    const head = `${event.author} ${event.id} ${event.invocationId} ${event.nodeInfo?.path ?? ""}`;
    text = [head, ...entry.items.map(itemText)].join("\n").toLowerCase();
    searchCache.set(entry, text);
  }
  return text;
}

function callsTool(entry: TimelineEntry, tool: string): boolean {
  return entry.items.some((i) => (i.kind === "tool_call" || i.kind === "tool_result" || i.kind === "interrupt") && i.name === tool);
}

/** Entry indexes that pass the filter, ascending. */
export function filterTimeline(timeline: TimelineState, filter: TimelineFilter): number[] {
  const needle = filter.search.trim().toLowerCase();
  const allKinds = FILTER_KINDS.every((k) => filter.kinds[k]);
  const out: number[] = [];
  for (const entry of timeline.entries) {
    if (entry.superseded) continue;
    if (filter.author !== null && entry.event.author !== filter.author) continue;
    if (filter.tool !== null && !callsTool(entry, filter.tool)) continue;
    if (!allKinds && ![...entryKinds(entry)].some((k) => filter.kinds[k])) continue;
    if (needle !== "" && !searchableText(entry).includes(needle)) continue;
    out.push(entry.index);
  }
  return out;
}

/** Authors in order of first appearance (for the author select). */
export function timelineAuthors(timeline: TimelineState): string[] {
  const seen = new Set<string>();
  for (const e of timeline.entries) if (e.event.author) seen.add(e.event.author);
  return [...seen];
}

/** Tool names called or answered in the session, sorted. */
export function timelineToolNames(timeline: TimelineState): string[] {
  const names = new Set<string>();
  for (const rec of timeline.calls.values()) names.add(rec.name);
  return [...names].sort();
}
