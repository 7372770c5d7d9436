import { logLine } from "@/lib/log-text";
import { PgSync, type PgAnswer, type RepeatPlan } from "@/lib/server/sql/pg-sync";
import type { SqlRunResult, SqlStatement } from "@/lib/server/sql/database";
import { PG_FUNCTIONS, pgSchema, pgStatement, splitStatements, type PgStatementText, type Tables } from "@/lib/server/sql/pg-dialect";

/**
 * The part of better-sqlite3's Database that Loupe's stores use, over PostgreSQL: `prepare` with
 * `run` / `get` / `all`, `exec`, `transaction` (nested ones as savepoints) and `inTransaction`.
 * Statements are SQLite's SQL, rewritten once per text (pg-dialect.ts); the connection is synchronous
 * (pg-sync.ts). Schema changes are versioned: `migrate` applies each version once, recorded in
 * `loupe_migrations`, under an advisory lock so that two instances starting together do not race.
 */

/** One versioned change of the schema, in SQLite's DDL (translated) or PostgreSQL's own. */
export interface Migration {
  version: number;
  name: string;
  sqlite?: string;
  postgres?: string;
  /**
   * Applied again at every start (under the lock), not only once: the store's own tables, all
   * `CREATE … IF NOT EXISTS`, so a table a newer Loupe declares is created in an older database,
   * as SQLite's store does with its schema at every open.
   */
  everyStart?: boolean;
}

/** The lock every instance takes while it migrates (an arbitrary, fixed number). */
const MIGRATION_LOCK = 4_242_001;

export class PgDatabase {
  private readonly conn: PgSync;
  private readonly tables: Tables = new Map();
  private readonly texts = new Map<string, PgStatementText>();
  /** Open transactions: `transaction()` levels, and a BEGIN run as a statement (the group commit's). */
  private depth = 0;
  /** Open `transaction()` frames: those roll back their own failures (to their savepoint, or all of it). */
  private frames = 0;
  /** Top-level transactions begun on this connection: which one is open (PgEngine.ordered takes its lock once per transaction). */
  private begun = 0;
  private closed = false;
  /** Told after abortedOutsideFrames() rolled back (the store's group commit writes its batch again). */
  onRolledBack: () => void = () => {};

  constructor(url: string, name = "loupe") {
    this.conn = new PgSync(url, name);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** A number for the open top-level transaction (another for each one begun); meaningless outside one. */
  get transactionNumber(): number {
    return this.begun;
  }

  get open(): boolean {
    return !this.closed;
  }

  /** Applies the migrations not yet applied, in order, each in its own transaction. */
  migrate(migrations: readonly Migration[]): number[] {
    this.conn.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const applied: number[] = [];
    try {
      this.conn.query(
        "CREATE TABLE IF NOT EXISTS loupe_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
      );
      const done = new Set(this.conn.query("SELECT version FROM loupe_migrations").rows.map((r) => Number(r.version)));
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        // Every version's tables are learned, applied now or earlier: statements need their keys.
        const statements = migration.sqlite ? pgSchema(migration.sqlite, this.tables) : [];
        if (done.has(migration.version)) {
          if (migration.everyStart) this.transaction(() => this.batch(statements))();
          continue;
        }
        this.transaction(() => {
          const first = migration.version === migrations[0]?.version ? [PG_FUNCTIONS] : [];
          this.batch([...first, ...statements, ...(migration.postgres ? splitStatements(migration.postgres) : [])]);
          this.conn.query("INSERT INTO loupe_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
            migration.version,
            migration.name,
            Date.now(),
          ]);
        })();
        applied.push(migration.version);
      }
    } finally {
      this.conn.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
    return applied;
  }

  prepare<Row = unknown>(sql: string): SqlStatement<Row> {
    const statement = this.translate(sql);
    const control = /^\s*(BEGIN|COMMIT|ROLLBACK)\s*$/i.exec(sql)?.[1]?.toUpperCase();
    const exec = (params: unknown[]) => {
      const answer = this.send(statement.text, bind(statement, params));
      if (control === "BEGIN" && this.depth === 0) this.begun++;
      if (control) this.depth = control === "BEGIN" ? this.depth + 1 : 0;
      return answer;
    };
    return {
      run: (...params) => runResult(exec(params), statement),
      get: (...params) => rowOf<Row>(exec(params).rows[0]),
      all: (...params) => exec(params).rows.map((row) => rowOf<Row>(row) as Row),
    };
  }

