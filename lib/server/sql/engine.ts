import "server-only";
import type { SqlDatabase } from "@/lib/server/sql/database";
import type { RepeatPlan } from "@/lib/server/sql/pg-sync";
import type { StoreSize } from "@/lib/server/store-size";

/**
 * The database under Loupe's Store, and what differs between SQLite (local mode: one file in the
 * data folder) and PostgreSQL (a shared database, `LOUPE_DATABASE_URL`): how its size is read for
 * retention and the storage figure, whether there is room to record, which failures mean "no room",
 * how freed space is handed back. The statements themselves are the same (sql/database.ts).
 */
/** Who to tell when entries written in a transaction commit: a channel, and the writer's own mark as payload. */
export interface EntryNotice {
  channel: string;
  payload: string;
}

export interface StoreEngine {
  readonly kind: "sqlite" | "postgres";
  /**
   * Whether other processes write this database's entries too (PostgreSQL, several instances): a hub
   * then follows the store to hand its browsers what the others record. SQLite's file has one writer.
   */
  readonly shared: boolean;
  readonly db: SqlDatabase;
  /** The file, or the database's address without its password: what the logs and the storage figure name. */
  readonly where: string;
  size(): StoreSize;
  /** Room for `margin` more bytes (the database's own limit and the disk under it, where Loupe can see them). */
  hasRoom(margin: number): boolean;
  /** Whether a failed write failed for lack of room, and whose: the disk's or the store's own limit. */
  spaceError(error: unknown): "disk_full" | "store_full" | null;
  /** Whether the database has this table (some are created by their module on first use). */
  hasTable(name: string): boolean;
  /**
   * Calls `fn` when the database ended the open transaction by itself, with no `transaction()`
   * frame to roll back: PostgreSQL, on a statement that failed inside the group commit's batch
   * (pg-database.ts). SQLite fails only the statement there: never called.
   */
  onRolledBack(fn: () => void): void;
  /** After a prune: gives freed space back where the database does not do it by itself. */
  reclaim(): void;
  /** Retention's cap: the write-ahead log kept to a share of it (SQLite; PostgreSQL manages its own). */
  boundLog(capBytes: number): void;
  /**
   * Tells every store listening on `channel` of this database — in this instance or another — the
   * `payload` (at most MAX_PAYLOAD_BYTES): LISTEN/NOTIFY on PostgreSQL, delivered when the
   * transaction commits; an in-process bus on SQLite (sql/notify.ts).
   */
  notify(channel: string, payload?: string): void;
  /**
   * Calls `onMessage` with each payload notified on `channel`; resolves, with the way to stop, once
   * listening. `onMissed` is called when notifications may have been lost (PostgreSQL: the listening
   * connection dropped and is back, listening again).
   */
  listen(channel: string, onMessage: (payload: string) => void, onMissed?: () => void): Promise<() => void>;
  /**
   * Runs an entry insert (`fn`) so that seqs become visible in their order, and notifies `notice` when
   * it commits: on PostgreSQL, where several instances insert, seq order must be commit order
   * (pg-engine.ts); SQLite's single writer has it already, and runs `fn` as it is.
   */
  ordered<T>(fn: () => T, notice: EntryNotice): T;
  /**
   * A shared database only (PostgreSQL: PgSync.repeatWhileAlive): runs `plan` beside this thread's
   * event loop while this thread is alive — what must not wait for a busy loop's timers (the cluster's
   * lease renewals, cluster/leases.ts). Null stops it.
   */
  repeatWhileAlive?(plan: RepeatPlan | null): void;
  close(): void;
}
