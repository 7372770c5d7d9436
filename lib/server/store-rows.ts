import "server-only";
import type { Entry } from "@/lib/contracts/entries";

/** An entry before the store gives it its seq (store.ts's NewEntry). */
type Unsaved = Omit<Entry, "seq" | "rawBytes" | "truncated">;

/** An entry to write, with the JSON text of its raw when the caller has it (Store.insertEntries). */
export interface EntryWrite {
  entry: Unsaved;
  rawText?: string;
  /** rawText's UTF-8 size, when the caller knows it (a relay frame's: measuring would first copy the text whole). */
  rawBytes?: number;
}

/**
 * How entries are written. `burst`: their recorder says more follow at once (a relay's exchange: the
 * request that opens a stream, its first frame), so even a single entry is queued behind the burst
 * (write-behind.ts) instead of opening a group commit whose COMMIT would fall inside the stream. Left
 * out (one tools/call's entry beside its call row), a single entry is written at once unless rows wait.
 */
export interface WriteOpts {
  burst?: boolean;
}

/** A written entry and the JSON text its raw was stored as. */
export interface StoredEntry {
  entry: Entry;
  rawText: string;
}

/** The entries table's written columns, in the order of `entryRow`. */
export const ENTRY_COLUMNS = "connection_id, session_key, received_at, source_time, direction, protocol, kind, raw, raw_bytes";
/** How many values one row binds (ENTRY_COLUMNS). */
export const ROW_VALUES = 9;
/** Built once: the statement cache is keyed by the SQL text, hashed again for each new string. */
export const INSERT_ENTRY = `INSERT INTO entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
export const REWRITE_ENTRY = `INSERT OR REPLACE INTO entries (seq, ${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The last seq SQLite gave an entry (AUTOINCREMENT never gives one twice; an INSERT naming a higher seq moves it on). */
export const LAST_SEQ = "SELECT seq FROM sqlite_sequence WHERE name = 'entries'";

/** At most this many rows per multi-row INSERT (so at most this many such statements are ever cached). */
export const MAX_ROWS_PER_INSERT = 64;
const ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?)";
const SEQ_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
const insertSql: string[] = [];
const insertSeqSql: string[] = [];

/** `INSERT INTO entries … VALUES (…), (…)` for `n` rows, built once per n; `withSeq`: each row names its seq first. */
export function insertRowsSql(n: number, withSeq = false): string {
  if (withSeq)
    return (insertSeqSql[n] ??=
      `INSERT INTO entries (seq, ${ENTRY_COLUMNS}) VALUES ${Array.from({ length: n }, () => SEQ_ROW).join(", ")}`);
  return (insertSql[n] ??= `INSERT INTO entries (${ENTRY_COLUMNS}) VALUES ${Array.from({ length: n }, () => ROW).join(", ")}`);
}

/** One entry's column values (ENTRY_COLUMNS order) with its raw's JSON text and size. */
export function entryRow(entry: Unsaved, rawText: string | undefined): { raw: string; rawBytes: number; values: unknown[] } {
  const raw = rawText ?? JSON.stringify(entry.raw ?? null);
  const rawBytes = Buffer.byteLength(raw);
  const values: unknown[] = [];
  pushRow(values, entry, raw, rawBytes);
  return { raw, rawBytes, values };
}

function pushRow(values: unknown[], entry: Unsaved, raw: string, rawBytes: number): void {
  values.push(
    entry.connectionId,
    entry.sessionKey,
    entry.receivedAt,
    entry.sourceTime,
    entry.direction,
    entry.protocol,
    entry.kind,
    raw,
    rawBytes,
  );
}

/**
 * Several entries' column values in one flat list (a multi-row INSERT binds it as one array), with
 * each raw's JSON text and size: built in one pass, no object per row (the relay writes thousands).
 * With `firstSeq`, each row names its seq first (rows written behind a burst: write-behind.ts).
 */
export function entryRows(writes: readonly EntryWrite[], firstSeq?: number): { values: unknown[]; raws: string[]; sizes: number[] } {
  const values: unknown[] = [];
  const raws: string[] = [];
  const sizes: number[] = [];
  for (const { entry, rawText, rawBytes: known } of writes) {
    const raw = rawText ?? JSON.stringify(entry.raw ?? null);
    const rawBytes = rawText === undefined || known === undefined ? Buffer.byteLength(raw) : known;
    if (firstSeq !== undefined) values.push(firstSeq + raws.length);
    pushRow(values, entry, raw, rawBytes);
    raws.push(raw);
    sizes.push(rawBytes);
  }
  return { values, raws, sizes };
}

/** Writes a multi-row INSERT's rows again one by one, under their seqs from `firstSeq` (group-commit.ts's redo). */
export function rewriteRows(rewrite: { run(...params: unknown[]): unknown }, firstSeq: number, values: readonly unknown[]): void {
  for (let i = 0; i * ROW_VALUES < values.length; i++) rewrite.run(firstSeq + i, ...values.slice(i * ROW_VALUES, (i + 1) * ROW_VALUES));
}

/**
 * The entry as stored, with its seq and size: every field of the Entry contract in one literal. A
 * spread followed by keys took V8's slow path (~3.5 µs an entry, as much as SQLite's own INSERT of
 * it), and Object.assign copied key by key (0.27 µs, against 0.05 for the literal: 0.5 ms of a
 * relay's 2,000-frame stream; issue 23).
 */
export function savedEntry(entry: Unsaved, seq: number, rawBytes: number): Entry {
  const { connectionId, sessionKey, receivedAt, sourceTime, direction, protocol, kind, raw, replay } = entry;
  const saved: Entry = { seq, connectionId, sessionKey, receivedAt, sourceTime, direction, protocol, kind, raw, rawBytes };
  if (replay) saved.replay = replay;
  return saved;
}