  /**
   * A statement failed in a transaction that no `transaction()` frame guards: one begun by a BEGIN
   * statement, the group commit's (lib/server/group-commit.ts), held open a few milliseconds across
   * the event loop. SQLite fails only the statement there; PostgreSQL aborts the whole transaction and
   * refuses every later statement until it ends, and a COMMIT would then roll it back in silence. So it
   * is rolled back here, at once: `inTransaction` turns false, and the group commit writes its batch
   * again, row by row (GroupCommit.recover). What other statements wrote in the same few milliseconds
   * is lost with it, and said once in the log.
   */
  private abortedOutsideFrames(): void {
    if (this.depth === 0 || this.frames > 0) return;
    this.depth = 0;
    try {
      this.conn.query("ROLLBACK");
    } catch {
      // The connection itself failed: the server ends the transaction when it goes.
    }
    logLine(
      "[loupe] a statement failed inside the open group commit on PostgreSQL; its batch was rolled back and its entries are written again",
    );
    this.onRolledBack();
  }

  /** Runs statements with no parameters (SQLite's DDL is translated first), in one round trip. */
  exec(sql: string): void {
    if (/^\s*CREATE TABLE/im.test(sql)) return this.batch(pgSchema(sql, this.tables));
    this.batch(splitStatements(sql).map((statement) => this.translate(statement).text));
  }

  /** Statements without parameters sent together: one round trip (PostgreSQL's simple query), not one each. */
  private batch(statements: readonly string[]): void {
    if (statements.length > 0) this.send(statements.join(";\n"));
  }

  /** Like better-sqlite3's: a function that runs `fn` in a transaction (a savepoint when nested). */
  transaction<T>(fn: () => T): () => T {
    return () => {
      const savepoint = `sp${this.depth}`;
      const nested = this.depth > 0;
      if (!nested) this.begun++;
      this.conn.query(nested ? `SAVEPOINT ${savepoint}` : "BEGIN", [], nested);
      this.depth++;
      this.frames++;
      try {
        const result = fn();
        this.depth--;
        this.conn.query(nested ? `RELEASE SAVEPOINT ${savepoint}` : "COMMIT", [], true);
        return result;
      } catch (error) {
        this.depth--;
        try {
          this.conn.query(nested ? `ROLLBACK TO SAVEPOINT ${savepoint}` : "ROLLBACK", [], true);
        } catch {
          // The connection broke with the transaction (pg-sync.ts): nothing is left to roll back; the first error says why.
        }
        throw error;
      } finally {
        this.frames--;
      }
    };
  }

  /** The raw connection, for PostgreSQL's own statements (`$n` placeholders, no rewriting). */
  query(sql: string, params: readonly unknown[] = []): PgAnswer {
    return this.send(sql, params);
  }

  private send(sql: string, params: readonly unknown[] = []): PgAnswer {
    try {
      return this.conn.query(sql, params, this.depth > 0);
    } catch (error) {
      this.abortedOutsideFrames();
      throw error;
    }
  }

  /** PgSync.repeatWhileAlive on this database's connection (a statement in PostgreSQL's own syntax). */
  repeatWhileAlive(plan: RepeatPlan | null): void {
    this.conn.repeatWhileAlive(plan);
  }

  close(): void {
    this.closed = true;
    this.conn.close();
  }

  private translate(sql: string): PgStatementText {
    let text = this.texts.get(sql);
    if (!text) {
      text = pgStatement(sql, this.tables);
      this.texts.set(sql, text);
    }
    return text;
  }
}

/** Positional parameters as given; named ones (`@name`, one object) in the order of their `$n`. */
function bind(statement: PgStatementText, params: unknown[]): unknown[] {
  if (!statement.names) return params;
  const named = params[0];
  if (typeof named !== "object" || named === null) throw new Error("this statement takes named parameters (@name)");
  const values = new Map(Object.entries(named));
  return statement.names.map((name) => {
    if (!values.has(name)) throw new Error(`missing named parameter @${name}`);
    return values.get(name);
  });
}

function runResult(answer: PgAnswer, statement: PgStatementText): SqlRunResult {
  const id = statement.returns ? answer.rows[0]?.[statement.returns] : undefined;
  return { changes: answer.rowCount, lastInsertRowid: typeof id === "number" ? id : 0 };
}

/** A row as the statement's column list says it is (the caller names `Row`, as with better-sqlite3). */
function rowOf<Row>(row: Record<string, unknown> | undefined): Row | undefined {
  return row as Row | undefined;
}
