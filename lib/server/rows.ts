import "server-only";

/** What prepares a statement: the Store (statements cached) or its better-sqlite3 database. */
export interface Prepares {
  prepare(sql: string): { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };
}

/** A statement whose rows are typed by the SELECT's own column list. */
export interface Query<Row> {
  all(...params: unknown[]): Row[];
  get(...params: unknown[]): Row | undefined;
}

/**
 * The statement for `sql`, its rows typed as `Row`. better-sqlite3 types rows as `unknown`; their
 * shape is the query's own column list (written beside it), not data from outside, so it is stated
 * here once instead of cast at every query.
 */
export function query<Row>(db: Prepares, sql: string): Query<Row> {
  return db.prepare(sql) as Query<Row>;
}

/**
 * A JSON column Loupe wrote itself from a `T` (JSON.stringify of a typed value) and is the only
 * writer of: read back as that `T`. Trusted, not validated — said once here rather than per query.
 */
export function parseRecord<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** The JSON column named `record` of every row of `sql` (alias it: `SELECT config AS record …`), parsed. */
export function records<T>(db: Prepares, sql: string, ...params: unknown[]): T[] {
  return query<{ record: string }>(db, sql)
    .all(...params)
    .map((row) => parseRecord<T>(row.record));
}

/** The JSON column named `record` of the first row of `sql`, parsed; undefined when there is none. */
export function record<T>(db: Prepares, sql: string, ...params: unknown[]): T | undefined {
  const row = query<{ record: string }>(db, sql).get(...params);
  return row ? parseRecord<T>(row.record) : undefined;
}
