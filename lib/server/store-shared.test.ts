import { beforeEach, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import type { NewEntry, Store } from "@/lib/server/store";
import { callStore } from "@/lib/server/mcp/call-store";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import { answerClaimOf, claimAnswerOnce } from "@/lib/server/inbox/answer-claims";
import { PRUNE_TO, pruneTraffic } from "@/lib/server/retention";
import { cappedBytes } from "@/lib/server/store-size";
import { storeBackends, storePerTest } from "@/tests/support/store-backends";

/**
 * One suite for the store on both databases it runs on (issue 25): SQLite, the local mode's file,
 * and PostgreSQL, a real temporary cluster. The same calls must give the same answers on each.
 */

const entry = (connectionId: string, receivedAt: number, kind = "message", raw: unknown = { n: receivedAt }): NewEntry => ({
  connectionId,
  sessionKey: null,
  receivedAt,
  sourceTime: null,
  direction: "in",
  protocol: "mcp",
  kind,
  raw,
});

const config = (id: string, createdAt: number): ConnectionConfig => ({
  id,
  name: id,
  transport: "http",
  url: "http://127.0.0.1:1/mcp",
  headers: {},
  requestTimeoutMs: 1000,
  createdAt,
});

function call(id: string, connectionId: string, startedAt: number): CallRecord {
  return { id, connectionId, tool: "t", args: { a: 1 }, requestId: 1, startedAt, endedAt: startedAt + 1, timeoutMs: 1000, status: "ok" };
}

const backends = storeBackends();

describe.each(backends)("the store on $name", (backend) => {
  const current = storePerTest(backend);
  let store: Store;
  beforeEach(() => {
    store = current.store;
  });

  it("numbers entries in order and reads them back by seq, after a seq, and by connection and kind", () => {
    const a = store.insertEntry(entry("c1", 1));
    const b = store.insertEntry(entry("c2", 2, "notification"));
    const c = store.insertEntry(entry("c1", 3, "notification", { text: "é ✓ \u0000-free" }));
    store.flush();
    expect([b.seq - a.seq, c.seq - b.seq]).toEqual([1, 1]);
    expect(store.getEntry(c.seq)).toMatchObject({ connectionId: "c1", kind: "notification", raw: { text: "é ✓ \u0000-free" } });
    expect(store.entriesAfter(a.seq, 10).map((e) => e.seq)).toEqual([b.seq, c.seq]);
    expect(store.connectionEntries("c1", undefined, 10).map((e) => e.seq)).toEqual([a.seq, c.seq]);
    expect(store.connectionEntries("c1", c.seq, 10).map((e) => e.seq)).toEqual([a.seq]);
    expect(store.connectionEntriesOfKinds("c1", ["notification"], undefined, 10).map((e) => e.seq)).toEqual([c.seq]);
    expect(store.maxSeq()).toBe(c.seq);
  });

  it("commits hot writes together and keeps them all when the batch is flushed", () => {
    const seqs = Array.from({ length: 50 }, (_, i) => store.insertEntry(entry("c1", i)).seq);
    store.flush();
    expect(store.entriesAfter(0, 100).map((e) => e.seq)).toEqual(seqs);
  });

  it("saves a peer (an edit keeps its place in the list), lists it, and deletes it with its rows", () => {
    const table = connectionTable(store);
    table.save(config("one", 5));
    table.save(config("two", 6));
    table.save({ ...config("one", 99), name: "renamed" });
    callStore(store).save(call("k1", "one", 10));
    expect(table.list().map((c) => [c.id, c.name])).toEqual([
      ["one", "renamed"],
      ["two", "two"],
    ]);
    expect(callStore(store).get("k1")?.args).toEqual({ a: 1 });
    table.delete("one");
    expect(table.get("one")).toBeUndefined();
    expect(callStore(store).get("k1")).toBeUndefined();
  });

  it("prunes entries and answer claims older than the policy's age and keeps the recent ones", () => {
    const day = 24 * 60 * 60 * 1000;
    const now = 100 * day;
    store.insertEntry(entry("c1", now - 10 * day));
    const recent = store.insertEntry(entry("c1", now - day));
    store.flush();
    claimAnswerOnce(store, { source: "approval", requestId: "old" }, "Ada", now - 10 * day);
    claimAnswerOnce(store, { source: "approval", requestId: "new" }, "Ada", now - day);
    const result = pruneTraffic(store, { maxAgeDays: 7, maxMb: null }, undefined, now);
    expect(result.byAge).toBe(1);
    expect(answerClaimOf(store, { source: "approval", requestId: "old" })).toBeUndefined();
    expect(answerClaimOf(store, { source: "approval", requestId: "new" })?.answeredBy).toBe("Ada");
    expect(store.entriesAfter(0, 10).map((e) => e.seq)).toEqual([recent.seq]);
    expect(store.engine.size().usedBytes).toBeGreaterThan(0);
  });

  it("prunes by size down to its target, counting the bytes that are live (a DELETE does not shrink PostgreSQL's files)", () => {
    // Entries of 3 KB that do not compress: PostgreSQL keeps them out of line (TOAST), whose table a DELETE does not shrink either.
    const seqs = Array.from(
      { length: 1000 },
      (_, i) => store.insertEntry(entry("c1", 1_000 + i, "message", { i, filler: randomBytes(1500).toString("hex") })).seq,
    );
    store.flush();
    const used = store.engine.size().usedBytes;
    expect(used).toBeGreaterThan(1000 * 3000);
    // A cap a little under what the store holds: the prune goes down to PRUNE_TO of it, no further.
    const maxMb = (used * 0.8) / (1024 * 1024);
    const result = pruneTraffic(store, { maxAgeDays: null, maxMb }, undefined, 10_000);
    const left = store.entriesAfter(0, 2000).map((e) => e.seq);
    expect(result.bySize).toBe(seqs.length - left.length);
    expect(result.underCap).toBe(true);
    expect(cappedBytes(store.engine.size())).toBeLessThanOrEqual(maxMb * 1024 * 1024 * PRUNE_TO * 1.05);
    // The oldest went; about PRUNE_TO × 0.8 of the entries stay, not a handful.
    expect(left).toEqual(seqs.slice(seqs.length - left.length));
    expect(left.length).toBeGreaterThan(seqs.length * 0.4);
    expect(left.length).toBeLessThan(seqs.length * 0.6);
    // Nothing more goes while the store is under its cap.
    expect(pruneTraffic(store, { maxAgeDays: null, maxMb }, undefined, 10_000).bySize).toBe(0);
  });
});
