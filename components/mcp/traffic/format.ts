import type { StatusTone } from "@/components/elements/status-badge";
import type { TrafficRow, TrafficRowState } from "@/lib/protocols/mcp/pairing";
import type { TimelineItem } from "@/lib/protocols/mcp/types";
import { isRecord } from "@/lib/values";

/** Badge label and tone per row state; a new state without a label is a type error (STYLE.md 7). */
export const STATE_BADGE: Record<TrafficRowState, { label: string; tone: StatusTone } | null> = {
  ok: null,
  info: null,
  pending: { label: "pending", tone: "pending" },
  error: { label: "error", tone: "failed" },
  cancelled: { label: "cancelled", tone: "canceled" },
  unanswered: { label: "no response", tone: "stale" },
  unmatched: { label: "no matching request", tone: "warning" },
  unrecognized: { label: "unrecognized", tone: "failed" },
};

/** Compact one-line JSON for row summaries; never throws. */
export function oneLine(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The row's main label: the JSON-RPC method, or what kind of entry it is. */
export function rowLabel(row: TrafficRow): string {
  if (row.type === "request" || row.method !== undefined) return row.method ?? "";
  const first = row.items[0];
  const labels: Record<TimelineItem["kind"], string> = {
    rpc_request: "request",
    rpc_response: "response",
    rpc_notification: "notification",
    progress: "progress",
    log: "log",
    stderr: "stderr",
    error: "transport error",
    status: "status",
    call: "tool call",
    connection_removed: "connection removed",
    record: "record",
    unrecognized: "unrecognized",
  };
  if (first?.kind === "record") return first.recordKind;
  return first ? labels[first.kind] : "entry";
}

/** Secondary text: what a developer scans for without opening the row. */
export function rowSummary(row: TrafficRow): string {
  if (row.type === "request") {
    const params = row.requestItem.params as { name?: unknown; uri?: unknown } | undefined;
    const target = typeof params?.name === "string" ? params.name : typeof params?.uri === "string" ? params.uri : "";
    const error = row.responseItem?.error;
    return error ? `${target} ${error.code} ${error.message}`.trim() : target;
  }
  const last = row.items[row.items.length - 1];
  if (!last) return "";
  switch (last.kind) {
    case "log":
      return oneLine(last.data);
    case "progress":
      return `${last.progress}${last.total !== undefined ? `/${last.total}` : ""}${last.message ? ` ${last.message}` : ""}`;
    case "stderr":
      return last.line;
    case "error":
      return last.message;
    case "status": {
      const change = row.type === "entry" ? row.change : undefined;
      // Checked for its `status` only (an old store, a bundle): the error is read as what it may be.
      const error: unknown = last.state.error;
      const message = isRecord(error) && typeof error.message === "string" ? error.message : typeof error === "string" ? error : "";
      return `${last.state.status}${message ? `: ${message}` : ""}${change ? ` · ${change}` : ""}`;
    }
    case "call":
      return `${last.call.tool} ${last.call.status}`;
    case "connection_removed":
      return last.connectionId;
    case "record":
      return last.summary;
    case "unrecognized":
      return `${last.reason} · ${oneLine(last.raw, 120)}`;
    case "rpc_response":
      return last.error ? `${last.error.code} ${last.error.message}` : "";
    case "rpc_notification":
      return last.params === undefined ? "" : oneLine(last.params);
    case "rpc_request":
      return "";
  }
}
