import "server-only";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { errorMessage } from "@/lib/values";

/**
 * The data folder holds saved connections with their secrets (environment values, headers, an
 * OAuth client secret and tokens): only the user who runs Loupe may read it. The folder is
 * `0700` and the database files `0600`; a folder or file left more open (an older Loupe, a
 * umask of 022, a folder the user created) is tightened on start.
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

// fs calls take /*turbopackIgnore*/: the paths are the user's data dir, not files of the build,
// and without it Next's tracer would pull the whole project into the server output.

/** Clears group/other bits; a path owned by someone else cannot be changed and is said so. */
function tighten(p: string, mode: number): void {
  if ((statSync(/*turbopackIgnore: true*/ p).mode & 0o077) === 0) return;
  try {
    chmodSync(/*turbopackIgnore: true*/ p, mode);
  } catch (e) {
    console.warn(`Loupe could not restrict ${p} to its owner (${errorMessage(e)}): other users may read saved secrets.`);
  }
}

/** Before the database opens: the folder, and the database file created private. */
export function prepareDataDir(dir: string, dbFile: string): void {
  mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true, mode: DATA_DIR_MODE });
  tighten(dir, DATA_DIR_MODE);
  // SQLite creates -wal and -shm with the database file's mode, so the file is created first.
  if (!existsSync(/*turbopackIgnore: true*/ dbFile)) closeSync(openSync(/*turbopackIgnore: true*/ dbFile, "a", DATA_FILE_MODE));
  tighten(dbFile, DATA_FILE_MODE);
}

/** After the database opened (WAL on): a -wal or -shm left by an older run is tightened too. */
export function tightenDatabaseFiles(dbFile: string): void {
  for (const p of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) if (existsSync(/*turbopackIgnore: true*/ p)) tighten(p, DATA_FILE_MODE);
}
