import type { QueryClient } from "@tanstack/react-query";
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";
import type { ENTRY_KINDS_BY_PROTOCOL, EntryKind, EntryPayload } from "@/lib/contracts/entry-kinds";

/**
 * What the stream reducer does with one entry of kind K, besides the list it joins (traffic, a
 * session's live events, a conversation's entries). `raw` is the payload read through the kind's
 * schema, or null when it does not fit (a preview that lost a field, another version's shape):
 * the entry is still kept and shown raw. A handler takes the payload as given, never re-reading
 * `e.raw`; `e` is there for its seq, connection, time and `truncated`.
 */
export type EntryHandler<K extends EntryKind> = (qc: QueryClient, raw: EntryPayload<K> | null, e: Entry) => void;

/** The kinds of one protocol. */
export type KindsOfProtocol<P extends EntryProtocol> = keyof (typeof ENTRY_KINDS_BY_PROTOCOL)[P] & EntryKind;

/** One row per kind of protocol P: a handler, or `null` (it only joins its protocol's lists). */
export type EntryHandlers<P extends EntryProtocol> = { [K in KindsOfProtocol<P>]: EntryHandler<K> | null };

/** Writes a batch of one protocol's entries into its lists (a connection's traffic, a session's live events…). */
export type EntryBatchReducer = (qc: QueryClient, entries: readonly Entry[]) => void;

/**
 * What one protocol plugs into the stream reducer (lib/queries/stream-reducer.ts), listed in
 * STREAM_PARTS (lib/queries/protocols.ts): a handler per kind, and the reducer of its batches.
 */
export interface StreamPart<P extends EntryProtocol> {
  handlers: EntryHandlers<P>;
  applyEntries: EntryBatchReducer | null;
}
