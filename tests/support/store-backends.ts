import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Store } from "@/lib/server/store";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";

/**
 * The databases the shared store suites run on (issue 25): SQLite, the local mode's file, and
 * PostgreSQL, one temporary cluster per test file (skipped where Debian's postgresql is missing,
 * unless LOUPE_REQUIRE_PG=1). Call once at the top of a file, then `describe.each(backends)`.
 */
export interface StoreBackend {
  name: "SQLite" | "PostgreSQL";
  /** A new store: an empty folder, and on PostgreSQL an empty database; `again` reopens the last one. */
  open(again?: boolean): Store;
  /** Where a new store would be (for a store another process opens): its folder, and its database on PostgreSQL. */
  place(): StorePlace;
}

export interface StorePlace {
  dir: string;
  url?: string;
}

export function storeBackends(): StoreBackend[] {
  let cluster: PgCluster | null = null;
  let databases = 0;
  let last: StorePlace | null = null;
  const dirs: string[] = [];
  const withPg = pgAvailable();
  beforeAll(async () => {
    if (withPg) cluster = await startPgCluster();
  }, 90_000);
  afterAll(() => {
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loupe-shared-"));
    dirs.push(dir);
    return dir;
  };
  const place = (pg: boolean) => (): StorePlace => ({ dir: folder(), url: pg ? cluster!.createDatabase(`s${++databases}`) : undefined });
  const open =
    (pg: boolean) =>
    (again = false) => {
      if (!again || !last) last = place(pg)();
      return new Store(last.dir, { databaseUrl: last.url });
    };
  return [
    { name: "SQLite", open: open(false), place: place(false) },
    ...(withPg ? [{ name: "PostgreSQL" as const, open: open(true), place: place(true) }] : []),
  ];
}

/** A fresh store per test of a `describe.each(backends)` block, closed after it. */
export function storePerTest(backend: StoreBackend): { readonly store: Store } {
  const current: { store: Store | null } = { store: null };
  beforeEach(() => {
    current.store = backend.open();
  });
  afterEach(() => {
    current.store?.close();
    current.store = null;
  });
  return {
    get store(): Store {
      if (!current.store) throw new Error("no store outside a test");
      return current.store;
    },
  };
}
