import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sqliteOf } from "@/lib/server/sql/sqlite-engine";
import { openStore, type EntryWrite, type Store } from "@/lib/server/store";
import { BEHIND_MAX_BYTES, BEHIND_MAX_MS, BEHIND_QUIET_MS } from "@/lib/server/write-behind";
import { finishedCall, messageToRecord } from "@/tests/support/entries";
import { callStore } from "@/lib/server/mcp/call-store";
import { storesOnPostgres } from "@/tests/support/sqlite-only";
import { exitRightAfter } from "@/tests/support/store-exit";

/**
 * Entry rows written behind a burst (lib/server/write-behind.ts, SQLite): a batch gets its seqs at
 * once and its rows are written when the burst ends, and always before anything reads or writes the
 * entries table, before an explicit transaction, on flush, close and exit. SQLite's only: skipped
 * when the tests' stores are on PostgreSQL (there entries are written row by row, at once).
 */
let dir: string;
let store: Store;

const batch = (n: number, from = 0, connectionId = "c1"): EntryWrite[] =>
  Array.from({ length: n }, (_, i) => ({ entry: messageToRecord({ n: from + i }, connectionId) }));
/** Rows in the file, read past the store's guard: what is written, not what Loupe's readers see. */
const writtenRows = () => Number((sqliteOf(store).prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number }).n);
/** Rows another process sees: committed ones. */
const committedRows = () => {
  const other = new Database(path.join(dir, "loupe.db"), { readonly: true });
  try {
    return Number((other.prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number }).n);
  } finally {
    other.close();
  }
};

