import "server-only";
import { PgDatabase } from "@/lib/server/sql/pg-database";
import { PgError } from "@/lib/server/sql/pg-sync";
import { PgListener } from "@/lib/server/sql/pg-listen";
import { checkNotification } from "@/lib/server/sql/notify";
import type { StoreEngine } from "@/lib/server/sql/engine";
import type { StoreSize } from "@/lib/server/store-size";

/**
 * The team store: a PostgreSQL database several Loupe instances share (issue 25). Its schema is the
 * local store's, translated (pg-dialect.ts) and versioned (`loupe_migrations`). PostgreSQL manages
 * its own write-ahead log and hands space back by autovacuum; its size is what its tables take.
 */
export class PgEngine implements StoreEngine {
  readonly kind = "postgres";

  /** LISTEN's own connection, opened on the first listen(). */
  private listener: PgListener | null = null;

  constructor(
    readonly db: PgDatabase,
    readonly where: string,
    private readonly url: string,
  ) {}

  /**
   * What Loupe's tables take. `fileBytes`: their relations and indexes as PostgreSQL holds them on
   * disk, which a DELETE does not shrink (the space is reused after VACUUM, not given back).
   * `usedBytes`, what retention's cap measures: the bytes of the rows that are live now (each row's
   * stored size and its header), and their indexes in the same proportion — so a size prune sees
   * its deletes at once and stops at its target instead of pruning on against a figure that never
   * falls. It reads every row: the price of an exact figure, paid by retention's checks only.
   */
  size(): StoreSize {
    const tables = this.db
      .query(
        `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS total, pg_indexes_size(c.oid) AS indexes FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'`,
      )
      .rows.map((r) => ({ name: String(r.name), total: Number(r.total ?? 0), indexes: Number(r.indexes ?? 0) }));
    const fileBytes = tables.reduce((sum, t) => sum + t.total, 0);
    if (tables.length === 0) return { fileBytes, walBytes: 0, usedBytes: 0, freeBytes: 0 };
    const live = this.db.query(
      tables
        .map(
          (t, i) =>
            `SELECT ${i} AS i, COALESCE(SUM(pg_column_size(t.*)), 0) + ${ROW_OVERHEAD} * COUNT(*) AS bytes FROM ${quoteIdent(t.name)} t`,
        )
        .join(" UNION ALL "),
    ).rows;
    let usedBytes = 0;
    for (const row of live) {
      const t = tables[Number(row.i)];
      if (!t) continue;
      // A row's stored size includes its values kept out of line (TOAST), as stored.
      const rows = Number(row.bytes ?? 0);
      // The indexes, counted in the share of the table (its heap and TOAST) that is live.
      const data = t.total - t.indexes;
      const share = data > 0 ? Math.min(1, rows / data) : 1;
      usedBytes += rows + Math.round(t.indexes * share);
    }
    return { fileBytes, walBytes: 0, usedBytes, freeBytes: Math.max(0, fileBytes - usedBytes) };
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

  notify(channel: string, payload = ""): void {
    checkNotification(channel, payload);
    this.db.query("SELECT pg_notify($1, $2)", [channel, payload]);
  }

  listen(channel: string, onMessage: (payload: string) => void): Promise<() => void> {
    this.listener ??= new PgListener(this.url);
    return this.listener.listen(channel, onMessage);
  }

  close(): void {
    this.listener?.close();
    this.db.close();
  }
}

/** A heap tuple's header and its line pointer (PostgreSQL's page layout), added to each live row's stored size. */
const ROW_OVERHEAD = 28;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
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
  return new PgEngine(db, where, url);
}
