import "server-only";
import type { SqlDatabase, SqlStatement } from "@/lib/server/sql/database";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** How long a group commit stays open. */
export const GROUP_COMMIT_MS = 5;
/**
 * While writes keep coming (one less than BURST_GAP_MS before the commit was due: a relay's
 * stream), the commit waits for their end, but never past this. Each COMMIT writes again the
 * pages all rows share (index edges, the seq counter, the pointer map): one every 5 ms cost the
 * A2A relay 15 % of its time on a 2,000-chunk stream (issue 23).
 */
export const GROUP_COMMIT_MAX_MS = 50;
const BURST_GAP_MS = 1;

/** Open group commits, to commit when the process exits. */
const open = new Set<GroupCommit>();
process.once("exit", () => {
  for (const batch of open) {
    try {
      batch.drainFirst();
      batch.flush();
    } catch {
      // the process is ending: nothing left to report to
    }
  }
});

/**
 * Group commit for a Store's hot writes (entries and call rows): the first of them opens a
 * transaction that commits GROUP_COMMIT_MS later, so a tools/call's four entries and two call-row
 * writes cost one WAL commit instead of four, made after its answer is on the wire (and calls
 * arriving together share one). The one connection sees its own uncommitted rows, so every reader
 * in Loupe is unaffected; another process sees them GROUP_COMMIT_MS later (GROUP_COMMIT_MAX_MS at
 * most, while writes keep arriving without a pause). A write inside
 * an explicit `db.transaction()` joins it instead (better-sqlite3 then nests by SAVEPOINT).
 * `flush()` commits at once; closing the store and the process's exit (a crash included) flush
 * too, and the launcher turns SIGINT, SIGTERM and SIGHUP into an exit, so only a SIGKILL, another
 * fatal signal or a power cut can lose those last milliseconds.
 */
export class GroupCommit {
  private batching = false;
  /** When the open batch began, and when it was last written to (performance.now()). */
  private openedAt = 0;
  private lastWrite = 0;
  /** How long a burst may keep the commit open (SQLite; a shared store commits each task: commitEachTask). */
  burstMaxMs = GROUP_COMMIT_MAX_MS;
  /**
   * Past this many bytes of entries the open batch commits at the end of the running task, not when
   * its time is up: the WAL holds a whole transaction until it commits, so its share of the store's
   * cap is bounded in bytes, not by how many writes a fast machine makes in 50 ms (a 10 MiB cap took
   * 4–5 MiB transactions: retention-day.test.ts). Not at the write itself: it may be one of writes
   * that belong together (grouped) or inside an explicit transaction nested in the batch (its
   * SAVEPOINT would be gone), and both end before the task does. Set with the cap (Store.boundLog).
   */
  maxBatchBytes = Infinity;
  private batchBytes = 0;
  private commitQueued = false;
  /**
   * Commits when the task that opened the batch ends (a microtask) instead of a timer later: set on a
   * shared store (PostgreSQL). There the open transaction holds the entry order lock and the rows it
   * wrote, and another instance's writes wait for them synchronously, its event loop stopped. A timer
   * fires only once this process's event loop comes round to it, which a busy one (200 answers at
   * once on 2 cores) did after seconds: each instance held the other still in turn, their leases
   * lapsed and one statement waited past 30 s (issue 25). Committed at the end of each task, the
   * lock is held only while this thread runs.
   */
  commitEachTask = false;
  /** Writes rows queued behind a burst (write-behind.ts): before the last commit, at close and exit. */
  drainFirst: () => void = () => undefined;
  /** How to write again each hot write of the open batch, in order (see recover()). */
  private redo: (() => void)[] = [];

  /** Before the database is opened: another batch of this process on `file` writes what it queued and lets go of its lock. */
  constructor(
    private readonly file: string,
    private readonly statement: (sql: string) => SqlStatement,
    private readonly db: () => SqlDatabase,
    /** Told of every failed write; answers true when it was for lack of room (recording-gate.ts). */
    private readonly noRoom: (error: unknown) => boolean = () => false,
  ) {
    // Its rows written behind a burst too: they hold seqs the page has, which this one's INSERTs would take.
    for (const other of open) {
      if (other.file !== file) continue;
      other.drainFirst();
      other.flush();
    }
    open.add(this);
  }

