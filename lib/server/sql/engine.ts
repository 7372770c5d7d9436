import "server-only";
import type { SqlDatabase } from "@/lib/server/sql/database";
import type { StoreSize } from "@/lib/server/store-size";

/**
 * The database under Loupe's Store, and what differs between SQLite (local mode: one file in the
 * data folder) and PostgreSQL (a shared database, `LOUPE_DATABASE_URL`): how its size is read for
 * retention and the storage figure, whether there is room to record, which failures mean "no room",
 * how freed space is handed back. The statements themselves are the same (sql/database.ts).
 */
export interface StoreEngine {
  readonly kind: "sqlite" | "postgres";
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
  /** Calls `onMessage` with each payload notified on `channel`; resolves, with the way to stop, once listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => void>;
  close(): void;
}
