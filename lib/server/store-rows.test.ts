import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore } from "@/lib/server/store";
import { sqliteOf } from "@/lib/server/sql/sqlite-engine";
import { storesOnPostgres } from "@/tests/support/sqlite-only";
import type { NewEntry, Store } from "@/lib/server/store";

/**
 * A batch of entries (an A2A relay's frames of one read) is one multi-row INSERT on SQLite
 * (issue 23): each entry still gets its own seq, in order, consecutive, and reads back as written,
 * interleaved with single writes and across the 64-row split.
 */
let dir: string;
let store: Store;

const entry = (n: number): NewEntry => ({
  connectionId: "a2a:agent",
  sessionKey: "ctx",
  receivedAt: n,
  sourceTime: null,
  direction: "in",
  protocol: "a2a",
  kind: "a2a_frame",
  raw: { n, text: "x".repeat(n % 7) },
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-store-rows-"));
  store = openStore(dir);
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Store.insertEntries", () => {
  it("gives a batch's entries consecutive seqs in order, each read back as written", () => {
    const single = store.insertEntry(entry(0));
    const batch = store.insertEntries([1, 2, 3].map((n) => ({ entry: entry(n) })));
    const after = store.insertEntry(entry(4));
    expect(batch.map((b) => b.entry.seq)).toEqual([single.seq + 1, single.seq + 2, single.seq + 3]);
    expect(after.seq).toBe(single.seq + 4);
    for (const { entry: written, rawText } of batch) {
      const read = store.getEntry(written.seq);
      expect(read?.raw).toEqual(written.raw);
      expect(read?.rawBytes).toBe(Buffer.byteLength(rawText));
    }
  });

  it("keeps order and seqs over a batch larger than one INSERT's 64 rows, and a raw given as text", () => {
    const writes = Array.from({ length: 150 }, (_, i) => ({ entry: entry(i), ...(i === 70 ? { rawText: '{"n":70,"as":"sent"}' } : {}) }));
    const stored = store.insertEntries(writes);
    const seqs = stored.map((s) => s.entry.seq);
    expect(seqs).toEqual(Array.from({ length: 150 }, (_, i) => seqs[0]! + i));
    const read = store.entriesAfter(seqs[0]! - 1, 200);
    expect(read.map((e) => e.seq)).toEqual(seqs);
    expect(read.map((e) => (e.raw as { n: number }).n)).toEqual(Array.from({ length: 150 }, (_, i) => i));
    expect(read[70]?.raw).toEqual({ n: 70, as: "sent" });
    store.flush();
    expect(store.entriesAfter(0, 500)).toHaveLength(150);
  });

  it.skipIf(storesOnPostgres)("writes a batch again, each row under its seq, when a failed write rolled the group commit back", () => {
    const batch = store.insertEntries([1, 2, 3].map((n) => ({ entry: entry(n) })));
    const sqlite = sqliteOf(store);
    sqlite.pragma(`max_page_count = ${String(sqlite.pragma("page_count", { simple: true }))}`);
    expect(() =>
      store.db.prepare("INSERT INTO connections (id, config, created_at) VALUES ('big', ?, 1)").run("x".repeat(200_000)),
    ).toThrow(/full/);
    sqlite.pragma("max_page_count = 1073741823");
    store.flush();
    for (const { entry: written } of batch) expect(store.getEntry(written.seq)?.raw).toEqual(written.raw);
    expect(store.entriesAfter(0, 10).map((e) => e.seq)).toEqual(batch.map((b) => b.entry.seq));
  });
});
