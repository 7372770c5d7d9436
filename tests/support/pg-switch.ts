import { randomBytes } from "node:crypto";
import { PgSync } from "@/lib/server/sql/pg-sync";
import { routeStoreDatabases } from "@/lib/server/sql/store-url";
import { startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";

/**
 * Runs any test file's stores on PostgreSQL (issue 25), a setup file of vitest's "node" project:
 *
 *   LOUPE_TEST_DATABASE_URL=cluster npx vitest run tests/integration/tasks.test.ts
 *   LOUPE_TEST_DATABASE_URL=postgres://loupe@127.0.0.1:5432/postgres npx vitest run lib/server
 *
 * `cluster` starts a temporary cluster per test file (tests/support/pg-cluster.ts); a URL names a
 * server whose user may create databases. Every store `openStore` / `getStore` opens then gets a
 * database of its own, created on first use, the same data folder reopening the same database (a
 * restart test sees its records). Unset, this file does nothing and every store is SQLite's.
 */
const wanted = process.env.LOUPE_TEST_DATABASE_URL?.trim();

if (wanted) {
  const cluster: PgCluster | null = wanted === "cluster" ? await startPgCluster() : null;
  const admin = cluster?.url ?? wanted;
  const base = new URL(admin);
  const prefix = `t${randomBytes(4).toString("hex")}`;
  const created = new Map<string, string>();
  let conn: PgSync | null = null;
  routeStoreDatabases((dir) => {
    let url = created.get(dir);
    if (!url) {
      const name = `${prefix}_${created.size + 1}`;
      conn ??= new PgSync(admin, "loupe-test-switch");
      conn.query(`CREATE DATABASE ${name}`);
      const target = new URL(base);
      target.pathname = `/${name}`;
      url = target.toString();
      created.set(dir, url);
    }
    return url;
  });
  // Removed when the test process exits, not after the file's tests: a store a test left open may
  // still flush on a timer, and a database dropped under it would fail there instead of being ignored.
  // (`cluster`: startPgCluster stops it at exit.)
  process.once("exit", () => {
    if (cluster || !conn) return;
    for (const url of created.values()) conn.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    conn.close();
  });
}
