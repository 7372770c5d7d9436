import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabase } from "@/lib/server/sql/pg-database";
import { PgSync } from "@/lib/server/sql/pg-sync";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";

/**
 * A store's connection that PostgreSQL ends (a restart, a failover, an administrator): the next
 * statement runs on a new connection instead of failing for good, and what belonged to a transaction
 * open on the old one fails in words instead of running outside it (issue 25: a shared store outlives
 * any one connection). Found on a Loupe whose database went away: every statement failed with "not
 * queryable" from then on, and it did not stop on SIGTERM (its connection's close waited 30 s).
 */
describe.skipIf(!pgAvailable())("a PostgreSQL connection the server ended", () => {
  let cluster: PgCluster;
  let url: string;
  let admin: PgSync;

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = cluster.createDatabase("reconnect");
    admin = new PgSync(url, "admin");
    admin.query("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  }, 90_000);
  afterAll(() => {
    admin?.close();
    cluster?.stop();
  });

  /** Ends every backend of `name` from another connection, as an administrator or a failover would. */
  function endConnections(name: string): void {
    const ended = admin.query("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1", [name]);
    expect(ended.rows.length).toBeGreaterThan(0);
  }

  /** A statement, once more if the first attempt met the ended connection (its error is said in words). */
  function eventually<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      expect(String(error)).toMatch(/terminat|connection|not queryable/i);
      return fn();
    }
  }

  it("runs the next statements on a new connection", () => {
    const db = new PgDatabase(url, "ended-1");
    try {
      expect(db.prepare("SELECT 1 AS one").get()).toEqual({ one: 1 });
      endConnections("ended-1");
      expect(eventually(() => db.prepare("SELECT 2 AS two").get())).toEqual({ two: 2 });
      expect(db.prepare("SELECT 3 AS three").get()).toEqual({ three: 3 });
    } finally {
      db.close();
    }
  });

  it("fails what belonged to a transaction the connection took with it, never runs it outside one", () => {
    const db = new PgDatabase(url, "ended-2");
    let rolledBack = 0;
    db.onRolledBack = () => rolledBack++;
    try {
      // The group commit's way: BEGIN as a statement, writes, COMMIT a few milliseconds later.
      db.prepare("BEGIN").run();
      db.prepare("INSERT INTO things (id, name) VALUES (?, ?)").run(1, "before the break");
      endConnections("ended-2");
      expect(() => db.prepare("INSERT INTO things (id, name) VALUES (?, ?)").run(2, "after the break")).toThrow(
        /terminat|broke inside a transaction/,
      );
      if (db.inTransaction) expect(() => db.prepare("COMMIT").run()).toThrow(/broke inside a transaction/);
      // The store was told its batch is gone (GroupCommit writes it again), and nothing of it was written.
      expect(db.inTransaction).toBe(false);
      expect(rolledBack).toBe(1);
      expect(admin.query("SELECT id FROM things WHERE id IN (1, 2)").rows).toEqual([]);
      // A transaction() frame: its statements after the break fail, the frame rolls back, the next one works.
      const write = db.transaction(() => {
        db.prepare("INSERT INTO things (id, name) VALUES (?, ?)").run(3, "in a frame");
        endConnections("ended-2");
        db.prepare("INSERT INTO things (id, name) VALUES (?, ?)").run(4, "in a frame, after the break");
      });
      expect(write).toThrow(/terminat|broke inside a transaction/);
      db.transaction(() => db.prepare("INSERT INTO things (id, name) VALUES (?, ?)").run(5, "a new frame"))();
      expect(admin.query("SELECT id FROM things ORDER BY id").rows.map((r) => r.id)).toEqual([5]);
    } finally {
      db.close();
    }
  });

  it("with the server gone, fails each statement at once in words and closes without waiting", () => {
    const conn = new PgSync(url, "ended-3");
    conn.query("SELECT 1");
    admin.close();
    cluster.stop();
    let started = Date.now();
    expect(() => conn.query("SELECT 2")).toThrow(/PostgreSQL|terminat|connect/i);
    expect(() => conn.query("SELECT 3")).toThrow(/cannot connect to PostgreSQL: .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(5_000);
    started = Date.now();
    conn.close();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
