import "server-only";
import type Database from "better-sqlite3";
import { statSync, statfsSync } from "node:fs";
import path from "node:path";

/** The store's size as retention and the storage figure read it. */
export interface StoreSize {
  /** The database file and its WAL, as the file system has them. */
  fileBytes: number;
  walBytes: number;
  /** Pages holding data (page_count − freelist_count, times page_size): what the cap is measured on. */
  usedBytes: number;
  /** Free pages inside the file: reused by new writes, or handed back by an incremental vacuum. */
  freeBytes: number;
}

// fs calls take /*turbopackIgnore*/: the paths are the user's data dir, not files of the build.
function fileSize(p: string): number {
  try {
    return statSync(/*turbopackIgnore: true*/ p).size;
  } catch {
    return 0; // no WAL yet, or the file is gone
  }
}

/**
 * A header pragma's number, its statement prepared once per database (issue 23: `db.pragma()`
 * prepares it on every call, and a relay's stream asked four before its request left).
 */
const pragmas = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const pragma = (db: Database.Database, name: string): number => {
  let prepared = pragmas.get(db);
  if (!prepared) pragmas.set(db, (prepared = new Map()));
  let statement = prepared.get(name);
  if (!statement) prepared.set(name, (statement = db.prepare(`PRAGMA ${name}`).pluck()));
  const value: unknown = statement.get();
  return typeof value === "number" ? value : 0;
};

/** Four cheap reads: two file sizes and three header pragmas (no table is read). */
export function storeSize(db: Database.Database, file: string): StoreSize {
  const pageSize = pragma(db, "page_size");
  const pages = pragma(db, "page_count");
  const free = pragma(db, "freelist_count");
  return {
    fileBytes: fileSize(file),
    walBytes: fileSize(`${file}-wal`),
    usedBytes: (pages - free) * pageSize,
    freeBytes: free * pageSize,
  };
}

/** The bytes the cap counts: pages in use plus the WAL (committed writes not yet checkpointed). */
export const cappedBytes = (size: StoreSize): number => size.usedBytes + size.walBytes;

/**
 * Room for the next writes: the database's own page limit (`max_page_count`, how tests simulate a
 * full disk) and the file system's free space. Both must hold `margin` bytes.
 */
export function hasRoom(db: Database.Database, file: string, margin: number): boolean {
  const pageSize = pragma(db, "page_size");
  const headroom = (pragma(db, "max_page_count") - pragma(db, "page_count") + pragma(db, "freelist_count")) * pageSize;
  return headroom >= margin && diskFree(file) >= margin;
}

/** Free bytes on the file system holding `file` (Infinity when it cannot be asked). */
export function diskFree(file: string): number {
  try {
    const fs = statfsSync(/*turbopackIgnore: true*/ path.dirname(file));
    return fs.bavail * fs.bsize;
  } catch {
    return Infinity;
  }
}
