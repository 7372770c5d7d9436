import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sqliteOf } from "@/lib/server/sql/sqlite-engine";
import { PgSync } from "@/lib/server/sql/pg-sync";
import { storesOnPostgres } from "@/tests/support/sqlite-only";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { CallRecord } from "@/lib/contracts/calls";
import { openStore, UNRECORDED_SEQ } from "@/lib/server/store";
import type { NewEntry, Store } from "@/lib/server/store";
import { callStore } from "@/lib/server/mcp/call-store";
import { GROUP_COMMIT_MAX_MS } from "@/lib/server/group-commit";
import { exitRightAfter } from "@/tests/support/store-exit";
import { finishedCall } from "@/tests/support/entries";

/**
 * The store's group commit (lib/server/group-commit.ts): hot writes commit together a few milliseconds
 * later. Loupe's own reads see them at once; another process sees them once committed; closing,
 * flush() and the process's exit commit what is pending, and an explicit transaction still
 * commits (or rolls back) as a whole.
 */
let dir: string;
let store: Store;

const entry = (raw: unknown): NewEntry => ({
  connectionId: "c1",
  sessionKey: null,
  receivedAt: 1,
  sourceTime: null,
  direction: "in",
  protocol: "mcp",
  kind: "message",
  raw,
});

const call = (id: string): CallRecord => finishedCall(id);

