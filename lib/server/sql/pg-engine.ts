import "server-only";
import { PgDatabase } from "@/lib/server/sql/pg-database";
import { PgError } from "@/lib/server/sql/pg-sync";
import type { StoreEngine } from "@/lib/server/sql/engine";
import type { StoreSize } from "@/lib/server/store-size";

/**
 * The team store: a PostgreSQL database several Loupe instances share (issue 25). Its schema is the
 * local store's, translated (pg-dialect.ts) and versioned (`loupe_migrations`). PostgreSQL manages
 * its own write-ahead log and hands space back by autovacuum; its size is what its tables take.
 */
export class PgEngine implements StoreEngine {
  readonly kind = "postgres";

  constructor(
    readonly db: PgDatabase,
    readonly where: string,
  ) {}

  /** What Loupe's own tables and their indexes take in the database (other tables there are not Loupe's). */
  size(): StoreSize {
    const row = this.db.query(
      `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'`,
    ).rows[0];
    const bytes = Number(row?.bytes ?? 0);
    return { fileBytes: bytes, walBytes: 0, usedBytes: bytes, freeBytes: 0 };
  }

  /** The server's disk is not Loupe's to see: a write that fails for lack of room says so (spaceError). */
  hasRoom(): boolean {
    return true;
  }

  /** SQLSTATE 53100 disk_full; 53400 configuration_limit_exceeded (a quota) as the store's own limit. */
  spaceError(error: unknown): "disk_full" | "store_full" | null {
    if (!(error instanceof PgError)) return null;
    if (error.code === "53100") return "disk_full";
    if (error.code === "53400") return "store_full";
    return null;
  }

  hasTable(name: string): boolean {
    return (
      this.db.query("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1", [name]).rows
        .length > 0
    );
  }

  reclaim(): void {}

  boundLog(): void {}

  close(): void {
    this.db.close();
  }
}

/** The schema's versions: the first is every table the local store has (store-schema.ts). */
export function openPgEngine(url: string, where: string, schema: string): PgEngine {
  // Said before connecting: node-postgres reads a non-URL as a host name and answers "ENOTFOUND base".
  if (!/^postgres(ql)?:\/\/[^/]/i.test(url)) {
    throw new Error(`the database URL must be postgres://user@host:port/database (got ${where})`);
  }
  const db = new PgDatabase(url);
  try {
    db.migrate([{ version: 1, name: "the local store's tables", sqlite: schema, everyStart: true }]);
  } catch (error) {
    db.close();
    throw error;
  }
  return new PgEngine(db, where);
}

/** The database's address for logs and figures: no password, whatever form the URL takes. */
export function pgAddress(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "postgres (unparsable address)";
  }
}
