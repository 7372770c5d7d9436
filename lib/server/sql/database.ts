/**
 * What Loupe's stores need of a database: the part of better-sqlite3's API they call, which
 * better-sqlite3 itself offers and PgDatabase (pg-database.ts) offers over PostgreSQL. Statements
 * are written in SQLite's SQL; `Row` is the shape the statement's own column list gives.
 */
export interface SqlRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqlStatement<Row = unknown> {
  run(...params: unknown[]): SqlRunResult;
  get(...params: unknown[]): Row | undefined;
  all(...params: unknown[]): Row[];
}

export interface SqlDatabase {
  prepare(sql: string): SqlStatement;
  exec(sql: string): unknown;
  /** A function running `fn` in one transaction (a savepoint inside another); the stores' take no arguments. */
  transaction<T>(fn: () => T): () => T;
  readonly inTransaction: boolean;
  readonly open: boolean;
  close(): unknown;
}
