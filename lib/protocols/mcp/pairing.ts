import type { Direction, Entry } from "@/lib/contracts/entries";
import { isRecord } from "@/lib/values";
import { isJsonRpcId } from "./frame";
import { cachedEntryItems } from "./normalize";
import { statusChange, type StatusSide } from "./status-change";
import type { ItemOf, JsonRpcId, ProgressToken, TimelineItem } from "./types";

/**
 * pending: no response yet · ok / error: answered · cancelled: a notifications/cancelled went out
 * and no response came · unanswered: the connection dropped before a response.
 */
export type RequestState = "pending" | "ok" | "error" | "cancelled" | "unanswered";
/** Single rows: info (notification, stderr, status…), error (transport error), unmatched (response
 * with no request), unrecognized (kept raw). */
export type EntryState = "info" | "error" | "unmatched" | "unrecognized";
export type TrafficRowState = RequestState | EntryState;

interface RowBase {
  /** Stable React key: the seq of the row's first entry. */
  key: string;
  seq: number;
  connectionId: string;
  receivedAt: number;
  direction: Direction;
}

/** A JSON-RPC request with its response, in either direction. */
export interface RequestRow extends RowBase {
  type: "request";
  state: RequestState;
  method: string;
  id: JsonRpcId;
  request: Entry;
  requestItem: ItemOf<"rpc_request">;
  response?: Entry;
  responseItem?: ItemOf<"rpc_response">;
  /** response.receivedAt − request.receivedAt */
  latencyMs?: number;
  /** receivedAt of the notifications/cancelled that named this request. */
  cancelledAt?: number;
  /** Another request with the same id was outstanding at the same time (a protocol violation). */
  duplicateId: boolean;
  progressToken?: ProgressToken;
  /** notifications/progress received for this request's progressToken. */
  progressCount: number;
}

/** Any other entry: notification, unmatched response, stderr, transport error, Loupe entry. */
export interface EntryRow extends RowBase {
  type: "entry";
  state: EntryState;
  entry: Entry;
  items: TimelineItem[];
  /** The JSON-RPC method of a notification. */
  method?: string;
  /** The JSON-RPC id of an unmatched response. */
  id?: JsonRpcId | null;
  /** A status entry: what it changed against the connection's previous one (statusChange). */
  change?: string;
}

export type TrafficRow = RequestRow | EntryRow;

const OPPOSITE: Record<Direction, Direction> = { out: "in", in: "out", local: "local" };

function idKey(connectionId: string, direction: Direction, id: JsonRpcId): string {
  // typeof keeps 1 and "1" apart: JSON-RPC ids of different types are different ids.
  return `${connectionId}\u0000${direction}\u0000${typeof id}:${id}`;
}

function bySeq(entries: Entry[]): Entry[] {
  let previous = -Infinity;
  for (const entry of entries) {
    if (entry.seq < previous) return [...entries].sort((a, b) => a.seq - b.seq);
    previous = entry.seq;
  }
  return entries;
}

function entryState(items: TimelineItem[]): EntryState {
  const first = items[0];
  if (!first || first.kind === "unrecognized") return "unrecognized";
  if (first.kind === "rpc_response") return "unmatched";
  if (first.kind === "error") return "error";
  return "info";
}

function requestState(row: RequestRow, dropped: boolean): RequestState {
  if (row.responseItem) return row.responseItem.isError ? "error" : "ok";
  if (row.cancelledAt !== undefined) return "cancelled";
  return dropped ? "unanswered" : "pending";
}

