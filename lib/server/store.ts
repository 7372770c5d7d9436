import "server-only";
import { homedir } from "node:os";
import path from "node:path";
import type { Entry } from "@/lib/contracts/entries";
import { SCHEMA, rowToEntry, type EntryRow } from "@/lib/server/store-schema";
import { GroupCommit } from "@/lib/server/group-commit";
import { RecordingGate } from "@/lib/server/recording-gate";
import type { SqlDatabase, SqlStatement } from "@/lib/server/sql/database";
import type { StoreEngine } from "@/lib/server/sql/engine";
import { openSqlite, sqliteOf } from "@/lib/server/sql/sqlite-engine";
import { BEHIND_MAX_BYTES, WriteBehind } from "@/lib/server/write-behind";
import { INSERT_ENTRY, MAX_ROWS_PER_INSERT, REWRITE_ENTRY, entryRow, entryRows, insertRowsSql } from "@/lib/server/store-rows";
import { LAST_SEQ, rewriteRows, savedEntry, type EntryWrite, type StoredEntry, type WriteOpts } from "@/lib/server/store-rows";
export type { EntryWrite, StoredEntry, WriteOpts } from "@/lib/server/store-rows";
import { openPgEngine } from "@/lib/server/sql/pg-engine";
import { pgAddress, storeDatabaseUrl } from "@/lib/server/sql/store-url";
import { EntryNotices } from "@/lib/server/sql/entry-notices";

/** An entry before the store gives it its seq. */
export type NewEntry = Omit<Entry, "seq" | "rawBytes" | "truncated">;

/** The seq of an entry that was not recorded (recording paused for lack of room): never stored, never streamed. */
export const UNRECORDED_SEQ = 0;

export interface StoreOptions {
  /** A PostgreSQL database (`postgres://…`, LOUPE_DATABASE_URL) instead of the SQLite file in `dir`. */
  databaseUrl?: string;
}

/**
 * The raw entry record, in SQLite (local) or PostgreSQL (LOUPE_DATABASE_URL). Each protocol keeps its own
 * tables over this database (MCP's: mcp/connection-store.ts, call-store.ts); hot writes join the group commit (hotWrite).
 */
export class Store {
  readonly db: SqlDatabase;
  /** The database under the store: SQLite's file, or PostgreSQL (sql/engine.ts). */
  readonly engine: StoreEngine;
  /** The SQLite file, or the PostgreSQL database's address without its password. */
  readonly file: string;
  /** Compiled once per SQL text: preparing again on every call cost more than the write itself. */
  private readonly statements = new Map<string, SqlStatement>();
  /** Entries and call rows commit together a few milliseconds later (group-commit.ts). */
  private readonly batch: GroupCommit;
  /** Whether writes are recorded, or paused because there is no room (recording-gate.ts). */
  readonly recording: RecordingGate;
  /** Bytes of entries written since the last growth check (watchGrowth). */
  private grown = 0;
  private growth: { every: number; check: () => void } | null = null;
  /** Entry batches' rows, written behind their burst (write-behind.ts; SQLite). */
  private readonly behind = new WriteBehind();
  /** What this store tells the others on its database when it commits entries, and hears of theirs. */
  private readonly notices = new EntryNotices(() => this.engine);

  constructor(dir: string, options: StoreOptions = {}) {
    this.file = options.databaseUrl ? pgAddress(options.databaseUrl) : path.join(dir, "loupe.db");
    this.recording = new RecordingGate(() => this.engine);
    this.batch = new GroupCommit(
      this.file,
      (sql) => this.prepare(sql),
      () => this.db,
      (error) => this.recording.failed(error),
    );
    try {
      this.engine = options.databaseUrl ? openPgEngine(options.databaseUrl, this.file, SCHEMA) : openSqlite(dir, this.file, SCHEMA);
      // Local: every statement naming the entries table sees (and comes after) the rows written behind.
      this.db = this.engine.kind === "sqlite" ? this.behind.guard(this.engine.db) : this.engine.db;
      this.batch.drainFirst = () => this.behind.drain();
      this.engine.onRolledBack(() => this.batch.rolledBack());
      if (this.engine.shared) this.batch.commitEachTask = true;
    } catch (error) {
      this.batch.close();
      throw error;
    }
  }

  /** Runs writes that belong together (a call row and its entry) in the group commit: GroupCommit.grouped. */
  grouped<T>(fn: () => T): T {
    return this.behind.within(() => this.batch.grouped(fn));
  }

  /** One hot write (a call row) in the group commit (GroupCommit.write); `again` writes it once more should SQLite cancel the batch. */
  hotWrite<T>(fn: () => T, again: (result: T) => () => void): T | undefined {
    if (!this.recording.recording) return undefined;
    return this.batch.write(fn, again);
  }

  /** Calls `check` (next turn, outside the open batch) each time about `every` bytes of entries were written: how retention sees the store outgrow its cap without a size query per write. */
  watchGrowth(every: number, check: () => void): void {
    this.growth = { every, check };
    this.grown = 0;
  }

