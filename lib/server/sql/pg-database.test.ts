import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabase } from "@/lib/server/sql/pg-database";
import { PgError } from "@/lib/server/sql/pg-sync";
import { SCHEMA } from "@/lib/server/store-schema";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { Store } from "@/lib/server/store";

describe("a database URL that is not one", () => {
  it("is refused in words before any connection, without echoing what it was given", () => {
    expect(() => new Store("/nonexistent", { databaseUrl: "not a url with secret-pass" })).toThrow(
      "the database URL must be postgres://user@host:port/database (got postgres (unparsable address))",
    );
    expect(() => new Store("/nonexistent", { databaseUrl: "mysql://u:secret-pass@h/db" })).toThrow(
      /must be postgres:\/\/.*got mysql:\/\/u@h\/db/,
    );
  });
});

// A real PostgreSQL: Debian's package, a temporary cluster for this file (tests/support/pg-cluster.ts).
describe.skipIf(!pgAvailable())("PgDatabase over a real PostgreSQL", () => {
  let cluster: PgCluster;
  let db: PgDatabase;
  const migrations = [{ version: 1, name: "every table of Loupe's store", sqlite: SCHEMA }];

  beforeAll(async () => {
    cluster = await startPgCluster();
    db = new PgDatabase(cluster.createDatabase("store"));
    db.migrate(migrations);
  }, 90_000);
  afterAll(() => {
    db?.close();
    cluster?.stop();
  });

  it("creates every table of the store's schema, each once, and a second start applies nothing", () => {
    const tables = db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'").rows.map((r) => r.table_name);
    const declared = [...SCHEMA.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(20);
    expect(tables).toEqual(expect.arrayContaining([...declared, "loupe_migrations"]));
    expect(db.migrate(migrations)).toEqual([]);
  });

  it("numbers inserted entries like SQLite's rowid, and writes one again under the same seq", () => {
    const insert = db.prepare(
      "INSERT INTO entries (connection_id, session_key, received_at, source_time, direction, protocol, kind, raw, raw_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const a = insert.run("c1", null, 1, null, "in", "mcp", "message", '{"x":1}', 7);
    const b = insert.run("c1", null, 2, null, "out", "mcp", "message", '{"x":2}', 7);
    expect(Number(b.lastInsertRowid)).toBe(Number(a.lastInsertRowid) + 1);
    db.prepare(
      "INSERT OR REPLACE INTO entries (seq, connection_id, session_key, received_at, source_time, direction, protocol, kind, raw, raw_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(a.lastInsertRowid, "c1", null, 1, null, "in", "mcp", "message", '{"x":9}', 7);
    const rows = db.prepare<{ seq: number; raw: string }>("SELECT seq, raw FROM entries WHERE connection_id = ? ORDER BY seq").all("c1");
    expect(rows).toEqual([
      { seq: Number(a.lastInsertRowid), raw: '{"x":9}' },
      { seq: Number(b.lastInsertRowid), raw: '{"x":2}' },
    ]);
    expect(db.prepare<{ m: number }>("SELECT MAX(seq) AS m FROM entries").get()?.m).toBe(Number(b.lastInsertRowid));
  });

  it("upserts a saved peer keeping its first created_at, and finds it by a JSON field", () => {
    const save = db.prepare(
      `INSERT INTO connections (id, config, builtin, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET config = excluded.config, builtin = excluded.builtin`,
    );
    save.run("s1", JSON.stringify({ name: "one", status: "running" }), 0, 10);
    save.run("s1", JSON.stringify({ name: "two", status: "running" }), 1, 99);
    const row = db
      .prepare<{ name: string; created_at: number; builtin: number }>(
        "SELECT json_extract(config, '$.name') AS name, created_at, builtin FROM connections WHERE json_extract(config, '$.status') = 'running'",
      )
      .get();
    expect(row).toEqual({ name: "two", created_at: 10, builtin: 1 });
  });

  // SQLite compares a text with a number loosely, PostgreSQL not at all: a portable statement casts
  // the JSON value it compares with a number (the store's statements do, for both databases).
  it("binds named parameters and reads a JSON array and object with json_each, as retention does", () => {
    const rows = db
      .prepare<{ seq: number }>(
        "SELECT seq FROM entries WHERE connection_id || char(10) || 'x' IN (SELECT value FROM json_each(@keys)) AND received_at >= COALESCE((SELECT CAST(value AS INTEGER) FROM json_each(@since) WHERE key = connection_id), 9e18) ORDER BY seq",
      )
      .all({ keys: JSON.stringify(["c1\nx"]), since: JSON.stringify({ c1: 2 }) });
    expect(rows).toHaveLength(1);
  });

  it("rolls back a failed transaction, and a failed nested one only to its savepoint", () => {
    const put = db.prepare("INSERT INTO bundles (id, summary, json, imported_at) VALUES (?, ?, ?, ?)");
    expect(() =>
      db.transaction(() => {
        put.run("b1", "{}", "{}", 1);
        throw new Error("stop");
      })(),
    ).toThrow("stop");
    db.transaction(() => {
      put.run("b2", "{}", "{}", 1);
      expect(() =>
        db.transaction(() => {
          put.run("b3", "{}", "{}", 1);
          put.run("b3", "{}", "{}", 1);
        })(),
      ).toThrow(PgError);
    })();
    expect(db.prepare<{ id: string }>("SELECT id FROM bundles ORDER BY id").all()).toEqual([{ id: "b2" }]);
    expect(db.inTransaction).toBe(false);
  });

  it("names a refused statement's SQLSTATE (unique violation 23505)", () => {
    const put = db.prepare("INSERT INTO bundles (id, summary, json, imported_at) VALUES (?, ?, ?, ?)");
    try {
      put.run("b2", "{}", "{}", 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PgError);
      expect(error instanceof PgError && error.code).toBe("23505");
    }
  });

  it("a table the schema gains later is created in an existing database at the next start", () => {
    const url = cluster.createDatabase("grows");
    const before = new PgDatabase(url);
    const base = "CREATE TABLE IF NOT EXISTS a (id TEXT PRIMARY KEY);";
    before.migrate([{ version: 1, name: "base", sqlite: base, everyStart: true }]);
    before.close();
    const after = new PgDatabase(url);
    try {
      after.migrate([
        { version: 1, name: "base", sqlite: `${base} CREATE TABLE IF NOT EXISTS b (id TEXT PRIMARY KEY);`, everyStart: true },
      ]);
      expect(after.prepare("INSERT OR IGNORE INTO b (id) VALUES (?)").run("x").changes).toBe(1);
    } finally {
      after.close();
    }
  });

  it("two instances migrating one new database at once apply each version exactly once", () => {
    const url = cluster.createDatabase("race");
    const a = new PgDatabase(url, "a");
    const b = new PgDatabase(url, "b");
    try {
      const applied = [...a.migrate(migrations), ...b.migrate(migrations)];
      expect(applied).toEqual([1]);
      expect(a.query("SELECT COUNT(*) AS n FROM loupe_migrations").rows[0]?.n).toBe(1);
    } finally {
      a.close();
      b.close();
    }
  });
});
