import type { Entry } from "@/lib/contracts/entries";
import { isEntryKind, parseEntry } from "@/lib/contracts/entry-kinds";
import { isRecord } from "@/lib/values";
import { classifyFrame, classifyPartialFrame, classifyPreviewObject, isJsonRpcId, type Frame } from "./frame";
import { recordSummary } from "./records";
import type { TimelineItem } from "./types";

function unrecognized(reason: string, raw: unknown): TimelineItem {
  return { kind: "unrecognized", reason, raw };
}

/** notifications/progress params (spec: utilities/progress). */
function progressItem(params: unknown): TimelineItem | undefined {
  if (!isRecord(params)) return undefined;
  const { progressToken, progress, total, message } = params;
  if (!isJsonRpcId(progressToken) || typeof progress !== "number") return undefined;
  if (total !== undefined && typeof total !== "number") return undefined;
  if (message !== undefined && typeof message !== "string") return undefined;
  return {
    kind: "progress",
    progressToken,
    progress,
    ...(total !== undefined ? { total } : {}),
    ...(message !== undefined ? { message } : {}),
  };
}

/** notifications/message params (spec: utilities/logging). Unknown level names are kept as sent. */
function logItem(params: unknown): TimelineItem | undefined {
  if (!isRecord(params) || typeof params.level !== "string" || !("data" in params)) return undefined;
  const { level, logger, data } = params;
  if (logger !== undefined && typeof logger !== "string") return undefined;
  return { kind: "log", level, data, ...(logger !== undefined ? { logger } : {}) };
}

function frameItems(frame: Frame, raw: unknown, truncated: boolean): TimelineItem[] {
  const flag = truncated ? { truncated: true } : {};
  switch (frame.type) {
    case "invalid":
      return [unrecognized(frame.reason, raw)];
    case "request":
      return [{ kind: "rpc_request", id: frame.id, method: frame.method, params: frame.params, ...flag }];
    case "response":
      return [
        {
          kind: "rpc_response",
          id: frame.id,
          isError: frame.isError,
          ...(frame.isError ? { error: frame.error } : { result: frame.result }),
          ...flag,
        },
      ];
    case "notification": {
      const note: TimelineItem = { kind: "rpc_notification", method: frame.method, params: frame.params, ...flag };
      // A truncated preview cannot be trusted for params: show the notification only.
      if (truncated) return [note];
      if (frame.method === "notifications/progress") {
        return [note, progressItem(frame.params) ?? unrecognized("malformed progress params", raw)];
      }
      if (frame.method === "notifications/message") {
        return [note, logItem(frame.params) ?? unrecognized("malformed log message params", raw)];
      }
      return [note];
    }
  }
}

function messageItems(entry: Entry): TimelineItem[] {
  const truncated = entry.truncated === true;
  if (truncated && typeof entry.raw === "string") {
    return frameItems(classifyPartialFrame(entry.raw), entry.raw, true);
  }
  if (truncated && isRecord(entry.raw) && typeof entry.raw._preview === "string") {
    return frameItems(classifyPreviewObject(entry.raw as Record<string, unknown> & { _preview: string }), entry.raw, true);
  }
  return frameItems(classifyFrame(entry.raw), entry.raw, truncated);
}

function mcpItems(entry: Entry): TimelineItem[] {
  const raw = entry.raw;
  if (entry.kind === "message") return messageItems(entry);
  if (!isEntryKind(entry.kind)) return [unrecognized(`unknown mcp entry kind "${entry.kind}"`, raw)];
  const read = parseEntry(entry);
  switch (read.kind) {
    case "stderr":
      return read.ok && read.raw.line !== undefined
        ? [{ kind: "stderr", line: read.raw.line }]
        : [unrecognized("stderr entry without a line", raw)];
    case "transport_error":
      return read.ok ? [{ kind: "error", message: read.raw.message }] : [unrecognized("transport_error entry without a message", raw)];
    case "unparsed":
      return [unrecognized(read.ok ? `not JSON-RPC: ${read.raw.error}` : "not JSON-RPC", raw)];
    default:
      return [unrecognized(read.ok ? `unknown mcp entry kind "${entry.kind}"` : read.error, raw)];
  }
}

function loupeItems(entry: Entry): TimelineItem[] {
  const raw = entry.raw;
  const read = parseEntry(entry);
  switch (read.kind) {
    case "status":
      return read.ok ? [{ kind: "status", state: read.raw }] : [unrecognized("malformed connection status", raw)];
    case "call":
      return read.ok ? [{ kind: "call", call: read.raw }] : [unrecognized("malformed call record", raw)];
    case "connection_removed":
      return [{ kind: "connection_removed", connectionId: read.ok ? read.raw.id : entry.connectionId }];
    default:
      // Loupe wrote it itself: whatever the kind, it is a record to show, not a protocol mystery.
      return [{ kind: "record", recordKind: entry.kind, summary: recordSummary(entry.kind, raw), raw }];
  }
}

/**
 * The timeline items of one recorded entry. Pure and total: malformed input yields an
 * `unrecognized` item carrying the raw value (DESIGN.md: never dropped, never a crash).
 */
export function entryItems(entry: Entry): TimelineItem[] {
  if (entry.protocol === "mcp") return mcpItems(entry);
  if (entry.protocol === "loupe") return loupeItems(entry);
  return [unrecognized(`unknown protocol "${String(entry.protocol)}"`, entry.raw)];
}

const cache = new WeakMap<Entry, TimelineItem[]>();

/** `entryItems`, memoised per entry object (entries are immutable once recorded). */
export function cachedEntryItems(entry: Entry): TimelineItem[] {
  let items = cache.get(entry);
  if (!items) {
    items = entryItems(entry);
    cache.set(entry, items);
  }
  return items;
}