  /** The store's cap: the WAL bounded to a share of it (StoreEngine.boundLog), and so each group commit and each drain of the rows written behind. */
  boundLog(capBytes: number): void {
    this.engine.boundLog(capBytes);
    this.batch.maxBatchBytes = Math.max(64 * 1024, Math.floor(capBytes / 64));
    this.behind.maxBytes = Math.min(BEHIND_MAX_BYTES, this.batch.maxBatchBytes);
  }

  /** flush(), unless grouped writes or an explicit transaction run now (they commit as one): for a write others must see at once (an answer's claim). */
  commitNow(): void {
    if (!(this.engine.kind === "sqlite" ? this.behind.nested : this.db.inTransaction)) this.flush();
  }

  /** Writes the rows queued behind a burst and commits the group commit, now. */
  flush(): void {
    this.behind.drain();
    this.batch.flush();
  }

  /**
   * The prepared statement for `sql`, compiled on first use and reused afterwards. `Row` is the
   * shape of the rows its SELECT names: the one place the store's readers say what a row is
   * (SQLite returns exactly the columns asked for; JSON columns are read with storedJson).
   */
  prepare<Row = unknown>(sql: string): SqlStatement<Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return typedRows<Row>(statement);
  }

  // ── entries ────────────────────────────────────────────────────────────────
  insertEntry(entry: NewEntry): Entry {
    return this.writeEntry({ entry }).entry;
  }

  /**
   * Writes entries in order, each a hot write of the open group commit, and returns them with the
   * JSON text each raw was stored as. A write may carry that text already (`rawText`: the exact
   * JSON of `entry.raw`, e.g. a frame's own bytes spliced into its envelope): it is not serialized
   * again. Out of room, an entry comes back with UNRECORDED_SEQ, as insertEntry's does.
   */
  insertEntries(writes: readonly EntryWrite[], opts: WriteOpts = {}): StoredEntry[] {
    // SQLite: a batch (a relay's frames of one read) is a multi-row INSERT of consecutive seqs (one
    // writer), queued behind its burst; a single entry too when its recorder says a burst follows (a
    // relay's request, its first frame), or joins the rows waiting. PostgreSQL: row by row.
    if (this.engine.kind !== "sqlite" || (writes.length < 2 && !opts.burst)) return writes.map((w) => this.writeEntry(w));
    const out: StoredEntry[] = [];
    for (let i = 0; i < writes.length; i += MAX_ROWS_PER_INSERT) out.push(...this.writeRows(writes.slice(i, i + MAX_ROWS_PER_INSERT)));
    return out;
  }

  private writeEntry({ entry, rawText }: EntryWrite): StoredEntry {
    if (this.behind.pending && this.engine.kind === "sqlite") {
      const [queued] = this.writeRows([{ entry, ...(rawText === undefined ? {} : { rawText }) }]);
      if (queued) return queued;
    }
    const { raw, rawBytes, values } = entryRow(entry, rawText);
    if (!this.recording.recording) return { entry: savedEntry(entry, UNRECORDED_SEQ, rawBytes), rawText: raw };
    const info = this.batch.write(
      () => this.ordered(() => this.prepare(INSERT_ENTRY).run(...values)),
      // Written again under the same seq (group-commit.ts): a reader may already have it.
      (done) => () => this.ordered(() => this.prepare(REWRITE_ENTRY).run(done.lastInsertRowid, ...values)),
      rawBytes,
    );
    if (!info) return { entry: savedEntry(entry, UNRECORDED_SEQ, rawBytes), rawText: raw };
    this.noteGrowth(rawBytes);
    return { entry: savedEntry(entry, Number(info.lastInsertRowid), rawBytes), rawText: raw };
  }

  /**
   * Entries in one INSERT (SQLite), bound as one array: queued behind the burst with their seqs, or
   * written now (the last row's seq is lastInsertRowid, the others the ones before it).
   */
  private writeRows(writes: readonly EntryWrite[]): StoredEntry[] {
    const n = writes.length;
    const behind = this.recording.recording ? this.behindSeqs(n) : undefined;
    const { values, raws, sizes } = entryRows(writes, behind);
    const bytes = sizes.reduce((sum, size) => sum + size, 0);
    let first = behind;
    if (behind !== undefined) {
      const write = () => this.prepare(insertRowsSql(n, true)).run(values);
      this.behind.add(() => this.batch.write(write, () => write, bytes), bytes);
    } else if (this.recording.recording) {
      const info = this.batch.write(
        () => this.prepare(insertRowsSql(n)).run(values),
        (done) => () => rewriteRows(this.prepare(REWRITE_ENTRY), Number(done.lastInsertRowid) - n + 1, values),
        bytes,
      );
      first = info ? Number(info.lastInsertRowid) - n + 1 : undefined;
    }
    if (first !== undefined) this.noteGrowth(bytes);
    return writes.map(({ entry }, i) => ({
      entry: savedEntry(entry, first === undefined ? UNRECORDED_SEQ : first + i, sizes[i]!),
      rawText: raws[i]!,
    }));
  }

  /**
   * The first of `n` seqs for a batch written behind its burst (write-behind.ts); undefined: written
   * now (in an explicit transaction, beside another store on the file, or short of room: seqs()).
   */
  private behindSeqs(n: number): number | undefined {
    if (this.engine.kind !== "sqlite" || !this.behind.open || this.batch.sharedFile()) return undefined;
    return this.behind.seqs(n, sqliteOf(this), this.file, () => this.prepare<{ seq: number }>(LAST_SEQ).get()?.seq ?? 0);
  }

  /** An entry insert in seq order = commit order, its commit told to the others (StoreEngine.ordered). */
  private ordered<T>(fn: () => T): T {
    return this.engine.ordered(fn, this.notices.notice);
  }

  /** EntryNotices.watch: what other instances commit to this database, or null when none can (SQLite). */
  watchEntries(onWritten: () => void): ReturnType<EntryNotices["watch"]> {
    return this.notices.watch(onWritten);
  }

  private noteGrowth(bytes: number): void {
    const growth = this.growth;
    if (!growth) return;
    this.grown += bytes;
    if (this.grown < growth.every) return;
    this.grown = 0;
    setImmediate(growth.check);
  }

  getEntry(seq: number): Entry | undefined {
    const row = this.prepare<EntryRow>("SELECT * FROM entries WHERE seq = ?").get(seq);
    return row ? rowToEntry(row) : undefined;
  }

  /** Entries with seq > afterSeq, ascending; with `beforeSeq`, only those below it. */
  entriesAfter(afterSeq: number, limit: number, beforeSeq?: number): Entry[] {
    const rows =
      beforeSeq === undefined
        ? this.prepare<EntryRow>("SELECT * FROM entries WHERE seq > ? ORDER BY seq LIMIT ?").all(afterSeq, limit)
        : this.prepare<EntryRow>("SELECT * FROM entries WHERE seq > ? AND seq < ? ORDER BY seq LIMIT ?").all(afterSeq, beforeSeq, limit);
    return rows.map(rowToEntry);
  }

  /** The last `limit` entries of a connection before `beforeSeq`, returned ascending. */
  connectionEntries(connectionId: string, beforeSeq: number | undefined, limit: number): Entry[] {
    const rows = this.prepare<EntryRow>(`SELECT * FROM entries WHERE connection_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`).all(
      connectionId,
      beforeSeq ?? Number.MAX_SAFE_INTEGER,
      limit,
    );
    return rows.reverse().map(rowToEntry);
  }

  /** The last `limit` entries of some kinds of a connection before `beforeSeq`, ascending. */
  connectionEntriesOfKinds(connectionId: string, kinds: readonly string[], beforeSeq: number | undefined, limit: number): Entry[] {
    const marks = kinds.map(() => "?").join(", ");
    const rows = this.prepare<EntryRow>(
      `SELECT * FROM entries WHERE connection_id = ? AND kind IN (${marks}) AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ).all(connectionId, ...kinds, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit);
    return rows.reverse().map(rowToEntry);
  }

  maxSeq(): number {
    return this.prepare<{ m: number | null }>("SELECT MAX(seq) AS m FROM entries").get()?.m ?? 0;
  }

  close(): void {
    this.recording.close();
    this.growth = null;
    this.behind.close();
    this.batch.close();
    this.engine.close();
  }
}

/**
 * A statement whose rows are typed by the SELECT's own column list: both databases return exactly
 * the columns asked for, so `Row` is stated here once rather than cast at every read.
 */
function typedRows<Row>(statement: SqlStatement): SqlStatement<Row> {
  return statement as SqlStatement<Row>;
}

/**
 * A JSON column this store's own writers filled (JSON.stringify of a T), read back as that T: the
 * rows are Loupe's, so they are trusted here once instead of cast at every read (a reader
 * normalizes what an older Loupe wrote, as normalizeStoredCall does).
 */
export function storedJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export function dataDir(): string {
  return process.env.LOUPE_DATA_DIR ?? path.join(homedir(), ".loupe");
}

/** The store on a data folder: SQLite's file there, or PostgreSQL when LOUPE_DATABASE_URL says so (sql/store-url.ts). */
export function openStore(dir: string): Store {
  return new Store(dir, { databaseUrl: storeDatabaseUrl(dir) });
}

const STORE_KEY = Symbol.for("loupe.store");
type StoreGlobal = typeof globalThis & { [STORE_KEY]?: Store };

/** The process-wide store, created on first use (survives dev hot reload on globalThis). */
export function getStore(): Store {
  const g = globalThis as StoreGlobal;
  g[STORE_KEY] ??= openStore(dataDir());
  return g[STORE_KEY];
}
