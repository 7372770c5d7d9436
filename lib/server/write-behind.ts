import "server-only";
import type { SqlDatabase, SqlStatement } from "@/lib/server/sql/database";
import type Database from "better-sqlite3";
import { logLine } from "@/lib/log-text";
import { hasRoom } from "@/lib/server/store-size";
import { errorMessage } from "@/lib/values";

/**
 * The burst has ended once nothing was queued for this long. Not 1 ms: a relay queues a batch every
 * few ms (parsing one network read's 224 frames takes that long), so the rows were written between
 * two reads and delayed the next one's frames on the page (the 2,000-chunk replay's last event:
 * 2.05× the bare client with 1 ms, 1.74–1.89× with 5–20 ms).
 */
export const BEHIND_QUIET_MS = 10;
/** Queued rows are written this long after the first of them at the latest, however long the burst. */
export const BEHIND_MAX_MS = 250;
/** Past this many bytes of queued rows they are written at once (the queue's memory bound). */
export const BEHIND_MAX_BYTES = 4 * 1024 * 1024;

/** A statement's SQL names the entries table (not entries_… or another word containing it). */
const NAMES_ENTRIES = /\bentries\b/i;

/**
 * Entry rows written behind a burst (issue 23: a 2,000-chunk A2A stream spent a third of its relay
 * in SQLite's INSERT, before the page could see each frame). A batch of entries gets its seqs at
 * once and goes to the page; its rows are queued here and written, in order, when the burst ends
 * (BEHIND_QUIET_MS without a new batch), after BEHIND_MAX_MS, past BEHIND_MAX_BYTES, and always
 * before anything else touches the entries table: every statement of the store's database whose
 * SQL names it (a read, a single entry's INSERT, retention's DELETE), any explicit transaction,
 * the store's flush and close, and the process's exit. Nothing in Loupe can read the table without
 * the queued rows, or write a row before them. A crash (SIGKILL, power) can lose a burst's last
 * BEHIND_MAX_MS + GROUP_COMMIT_MAX_MS at most; the group commit alone, its last GROUP_COMMIT_MAX_MS.
 */
export class WriteBehind {
  private queue: (() => void)[] = [];
  /** The last seq handed to a queued row. */
  private lastSeq = 0;
  private bytes = 0;
  private firstAt = 0;
  private lastAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private draining = false;
  /** Explicit transactions running now (guard()): a write inside one joins it, as before. */
  private depth = 0;
  /**
   * Past this many bytes queued they are written at once: BEHIND_MAX_BYTES, or less with a store
   * cap (Store.boundLog), since a drain is one transaction of the group commit and the WAL holds it
   * whole until it commits (GroupCommit.maxBatchBytes).
   */
  maxBytes = BEHIND_MAX_BYTES;

  /** Whether rows wait in the queue. */
  get pending(): boolean {
    return this.queue.length > 0;
  }

  /** Whether grouped writes or an explicit transaction run now (within()): a commit now would split them. */
  get nested(): boolean {
    return this.depth > 0;
  }

  /** Whether a batch may be queued now: not inside an explicit transaction, not while draining. */
  get open(): boolean {
    return this.depth === 0 && !this.draining;
  }

  /**
   * The first of `n` seqs for a batch about to be queued: a burst's first batch starts after
   * `stored()` (the last seq the database gave), the next ones after the queue's last. Undefined
   * (written now) when a burst would start with less room in `file` than four queues: a queued row
   * must not fail for lack of room once the page has it.
   */
  seqs(n: number, sqlite: Database.Database, file: string, stored: () => number): number | undefined {
    if (this.queue.length === 0) {
      if (!hasRoom(sqlite, file, 4 * BEHIND_MAX_BYTES)) return undefined;
      this.lastSeq = stored();
    }
    this.lastSeq += n;
    return this.lastSeq - n + 1;
  }

  /** Queues one batch's write (`bytes`: its rows' size); it runs before anything reads them. */
  add(write: () => void, bytes: number): void {
    const now = performance.now();
    if (this.queue.length === 0) this.firstAt = now;
    this.queue.push(write);
    this.bytes += bytes;
    this.lastAt = now;
    if (this.bytes >= this.maxBytes) return this.drain();
    this.timer ??= this.later();
  }

  /** The next look at the burst (unref'd: the process's exit writes what is queued, GroupCommit). */
  private later(): ReturnType<typeof setTimeout> {
    const timer = setTimeout(this.tick, BEHIND_QUIET_MS);
    timer.unref?.();
    return timer;
  }

  /**
   * Runs `fn` with the queue written first and nothing queued while it runs: its entry writes are
   * made at once, with the writes beside them (an explicit transaction, Store.grouped's call row and
   * its entry), and commit or roll back with them, as before.
   */
  within<T>(fn: () => T): T {
    if (this.queue.length > 0) this.drain();
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  private readonly tick = (): void => {
    this.timer = undefined;
    const now = performance.now();
    if (now - this.lastAt < BEHIND_QUIET_MS && now - this.firstAt < BEHIND_MAX_MS) {
      this.timer = this.later();
      return;
    }
    this.drain();
  };

  /**
   * Writes every queued batch now, in order. Out of room, GroupCommit.write pauses recording and
   * returns; any other failure is said here, and the batches after it are still written.
   */
  drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.draining || this.queue.length === 0) return;
    this.draining = true;
    const queue = this.queue;
    this.queue = [];
    this.bytes = 0;
    try {
      for (const write of queue) {
        try {
          write();
        } catch (error) {
          logLine("[loupe] could not save entries written behind a burst:", errorMessage(error));
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * The database as the store's readers and writers get it: a statement naming the entries table
   * drains the queue before it runs, and so does an explicit transaction before it begins (so a
   * rollback of it cannot take queued rows along). Other statements (a task row, a call row) run
   * as they are: they neither see nor depend on the queued rows.
   */
  guard(db: SqlDatabase): SqlDatabase {
    const before = (sql: string) => (NAMES_ENTRIES.test(sql) ? () => this.pending && this.drain() : undefined);
    const prepare = (sql: string): SqlStatement => {
      const statement = db.prepare(sql);
      const drain = before(sql);
      if (!drain) return statement;
      return {
        run: (...params) => (drain(), statement.run(...params)),
        get: (...params) => (drain(), statement.get(...params)),
        all: (...params) => (drain(), statement.all(...params)),
      };
    };
    const within = <T>(fn: () => T): T => this.within(fn);
    return {
      prepare,
      exec(sql: string) {
        before(sql)?.();
        return db.exec(sql);
      },
      transaction<T>(fn: () => T): () => T {
        const run = db.transaction(fn);
        return () => within(run);
      },
      get inTransaction() {
        return db.inTransaction;
      },
      get open() {
        return db.open;
      },
      close: () => {
        this.drain();
        return db.close();
      },
    };
  }

  /** Stops the timer (the store is closing; drain() first). */
  close(): void {
    this.drain();
  }
}
