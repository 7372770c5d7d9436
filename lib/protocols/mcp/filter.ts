import type { Entry } from "@/lib/contracts/entries";
import type { TrafficRow } from "./pairing";

/** What a row is, for the timeline's visibility toggles. */
export type RowCategory = "request" | "notification" | "log" | "stderr" | "other";

export function rowCategory(row: TrafficRow): RowCategory {
  if (row.type === "request") return "request";
  const first = row.items[0];
  if (first?.kind === "stderr") return "stderr";
  if (first?.kind === "rpc_notification") {
    return first.method === "notifications/message" ? "log" : "notification";
  }
  return "other";
}

export interface TrafficFilter {
  /** A JSON-RPC method, or "all". */
  method: string;
  /** Case-insensitive substring of the method or the raw JSON of the row's entries. */
  search: string;
  showNotifications: boolean;
  showLogs: boolean;
  showStderr: boolean;
}

export const ALL_METHODS = "all";

export const DEFAULT_FILTER: TrafficFilter = {
  method: ALL_METHODS,
  search: "",
  showNotifications: true,
  showLogs: true,
  showStderr: true,
};

/** The distinct methods present, sorted, for the method filter. */
export function methodsOf(rows: TrafficRow[]): string[] {
  const methods = new Set<string>();
  for (const row of rows) if (row.method !== undefined) methods.add(row.method);
  return [...methods].sort();
}

const rawText = new WeakMap<Entry, string>();

/** Lower-cased raw JSON of an entry, memoised: search runs on every keystroke over 50k rows. */
function searchableText(entry: Entry): string {
  let text = rawText.get(entry);
  if (text === undefined) {
    try {
      text = (typeof entry.raw === "string" ? entry.raw : (JSON.stringify(entry.raw) ?? "")).toLowerCase();
    } catch {
      text = "";
    }
    rawText.set(entry, text);
  }
  return text;
}

function rowEntries(row: TrafficRow): Entry[] {
  if (row.type === "entry") return [row.entry];
  return row.response ? [row.request, row.response] : [row.request];
}

export function filterRows(rows: TrafficRow[], filter: TrafficFilter): TrafficRow[] {
  const needle = filter.search.trim().toLowerCase();
  const hidden: Record<RowCategory, boolean> = {
    request: false,
    notification: !filter.showNotifications,
    log: !filter.showLogs,
    stderr: !filter.showStderr,
    other: false,
  };
  return rows.filter((row) => {
    if (hidden[rowCategory(row)]) return false;
    if (filter.method !== ALL_METHODS && row.method !== filter.method) return false;
    if (!needle) return true;
    if (row.method?.toLowerCase().includes(needle)) return true;
    return rowEntries(row).some((e) => searchableText(e).includes(needle));
  });
}