  /**
   * Runs one hot write in the group commit. `again` writes the same row(s) once more, identically
   * (an entry with its seq): SQLite may cancel the whole open transaction on a later failure.
   * Undefined when the write failed for lack of room: recording is then paused, not thrown at the
   * caller (a live connection's frame must not fail because the disk is full).
   */
  write<T>(fn: () => T, again: (result: T) => () => void, bytes = 0): T | undefined {
    this.begin();
    let result: T;
    try {
      result = fn();
    } catch (error) {
      // Disk full, an I/O error or no memory: SQLite may roll back the whole batch, not only this
      // statement. The batch's earlier writes were already answered and published: written again.
      if (this.batching && !this.db().inTransaction) this.recover();
      if (this.noRoom(error)) return undefined;
      throw error;
    }
    if (this.batching) {
      this.redo.push(again(result));
      this.lastWrite = performance.now();
      this.batchBytes += bytes;
      if (this.batchBytes >= this.maxBatchBytes && !this.commitQueued) {
        this.commitQueued = true;
        queueMicrotask(() => {
          this.commitQueued = false;
          if (this.batching && this.batchBytes >= this.maxBatchBytes) this.flush();
        });
      }
    }
    return result;
  }

  /** The database rolled the open batch back by itself (StoreEngine.onRolledBack): its writes again, now. */
  rolledBack(): void {
    if (this.batching && !this.db().inTransaction) this.recover();
  }

  /** Called before each hot write. */
  begin(): void {
    // Rolled back behind the batch's back (a failed write of another kind): its writes again first.
    if (this.batching && !this.db().inTransaction) this.recover();
    if (this.batching || this.db().inTransaction) return;
    // Two Stores of one process on the same file (tests reopen a data dir as a restarted Loupe
    // would) write through: one holding the write lock would block the other for good.
    if (open.size > 1 && this.sharesFile()) return;
    this.statement("BEGIN").run();
    this.batching = true;
    this.batchBytes = 0;
    this.openedAt = performance.now();
    if (this.commitEachTask) queueMicrotask(() => this.flush());
    else this.commitLater();
  }

  private commitLater(): void {
    setTimeout(() => {
      const now = performance.now();
      const busy = now - this.lastWrite < BURST_GAP_MS && now - this.openedAt + GROUP_COMMIT_MS <= this.burstMaxMs;
      if (this.batching && busy) this.commitLater();
      else this.flush();
    }, GROUP_COMMIT_MS).unref();
  }

  /**
   * Runs several hot writes that belong together (a call row and its entry) in the group commit,
   * without a SAVEPOINT of their own: they commit together or not at all. A throw half-way leaves
   * the writes made before it, each a whole row.
   */
  grouped<T>(fn: () => T): T {
    if (this.db().inTransaction && !this.batching) return fn(); // inside an explicit transaction
    this.begin();
    return fn();
  }

  /** Commits the open group commit, if any. */
  flush(): void {
    if (!this.batching) return;
    const db = this.db();
    if (!db.open) {
      this.batching = false;
      this.redo = [];
      return;
    }
    if (!db.inTransaction) return this.recover();
    try {
      this.statement("COMMIT").run();
      this.batching = false;
      this.redo = [];
    } catch (error) {
      // The process keeps serving. Out of room: recording pauses (one line, said by the gate) and
      // the batch is let go, since the same disk would refuse it row by row too. Any other
      // failure (the file gone) is said, and the batch's writes are tried again one by one.
      const full = this.noRoom(error);
      if (!full) logLine("[loupe] could not save the latest entries:", errorMessage(error));
      try {
        if (db.inTransaction) this.statement("ROLLBACK").run();
      } catch {
        // nothing more to undo
      }
      if (full) {
        this.batching = false;
        this.redo = [];
      } else this.recover();
    }
  }

  /** The open batch was rolled back: its hot writes are made again, each committed on its own. */
  private recover(): void {
    const redo = this.redo;
    this.batching = false;
    this.redo = [];
    for (const again of redo) {
      try {
        again();
      } catch (error) {
        // Out of room: the rest would fail alike, and the gate has said it once.
        if (this.noRoom(error)) return;
        logLine("[loupe] could not save an entry:", errorMessage(error));
      }
    }
  }

  /** Commits what is pending and forgets this batch (the store is closing). */
  close(): void {
    this.drainFirst();
    this.flush();
    open.delete(this);
  }

  /** Another store of this process writes the same file (tests reopening a data dir): writes go through. */
  sharedFile(): boolean {
    return open.size > 1 && this.sharesFile();
  }

  private sharesFile(): boolean {
    for (const other of open) if (other !== this && other.file === this.file) return true;
    return false;
  }
}
