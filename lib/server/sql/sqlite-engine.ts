import "server-only";
import Database from "better-sqlite3";
import { prepareDataDir, tightenDatabaseFiles } from "@/lib/server/data-dir";
import type { SqlDatabase } from "@/lib/server/sql/database";
import type { StoreEngine } from "@/lib/server/sql/engine";
import { diskFree, hasRoom, storeSize } from "@/lib/server/store-size";
import { LocalNotifications } from "@/lib/server/sql/notify";

/** Below this much free disk, a failed write is the disk's fault rather than the store's own page limit. */
const DISK_LOW = 16 * 1024 * 1024;

/** An older store this small is switched to incremental vacuum with one VACUUM. */
const CHEAP_VACUUM_BYTES = 64 * 1024 * 1024;

/** The local store: one SQLite file in the data folder (store.ts opens it). */
export class SqliteEngine implements StoreEngine {
  readonly kind = "sqlite";
  readonly shared = false;
  readonly db: SqlDatabase;
  private readonly notifications: LocalNotifications;

  constructor(
    readonly sqlite: Database.Database,
    readonly where: string,
  ) {
    this.db = sqlite;
    this.notifications = new LocalNotifications(where);
  }

  size() {
    return storeSize(this.sqlite, this.where);
  }

  hasRoom(margin: number): boolean {
    return hasRoom(this.sqlite, this.where, margin);
  }

  /** SQLite's and the OS's words for "no room": SQLITE_FULL (ENOSPC, or `max_page_count` reached), an I/O error on a full disk. */
  spaceError(error: unknown): "disk_full" | "store_full" | null {
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    const space = code === "SQLITE_FULL" || code === "ENOSPC" || (code.startsWith("SQLITE_IOERR") && diskFree(this.where) < DISK_LOW);
    if (!space) return null;
    return diskFree(this.where) < DISK_LOW ? "disk_full" : "store_full";
  }

  hasTable(name: string): boolean {
    return this.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  /** Hands freed pages back to the disk: an incremental vacuum, or a one-time VACUUM that switches an older small store to it. */
  onRolledBack(): void {}

  reclaim(): void {
    const mode: unknown = this.sqlite.pragma("auto_vacuum", { simple: true });
    if (mode === 2) this.sqlite.exec("PRAGMA incremental_vacuum");
    else if (mode === 0 && this.size().fileBytes <= CHEAP_VACUUM_BYTES) {
      this.sqlite.pragma("auto_vacuum = INCREMENTAL");
      this.sqlite.exec("VACUUM");
    }
    this.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  }

  /** The WAL counts toward the cap: checkpoints come at least every 1/16 of it, and it is cut back after. */
  boundLog(capBytes: number): void {
    const pageSize = Number(this.sqlite.pragma("page_size", { simple: true }));
    this.sqlite.pragma(`wal_autocheckpoint = ${Math.max(16, Math.min(1000, Math.floor(capBytes / 16 / pageSize)))}`);
    this.sqlite.pragma(`journal_size_limit = ${Math.floor(capBytes / 16)}`);
  }

  notify(channel: string, payload?: string): void {
    this.notifications.notify(channel, payload);
  }

  listen(channel: string, onMessage: (payload: string) => void): Promise<() => void> {
    return this.notifications.listen(channel, onMessage);
  }

  /** One writer, AUTOINCREMENT in one transaction at a time: seq order is commit order already; nobody else to tell. */
  ordered<T>(fn: () => T): T {
    return fn();
  }

  close(): void {
    this.notifications.close();
    this.sqlite.close();
  }
}

/** The SQLite handle under a local store, for what only SQLite has (its pragmas); throws for any other database. */
export function sqliteOf(store: { engine: StoreEngine }): Database.Database {
  if (store.engine instanceof SqliteEngine) return store.engine.sqlite;
  throw new Error(`not a SQLite store (${store.engine.kind})`);
}

/**
 * The local store's file: 8 KiB pages, since entries of about 1 KB left a quarter of each 4 KiB page
 * empty (a 1 KiB tool call took 5.0 KB on disk, 3.9 KB now; issue 22). It hands pages freed by
 * retention back to the disk (PRAGMA incremental_vacuum, SqliteEngine.reclaim). Both are set before
 * the first table (page_size before auto_vacuum and WAL), or they have no effect; an older file keeps
 * its page size and is switched to incremental vacuum by retention when cheap.
 */
export function openSqlite(dir: string, file: string, schema: string): SqliteEngine {
  prepareDataDir(dir, file);
  const db = new Database(file);
  try {
    db.pragma("page_size = 8192");
    db.pragma("auto_vacuum = INCREMENTAL");
    db.pragma("journal_mode = WAL");
    tightenDatabaseFiles(file);
    db.pragma("synchronous = NORMAL");
    db.exec(schema);
  } catch (error) {
    db.close();
    throw error;
  }
  return new SqliteEngine(db, file);
}
