import "server-only";
import type { Entry } from "@/lib/contracts/entries";

/** An entry before the store gives it its seq (store.ts's NewEntry). */
type Unsaved = Omit<Entry, "seq" | "rawBytes" | "truncated">;

/** The entries table's written columns, in the order of `entryRow`. */
export const ENTRY_COLUMNS = "connection_id, session_key, received_at, source_time, direction, protocol, kind, raw, raw_bytes";
/** Built once: the statement cache is keyed by the SQL text, hashed again for each new string. */
export const INSERT_ENTRY = `INSERT INTO entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
export const REWRITE_ENTRY = `INSERT OR REPLACE INTO entries (seq, ${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** At most this many rows per multi-row INSERT (so at most this many such statements are ever cached). */
export const MAX_ROWS_PER_INSERT = 64;
const ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?)";
const insertSql: string[] = [];

/** `INSERT INTO entries … VALUES (…), (…)` for `n` rows, built once per n. */
export function insertRowsSql(n: number): string {
  return (insertSql[n] ??= `INSERT INTO entries (${ENTRY_COLUMNS}) VALUES ${Array.from({ length: n }, () => ROW).join(", ")}`);
}

/** One entry's column values (ENTRY_COLUMNS order) with its raw's JSON text and size. */
export function entryRow(entry: Unsaved, rawText: string | undefined): { raw: string; rawBytes: number; values: unknown[] } {
  const raw = rawText ?? JSON.stringify(entry.raw ?? null);
  const rawBytes = Buffer.byteLength(raw);
  const values = [
    entry.connectionId,
    entry.sessionKey,
    entry.receivedAt,
    entry.sourceTime,
    entry.direction,
    entry.protocol,
    entry.kind,
    raw,
    rawBytes,
  ];
  return { raw, rawBytes, values };
}
