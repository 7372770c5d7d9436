import "server-only";
import type Database from "better-sqlite3";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** How long a group commit stays open. */
const GROUP_COMMIT_MS = 5;

/** Open group commits, to commit when the process exits. */
const open = new Set<GroupCommit>();
process.once("exit", () => {
  for (const batch of open) {
    try {
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
 * in Loupe is unaffected; another process sees them at most GROUP_COMMIT_MS later. A write inside
 * an explicit `db.transaction()` joins it instead (better-sqlite3 then nests by SAVEPOINT).
 * `flush()` commits at once; closing the store and the process's exit (a crash included) flush
 * too, so only a SIGKILL or a power cut can lose those last milliseconds.
 */
export class GroupCommit {
  private batching = false;

  /** Before the database is opened: another batch of this process on `file` lets go of its lock. */
  constructor(
    private readonly file: string,
    private readonly statement: (sql: string) => Database.Statement,
    private readonly db: () => Database.Database,
  ) {
    for (const other of open) if (other.file === file) other.flush();
    open.add(this);
  }

  /** Called before each hot write. */
  begin(): void {
    if (this.batching || this.db().inTransaction) return;
    // Two Stores of one process on the same file (tests reopen a data dir as a restarted Loupe
    // would) write through: one holding the write lock would block the other for good.
    if (open.size > 1 && this.sharesFile()) return;
    this.statement("BEGIN").run();
    this.batching = true;
    setTimeout(() => this.flush(), GROUP_COMMIT_MS).unref();
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
    this.batching = false;
    const db = this.db();
    if (!db.open || !db.inTransaction) return;
    try {
      this.statement("COMMIT").run();
    } catch (error) {
      // Disk full or the file gone: said once in the log; the process keeps serving.
      logLine("[loupe] could not save the latest entries:", errorMessage(error));
      if (db.inTransaction) this.statement("ROLLBACK").run();
    }
  }

  /** Commits what is pending and forgets this batch (the store is closing). */
  close(): void {
    this.flush();
    open.delete(this);
  }

  private sharesFile(): boolean {
    for (const other of open) if (other !== this && other.file === this.file) return true;
    return false;
  }
}
