import "server-only";
import { PgDatabase } from "@/lib/server/sql/pg-database";
import { PgError, type RepeatPlan } from "@/lib/server/sql/pg-sync";
import { PgListener } from "@/lib/server/sql/pg-listen";
import { checkNotification } from "@/lib/server/sql/notify";
import type { EntryNotice, StoreEngine } from "@/lib/server/sql/engine";
import type { StoreSize } from "@/lib/server/store-size";

/**
 * The team store: a PostgreSQL database several Loupe instances share (issue 25). Its schema is the
 * local store's, translated (pg-dialect.ts) and versioned (`loupe_migrations`). PostgreSQL manages
 * its own write-ahead log and hands space back by autovacuum; its size is what its tables take.
 */
export class PgEngine implements StoreEngine {
  readonly kind = "postgres";
  readonly shared = true;

  /** LISTEN's own connection, opened on the first listen(). */
  private listener: PgListener | null = null;
  /** The transaction (PgDatabase.transactionNumber) that holds the entry order lock, if any. */
  private orderedIn = -1;

  onRolledBack(fn: () => void): void {
    this.db.onRolledBack = fn;
  }

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

  listen(channel: string, onMessage: (payload: string) => void, onMissed?: () => void): Promise<() => void> {
    this.listener ??= new PgListener(this.url);
    return this.listener.listen(channel, onMessage, onMissed);
  }

  /**
   * Seq order = commit order, so that a follower reading "seq after the last one I saw" misses
   * nothing. The seq is an identity column: instances A and B could take 10 and 11, B commit first,
   * and a follower that read 11 would never read 10. So before its first entry insert, a transaction
   * takes ENTRY_ORDER_LOCK, a transaction-scoped advisory lock held until its COMMIT or ROLLBACK:
   * while A holds it, no other transaction takes a seq, and B's seqs, taken after A ended, are above
   * all of A's. At any snapshot the committed entries are then every seq up to some point, and the
   * ones still uncommitted (one transaction's at most) are all above it. PostgreSQL releases the lock
   * after the commit is visible, so B's first seq never shows up before A's last. A transaction holds
   * it until the task that opened its group commit ends (GroupCommit.commitEachTask): another
   * instance's entry writes wait that long, and only while this thread runs: entries are recorded one
   * transaction at a time across instances, as SQLite does in one.
   * The same statement sends the NOTIFY, which PostgreSQL delivers at COMMIT (dropped on ROLLBACK).
   * Outside a transaction (a store writing through), the insert gets one of its own.
   */
  ordered<T>(fn: () => T, notice: EntryNotice): T {
    if (!this.db.inTransaction) return this.db.transaction(() => this.ordered(fn, notice))();
    if (this.orderedIn !== this.db.transactionNumber) {
      checkNotification(notice.channel, notice.payload);
      this.db.query("SELECT pg_advisory_xact_lock($1), pg_notify($2, $3)", [ENTRY_ORDER_LOCK, notice.channel, notice.payload]);
      this.orderedIn = this.db.transactionNumber;
    }
    return fn();
  }

  repeatWhileAlive(plan: RepeatPlan | null): void {
    this.db.repeatWhileAlive(plan);
  }

  close(): void {
    this.listener?.close();
    this.db.close();
  }
}

/** The lock an entry-writing transaction holds until it ends (an arbitrary, fixed number; pg-database.ts has the migrations'). */
export const ENTRY_ORDER_LOCK = 4_242_002;

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