/** Pairs requests with responses by (connection, direction, id) in one pass; rows in seq order. */
export function pairTraffic(entries: Entry[]): TrafficRow[] {
  const rows: TrafficRow[] = [];
  // Outstanding requests per id, oldest first: a duplicate id is answered first-in, first-out.
  const outstanding = new Map<string, RequestRow[]>();
  const byToken = new Map<string, RequestRow>();
  const dropped = new Set<RequestRow>();

  /** Each connection's last status, for what the next one changed. */
  const lastStatus = new Map<string, StatusSide>();
  const single = (entry: Entry, items: TimelineItem[], method?: string, id?: JsonRpcId | null, change?: string) => {
    rows.push({
      key: String(entry.seq),
      seq: entry.seq,
      connectionId: entry.connectionId,
      receivedAt: entry.receivedAt,
      direction: entry.direction,
      type: "entry",
      state: entryState(items),
      entry,
      items,
      method,
      id,
      change,
    });
  };

  for (const entry of bySeq(entries)) {
    const items = cachedEntryItems(entry);
    const first = items[0];
    const isMessage = entry.protocol === "mcp" && entry.kind === "message";

    if (isMessage && first?.kind === "rpc_request") {
      const key = idKey(entry.connectionId, entry.direction, first.id);
      const token = progressTokenOf(first.params);
      // Every field is set up front: one stable object shape keeps 50k rows fast (no spreads).
      const row: RequestRow = {
        key: String(entry.seq),
        seq: entry.seq,
        connectionId: entry.connectionId,
        receivedAt: entry.receivedAt,
        direction: entry.direction,
        type: "request",
        state: "pending",
        method: first.method,
        id: first.id,
        request: entry,
        requestItem: first,
        response: undefined,
        responseItem: undefined,
        latencyMs: undefined,
        cancelledAt: undefined,
        duplicateId: false,
        progressToken: token,
        progressCount: 0,
      };
      // A cancelled request left `outstanding` with its cancel: one that takes its id is a new request.
      const queue = outstanding.get(key);
      if (queue) {
        queue.push(row);
        for (const r of queue) r.duplicateId = true;
      } else outstanding.set(key, [row]);
      if (token !== undefined) byToken.set(idKey(entry.connectionId, entry.direction, token), row);
      rows.push(row);
      continue;
    }

    if (isMessage && first?.kind === "rpc_response" && first.id !== null) {
      const key = idKey(entry.connectionId, OPPOSITE[entry.direction], first.id);
      const queue = outstanding.get(key);
      const req = queue?.shift();
      if (queue && queue.length === 0) outstanding.delete(key);
      if (req) {
        req.response = entry;
        req.responseItem = first;
        req.latencyMs = entry.receivedAt - req.request.receivedAt;
        dropped.delete(req);
        continue;
      }
      single(entry, items, undefined, first.id);
      continue;
    }

    if (isMessage && first?.kind === "rpc_notification") {
      const params = isRecord(first.params) ? first.params : undefined;
      if (first.method === "notifications/cancelled" && isJsonRpcId(params?.requestId)) {
        // The sender cancels a request it sent itself: same direction as the notification. The
        // cancel ends it: the sender ignores an answer that comes after (as the call record does),
        // so that answer is unmatched, and a new request may take the id.
        const key = idKey(entry.connectionId, entry.direction, params.requestId);
        const queue = outstanding.get(key);
        const target = queue?.shift();
        if (queue && queue.length === 0) outstanding.delete(key);
        if (target) target.cancelledAt = entry.receivedAt;
      } else if (first.method === "notifications/progress" && isJsonRpcId(params?.progressToken)) {
        const owner = byToken.get(idKey(entry.connectionId, OPPOSITE[entry.direction], params.progressToken));
        if (owner) owner.progressCount++;
      }
      single(entry, items, first.method);
      continue;
    }

    let change: string | undefined;
    if (first?.kind === "status") {
      // A previewed entry (over 64 KB) kept only its small fields: the ones it left out are not compared.
      const side: StatusSide = { state: first.state, preview: entry.truncated === true };
      change = statusChange(lastStatus.get(entry.connectionId), side);
      lastStatus.set(entry.connectionId, side);
    }
    if (first?.kind === "status" && first.state.status !== "connected") {
      // A dropped connection answers nothing more, and a new session restarts ids at 0:
      // forget its outstanding requests so a reused id cannot pair with a stale request.
      const prefix = `${entry.connectionId}\u0000`;
      for (const [key, queue] of outstanding) {
        if (!key.startsWith(prefix)) continue;
        for (const r of queue) dropped.add(r);
        outstanding.delete(key);
      }
    }
    single(entry, items, undefined, undefined, change);
  }

  for (const row of rows) {
    if (row.type === "request") row.state = requestState(row, dropped.has(row));
  }
  return rows;
}

function progressTokenOf(params: unknown): ProgressToken | undefined {
  if (!isRecord(params) || !isRecord(params._meta)) return undefined;
  const token = params._meta.progressToken;
  return isJsonRpcId(token) ? token : undefined;
}