/** What another process reading the file sees (on PostgreSQL, under the switch: another connection). */
function committedEntries(): number {
  if (storesOnPostgres) {
    // The test cluster trusts loopback: the store's address (without a password) connects.
    const other = new PgSync(store.file, "loupe-test-reader");
    try {
      return Number(other.query("SELECT COUNT(*) AS n FROM entries").rows[0]?.n ?? -1);
    } finally {
      other.close();
    }
  }
  const reader = new Database(path.join(dir, "loupe.db"), { readonly: true, fileMustExist: true });
  try {
    return (reader.prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-group-commit-"));
  store = openStore(dir);
  store.flush();
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

// SQLite's page limit (a full disk) and a child process on the file are SQLite's: skipped under
// LOUPE_TEST_DATABASE_URL (tests/support/sqlite-only.ts); the rest runs on both.
describe("Store group commit", () => {
  it("shows Loupe its own writes at once and commits them together a moment later", async () => {
    const a = store.insertEntry(entry({ n: 1 }));
    store.grouped(() => {
      callStore(store).save(call("x"));
      store.insertEntry(entry({ n: 2 }));
    });
    expect(store.getEntry(a.seq)?.raw).toEqual({ n: 1 });
    expect(callStore(store).get("x")?.status).toBe("ok");
    expect(store.db.inTransaction).toBe(true);
    expect(committedEntries()).toBe(0);
    await expect.poll(() => committedEntries(), { timeout: 2_000, interval: 5 }).toBe(2);
    expect(store.db.inTransaction).toBe(false);
  });

  it("commits at once on flush() and on close()", () => {
    store.insertEntry(entry({ n: 1 }));
    store.flush();
    expect(committedEntries()).toBe(1);
    store.insertEntry(entry({ n: 2 }));
    store.close();
    expect(committedEntries()).toBe(2);
    store = openStore(dir);
  });

  it("leaves an explicit transaction whole: a write inside it commits or rolls back with it", () => {
    store.db.transaction(() => store.insertEntry(entry({ kept: true })))();
    expect(store.db.inTransaction).toBe(false);
    expect(committedEntries()).toBe(1);
    expect(() =>
      store.db.transaction(() => {
        store.insertEntry(entry({ dropped: true }));
        throw new Error("half-way");
      })(),
    ).toThrow("half-way");
    expect(store.maxSeq()).toBe(1);
  });

  it("commits a batch once it holds a 64th of the store's cap, at the end of the task, not when its time is up", async () => {
    // Before, a batch stayed open its 5–50 ms whatever it held: a fast burst put 4–5 MiB transactions in
    // the WAL of a 10 MiB cap, over the cap (tests/integration/retention-day.test.ts failed on a quiet machine).
    store.boundLog(64 * 128 * 1024);
    const big = "x".repeat(16 * 1024);
    for (let i = 0; i < 7; i++) store.insertEntry(entry({ i, big }));
    await Promise.resolve();
    expect(store.db.inTransaction).toBe(true);
    store.insertEntry(entry({ i: 7, big }));
    await Promise.resolve();
    expect(store.db.inTransaction).toBe(false);
    expect(committedEntries()).toBe(8);
  });

  it("bounds rows written behind a burst alike: no transaction holds much more than the bound", async () => {
    // Before, a relay's reads (written behind their burst) waited in the queue up to 4 MiB or 250 ms
    // and were written in one transaction, whatever the cap: 48 rows of 16 KiB here, 6× the bound.
    store.boundLog(64 * 128 * 1024);
    const big = "x".repeat(16 * 1024);
    let written = 0;
    let most = 0;
    for (let read = 0; read < 12; read++) {
      store.insertEntries(
        Array.from({ length: 4 }, (_, i) => ({ entry: entry({ read, i, big }) })),
        { burst: true },
      );
      written += 4;
      await new Promise((resolve) => setImmediate(resolve));
      most = Math.max(most, written - committedEntries());
    }
    // The bound (8 rows) and one read more.
    expect(most).toBeLessThanOrEqual(12);
    store.flush();
    expect(committedEntries()).toBe(48);
  });

  it("past that bound, still commits grouped writes together and an explicit transaction in the batch as a whole", async () => {
    store.boundLog(64 * 128 * 1024);
    const big = "x".repeat(16 * 1024);
    store.insertEntry(entry({ first: true }));
    store.grouped(() => {
      for (let i = 0; i < 10; i++) store.insertEntry(entry({ grouped: i, big }));
      expect(store.db.inTransaction).toBe(true);
    });
    // In the batch the grouped writes left open (committed at the write that passed the bound, the
    // explicit transaction's SAVEPOINT was gone: "no such savepoint", and the transaction threw).
    store.insertEntry(entry({ opens: "the next batch" }));
    expect(store.db.inTransaction).toBe(true);
    store.db.transaction(() => {
      for (let i = 0; i < 10; i++) store.insertEntry(entry({ explicit: i, big }));
    })();
    expect(() =>
      store.db.transaction(() => {
        for (let i = 0; i < 10; i++) store.insertEntry(entry({ dropped: i, big }));
        throw new Error("half-way");
      })(),
    ).toThrow("half-way");
    await Promise.resolve();
    expect(store.db.inTransaction).toBe(false);
    expect(committedEntries()).toBe(22);
  });

  it.skipIf(storesOnPostgres)("loses no earlier write of the batch when SQLite rolls the whole batch back (disk full)", async () => {
    const kept = [store.insertEntry(entry({ n: 1 })), store.insertEntry(entry({ n: 2 }))];
    store.grouped(() => callStore(store).save(call("x")));
    // A database that cannot grow: the next large write fails with SQLITE_FULL, and SQLite cancels
    // the whole open transaction with it, not just that statement.
    sqliteOf(store).pragma(`max_page_count = ${String(sqliteOf(store).pragma("page_count", { simple: true }))}`);
    // Not thrown at the caller: the entry is not recorded and recording pauses (recording-gate.ts).
    expect(store.insertEntry(entry({ big: "x".repeat(200_000) })).seq).toBe(UNRECORDED_SEQ);
    expect(store.recording.state()).toMatchObject({ state: "paused" });
    sqliteOf(store).pragma("max_page_count = 1073741823");
    expect(store.recording.retry()).toBe(true);
    const later = store.insertEntry(entry({ n: 3 }));
    store.flush();
    expect(committedEntries()).toBe(3);
    expect(kept.map((e) => store.getEntry(e.seq)?.raw)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(store.getEntry(later.seq)?.raw).toEqual({ n: 3 });
    expect(later.seq).toBeGreaterThan(kept[1]!.seq);
    expect(callStore(store).get("x")?.status).toBe("ok");
  });

  it.skipIf(storesOnPostgres)("writes again what stayed, not what an explicit transaction inside the batch undid", () => {
    store.insertEntry(entry({ n: 1 }));
    expect(() =>
      store.db.transaction(() => {
        store.insertEntry(entry({ undone: true }));
        throw new Error("half-way");
      })(),
    ).toThrow("half-way");
    const kept = store.insertEntry(entry({ n: 2 }));
    sqliteOf(store).pragma(`max_page_count = ${String(sqliteOf(store).pragma("page_count", { simple: true }))}`);
    expect(store.insertEntry(entry({ big: "x".repeat(200_000) })).seq).toBe(UNRECORDED_SEQ);
    sqliteOf(store).pragma("max_page_count = 1073741823");
    store.recording.retry();
    store.flush();
    expect(store.getEntry(kept.seq)?.raw).toEqual({ n: 2 });
    expect(committedEntries()).toBe(2);
  });

  it.skipIf(storesOnPostgres)("loses no write of the batch when a failed write of another kind rolled it back", () => {
    const kept = store.insertEntry(entry({ n: 1 }));
    sqliteOf(store).pragma(`max_page_count = ${String(sqliteOf(store).pragma("page_count", { simple: true }))}`);
    expect(() =>
      store.db.prepare("INSERT INTO connections (id, config, created_at) VALUES ('big', ?, 1)").run("x".repeat(200_000)),
    ).toThrow(/full/);
    sqliteOf(store).pragma("max_page_count = 1073741823");
    store.flush();
    expect(committedEntries()).toBe(1);
    expect(store.getEntry(kept.seq)?.raw).toEqual({ n: 1 });
  });

  it("lets a second Store of this process on the same file write (a restarted Loupe in tests)", () => {
    store.insertEntry(entry({ first: true }));
    const second = openStore(dir);
    try {
      second.insertEntry(entry({ second: true }));
      store.insertEntry(entry({ first: "again" }));
      second.insertEntry(entry({ second: "again" }));
    } finally {
      second.close();
    }
    store.flush();
    expect(committedEntries()).toBe(4);
  });

  it.skipIf(storesOnPostgres)("commits pending writes when the process exits right after them", () => {
    store.close();
    const run = exitRightAfter(dir, `store.insertEntry(${JSON.stringify(entry({ last: true }))});`);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(committedEntries()).toBe(1);
    store = openStore(dir);
  });

  it.skipIf(storesOnPostgres)(
    "keeps one commit open while writes keep arriving, up to GROUP_COMMIT_MAX_MS, and commits 5 ms after they stop",
    () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
      try {
        store.insertEntry(entry({ n: 0 }));
        // A relay's stream: a write every half millisecond. The commit due at 5 ms waits for the burst.
        for (let t = 0; t < 20; t++) {
          vi.advanceTimersByTime(0.5);
          store.insertEntry(entry({ n: t + 1 }));
        }
        expect(store.db.inTransaction).toBe(true);
        expect(committedEntries()).toBe(0);
        // The burst ends: committed at the next check, 5 ms on.
        vi.advanceTimersByTime(5);
        expect(store.db.inTransaction).toBe(false);
        expect(committedEntries()).toBe(21);
        // A burst that does not end is committed at GROUP_COMMIT_MAX_MS all the same.
        store.insertEntry(entry({ n: 100 }));
        let elapsed = 0;
        while (elapsed < 4 * GROUP_COMMIT_MAX_MS) {
          vi.advanceTimersByTime(0.5);
          elapsed += 0.5;
          if (!store.db.inTransaction) break;
          store.insertEntry(entry({ n: 101 }));
        }
        expect(elapsed).toBeGreaterThanOrEqual(GROUP_COMMIT_MAX_MS - 5);
        expect(elapsed).toBeLessThanOrEqual(GROUP_COMMIT_MAX_MS + 5);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