describe.skipIf(storesOnPostgres)("entries written behind a burst", () => {
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "loupe-behind-"));
    store = openStore(dir);
    expect(store.engine.kind).toBe("sqlite");
  });

  afterEach(() => {
    vi.useRealTimers();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("get their seqs at once, are queued, and every read of the entries table sees them", () => {
    store.insertEntry(messageToRecord({ before: true }));
    const written = store.insertEntries(batch(10)).map((w) => w.entry.seq);
    expect(written).toEqual(Array.from({ length: 10 }, (_, i) => 2 + i));
    expect(writtenRows()).toBe(1);
    expect(store.getEntry(11)?.raw).toEqual({ n: 9 });
    expect(writtenRows()).toBe(11);
    expect(store.entriesAfter(0, 100).map((e) => e.seq)).toEqual(Array.from({ length: 11 }, (_, i) => 1 + i));
  });

  it("take a single entry whose recorder says a burst follows (a relay's request): no transaction opens before the burst ends", () => {
    const [request] = store.insertEntries(batch(1), { burst: true });
    expect(request?.entry.seq).toBe(1);
    // Before: written at once, in a group commit opened for it, whose COMMIT then fell 5 ms later
    // inside the stream's first read (the agent's first frame waited for it).
    expect(writtenRows()).toBe(0);
    expect(sqliteOf(store).inTransaction).toBe(false);
    const frames = store.insertEntries(batch(3, 1)).map((w) => w.entry.seq);
    expect(frames).toEqual([2, 3, 4]);
    expect(store.entriesAfter(0, 10).map((e) => e.raw)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
    // Without it (one call's entry), a single entry with nothing waiting is written at once: queuing it
    // would check the room and read the last seq for every call.
    store.insertEntries(batch(1, 9));
    expect(writtenRows()).toBe(5);
  });

  it("take an A2A exchange's request and first frame through the hub as a burst", async () => {
    const { Hub } = await import("@/lib/server/hub");
    const { A2aWire } = await import("@/lib/server/a2a/wire");
    const hub = new Hub(store);
    const wire = new A2aWire(hub, { agentId: "agent", exchangeId: "x1", transport: "JSONRPC" });
    wire.record("a2a_stream", "local", { exchangeId: "x1", event: "open", method: "SendStreamingMessage" });
    wire.frame('{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[]}}}');
    expect(writtenRows()).toBe(0);
    expect(sqliteOf(store).inTransaction).toBe(false);
    expect(store.entriesAfter(0, 10).map((e) => e.kind)).toEqual(["a2a_stream", "a2a_frame"]);
    hub.close();
  });

  it("keep the order of a single entry written while they wait: it joins them, after them", () => {
    const queued = store.insertEntries(batch(5)).map((w) => w.entry.seq);
    const single = store.insertEntry(messageToRecord({ single: true }));
    expect(single.seq).toBe(queued[4]! + 1);
    expect(writtenRows()).toBe(0);
    const more = store.insertEntries(batch(3, 5)).map((w) => w.entry.seq);
    expect(more[0]).toBe(single.seq + 1);
    const rows = store.entriesAfter(0, 100);
    expect(rows.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[5]!.raw).toEqual({ single: true });
  });

  it("are not written by a statement on another table", () => {
    store.insertEntries(batch(4));
    store.db
      .prepare("INSERT INTO answer_claims (source, request_id, round, answered_by, answered_at) VALUES ('s', 'r', '', 'me', 1)")
      .run();
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM answer_claims").get()).toEqual({ n: 1 });
    expect(writtenRows()).toBe(0);
    // A word that only contains the table's name is another table.
    expect(() => store.db.prepare("SELECT * FROM entries_elsewhere").all()).toThrow(/no such table/);
    expect(writtenRows()).toBe(0);
  });

  it(`are written once the burst has been quiet ${BEHIND_QUIET_MS} ms, and within ${BEHIND_MAX_MS} ms however long it goes on`, () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    store.insertEntries(batch(3));
    vi.advanceTimersByTime(BEHIND_QUIET_MS - 1);
    store.insertEntries(batch(3, 3));
    vi.advanceTimersByTime(BEHIND_QUIET_MS - 1);
    expect(writtenRows()).toBe(0);
    vi.advanceTimersByTime(BEHIND_QUIET_MS + 1);
    expect(writtenRows()).toBe(6);
    // A burst that never pauses.
    let elapsed = 0;
    while (writtenRows() === 6 && elapsed < 4 * BEHIND_MAX_MS) {
      store.insertEntries(batch(2, 100 + elapsed));
      vi.advanceTimersByTime(1);
      elapsed += 1;
    }
    expect(elapsed).toBeGreaterThanOrEqual(BEHIND_MAX_MS - BEHIND_QUIET_MS);
    expect(elapsed).toBeLessThanOrEqual(BEHIND_MAX_MS + BEHIND_QUIET_MS);
  });

  it(`are written at once past ${BEHIND_MAX_BYTES / 1024 / 1024} MiB queued`, () => {
    const big = "x".repeat(256 * 1024);
    const writes = (n: number) => Array.from({ length: n }, () => ({ entry: messageToRecord({ big }) }));
    store.insertEntries(writes(8));
    expect(writtenRows()).toBe(0);
    store.insertEntries(writes(9));
    expect(writtenRows()).toBe(17);
  });

  it("are written before an explicit transaction begins, so its rollback takes none of them", () => {
    store.insertEntries(batch(4));
    const failing = store.db.transaction(() => {
      // Inside it an entry batch is written at once and rolls back with it, as before.
      store.insertEntries(batch(2, 50));
      expect(writtenRows()).toBe(6);
      throw new Error("undone");
    });
    expect(failing).toThrow("undone");
    expect(writtenRows()).toBe(4);
    store.flush();
    expect(committedRows()).toBe(4);
    // The next burst starts after the highest seq SQLite ever gave (the rolled-back ones included or not, never reused).
    const next = store.insertEntries(batch(2, 60)).map((w) => w.entry.seq);
    expect(next[0]).toBeGreaterThan(4);
    expect(new Set(store.entriesAfter(0, 100).map((e) => e.seq)).size).toBe(6);
  });

  it("are written before a call row and its entry written together (Store.grouped), which are written at once", () => {
    store.insertEntries(batch(4));
    const single = store.grouped(() => {
      callStore(store).save(finishedCall("x"));
      return store.insertEntry(messageToRecord({ result: true }));
    });
    expect(single.seq).toBe(5);
    expect(writtenRows()).toBe(5);
    expect(callStore(store).get("x")?.status).toBe("ok");
  });

  it("are written and committed by flush() and by close(), where another process sees them", () => {
    store.insertEntries(batch(5));
    expect(committedRows()).toBe(0);
    store.flush();
    expect(committedRows()).toBe(5);
    store.insertEntries(batch(5, 5));
    store.close();
    expect(committedRows()).toBe(10);
    store = openStore(dir);
    expect(store.insertEntries(batch(2, 10))[0]!.entry.seq).toBe(11);
  });

  it("are written at once with less room than the queue's bound (a queued row must not fail for room)", () => {
    const db = sqliteOf(store);
    const pageSize = Number(db.pragma("page_size", { simple: true }));
    const pages = Number(db.pragma("page_count", { simple: true }));
    db.pragma(`max_page_count = ${pages + Math.floor(BEHIND_MAX_BYTES / pageSize)}`);
    store.insertEntries(batch(3));
    expect(writtenRows()).toBe(3);
    db.pragma("max_page_count = 1073741823");
    store.insertEntries(batch(3, 3));
    expect(writtenRows()).toBe(3);
  });

  it("are written at once beside a second store on the same file (a restarted Loupe in tests)", () => {
    const second = openStore(dir);
    try {
      store.insertEntries(batch(3));
      second.insertEntries(batch(3, 3));
      expect(writtenRows()).toBe(6);
    } finally {
      second.close();
    }
  });

  it("are written before a second store opens on the same file: its first entry comes after them", () => {
    const queued = store.insertEntries(batch(3)).map((w) => w.entry.seq);
    expect(writtenRows()).toBe(0);
    const second = openStore(dir);
    try {
      // Before: the second store's INSERT took seq 1, which the page already had for the first
      // batch's first row; that row's write then failed on the key and was lost.
      expect(second.insertEntry(messageToRecord({ second: true })).seq).toBe((queued.at(-1) ?? 0) + 1);
      expect(writtenRows()).toBe(4);
    } finally {
      second.close();
    }
  });

  it("are written when the process exits right after them", () => {
    store.close();
    const entry = JSON.stringify(messageToRecord({ last: true }));
    const run = exitRightAfter(dir, `const entry = ${entry}; store.insertEntries([{ entry }, { entry }, { entry }]);`);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(committedRows()).toBe(3);
    store = openStore(dir);
  });
});
