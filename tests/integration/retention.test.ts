import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { adkSessionKey } from "@/lib/contracts/agents";
import { sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { AgentStore } from "@/lib/server/adk/agent-store";
import { pendingTraffic, PRUNE_BY_AGE_SQL, PRUNE_TO, pruneTraffic, retentionFromEnv } from "@/lib/server/retention";
import { Retention, startRetention } from "@/lib/server/retention-run";
import type { Keep } from "@/lib/server/retention";
import { getStore, openStore, UNRECORDED_SEQ } from "@/lib/server/store";
import type { NewEntry, Store } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";
import { storesOnPostgres } from "@/tests/support/sqlite-only";
import { callStore } from "@/lib/server/mcp/call-store";
import { connectionTable } from "@/lib/server/mcp/connection-store";

const DAY = 24 * 60 * 60 * 1000;
const dirs: { cleanup: () => void }[] = [];
const stores: Store[] = [];

function freshStore(): Store {
  const d = tempDir("loupe-retention-");
  dirs.push(d);
  const store = openStore(d.dir);
  stores.push(store);
  return store;
}

const mcp = (receivedAt: number, connectionId = "c1", bytes = 10): NewEntry => ({
  connectionId,
  sessionKey: null,
  receivedAt,
  sourceTime: null,
  direction: "in",
  protocol: "mcp",
  kind: "message",
  raw: { jsonrpc: "2.0", method: "notifications/message", params: { pad: pad(bytes) } },
});

/** `bytes` characters that do not compress (PostgreSQL compresses a large value: "x"s took a tenth of their size). */
function pad(bytes: number): string {
  return randomBytes(Math.ceil(bytes / 2))
    .toString("hex")
    .slice(0, bytes);
}

const seqs = (store: Store): number[] => store.entriesAfter(0, 1_000_000).map((e) => e.seq);

const connection: ConnectionConfig = {
  id: "c1",
  name: "one",
  transport: "http",
  url: "http://127.0.0.1:1/mcp",
  headers: {},
  requestTimeoutMs: 1000,
  createdAt: 1,
};
const oldCall: CallRecord = {
  id: "call-1",
  connectionId: "c1",
  tool: "echo",
  args: {},
  requestId: 1,
  startedAt: 1,
  endedAt: 2,
  timeoutMs: 1000,
  status: "ok",
};

afterEach(() => vi.useRealTimers());
afterAll(() => {
  for (const s of stores) s.close();
  for (const d of dirs) d.cleanup();
});

describe("retention settings", () => {
  it("reads LOUPE_RETENTION_DAYS / LOUPE_RETENTION_MB, 0 or off disables, a bad value keeps the default", () => {
    expect(retentionFromEnv({})).toEqual({ maxAgeDays: 30, maxMb: 1024 });
    expect(retentionFromEnv({ LOUPE_RETENTION_DAYS: "7", LOUPE_RETENTION_MB: "512" })).toEqual({ maxAgeDays: 7, maxMb: 512 });
    expect(retentionFromEnv({ LOUPE_RETENTION_DAYS: "0", LOUPE_RETENTION_MB: "off" })).toEqual({ maxAgeDays: null, maxMb: null });
    const warn = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(retentionFromEnv({ LOUPE_RETENTION_DAYS: "soon\n[loupe] forged" })).toEqual({ maxAgeDays: 30, maxMb: 1024 });
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[loupe\] LOUPE_RETENTION_DAYS ignored: .*soon\\n\[loupe\] forged/);
    warn.mockRestore();
  });
});

describe("pruning old traffic", () => {
  // SQLite's query plan (the switch to PostgreSQL skips it: tests/support/sqlite-only.ts).
  it.skipIf(storesOnPostgres)("by age searches an index instead of reading the whole table every hour", () => {
    // Entries hold their raw text inline: a full scan reads the whole file (about 0.4 s of a
    // blocked event loop per GB measured, hourly, even when nothing is old enough to go).
    const store = freshStore();
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${PRUNE_BY_AGE_SQL}`).all({ cutoff: 0, sessions: "[]", since: "{}" }) as {
      detail: string;
    }[];
    const outer = plan.map((p) => p.detail).find((d) => / entries\b/.test(d));
    expect(outer).toMatch(/^SEARCH entries USING (COVERING )?INDEX \w+ \(received_at<\?\)/);
  });

  it("by age: old entries go with old call rows; connections, recent calls and recent traffic stay", () => {
    const store = freshStore();
    const now = Date.now();
    connectionTable(store).save(connection);
    callStore(store).save(oldCall);
    callStore(store).save({ ...oldCall, id: "call-2", startedAt: now - DAY, endedAt: now - DAY + 1 });
    for (let i = 0; i < 5; i++) store.insertEntry(mcp(now - 40 * DAY + i));
    for (let i = 0; i < 3; i++) store.insertEntry(mcp(now - DAY + i));
    expect(pruneTraffic(store, { maxAgeDays: 30, maxMb: null }, undefined, now)).toMatchObject({ byAge: 5, bySize: 0, records: 1 });
    expect(seqs(store)).toEqual([6, 7, 8]);
    expect(connectionTable(store).get("c1")).toMatchObject({ id: "c1" });
    expect(callStore(store).get("call-1")).toBeUndefined();
    expect(callStore(store).get("call-2")).toMatchObject({ status: "ok" });
    // New entries keep counting up: a browser resuming by seq never sees an id twice.
    expect(store.insertEntry(mcp(now)).seq).toBe(9);
  });

  it("by size: the oldest go until the store is back under its cap, measured and reclaimed on disk; the newest stay", () => {
    const store = freshStore();
    const now = Date.now();
    for (let i = 0; i < 300; i++) store.insertEntry(mcp(now + i, "c1", 10_000));
    const cap = 2 * 1024 * 1024;
    const result = pruneTraffic(store, { maxAgeDays: null, maxMb: 2 }, undefined, now);
    // Measured on the store itself (pages in use + WAL), not on the entries' raw bytes.
    expect(result.bytesBefore).toBeGreaterThan(3_000_000);
    expect(result.bytesAfter).toBeLessThanOrEqual(cap * PRUNE_TO);
    expect(result.underCap).toBe(true);
    // The freed pages went back to the disk (incremental vacuum), not only to the file's free list
    // (SQLite's file; PostgreSQL keeps its files and reuses the space).
    const onDisk = (f: string): number => statSync(f, { throwIfNoEntry: false })?.size ?? 0;
    if (!storesOnPostgres) expect(onDisk(store.file) + onDisk(`${store.file}-wal`)).toBeLessThanOrEqual(cap * PRUNE_TO);
    expect(seqs(store).length).toBeGreaterThan(30);
    expect(result.bySize).toBe(300 - seqs(store).length);
    expect(seqs(store).at(-1)).toBe(300);
  });

  it("pauses recording when the store is over its cap and all of it is kept, and resumes once the request is answered", () => {
    const store = freshStore();
    const now = Date.now();
    for (let i = 0; i < 200; i++) store.insertEntry(mcp(now + i, "c1", 10_000));
    let keep: Keep = { pendingSince: { c1: 0 } };
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const retention = new Retention(store, { maxAgeDays: null, maxMb: 1 }, () => keep);
    expect(retention.run("start")).toBe(false);
    expect(store.recording.state()).toMatchObject({ state: "paused", reason: "cap_full" });
    expect(retention.figure().recording).toMatchObject({ state: "paused", reason: "cap_full" });
    expect(store.insertEntry(mcp(now, "c2")).seq).toBe(UNRECORDED_SEQ);
    keep = {};
    expect(retention.run("interval")).toBe(true);
    expect(store.recording.state()).toEqual({ state: "recording" });
    expect(store.insertEntry(mcp(now, "c2")).seq).toBeGreaterThan(200);
    expect(log.mock.calls.map((c) => String(c[0])).filter((l) => /recording (paused|resumed)/.test(l))).toHaveLength(2);
    log.mockRestore();
  });

  it("keeps what a pending MCP request still needs: its connection's traffic since the request", () => {
    const store = freshStore();
    const now = Date.now();
    store.insertEntry(mcp(now - 50 * DAY, "c1"));
    const since = now - 45 * DAY;
    store.insertEntry(mcp(since, "c1"));
    store.insertEntry(mcp(now - 44 * DAY, "c1"));
    store.insertEntry(mcp(now - 44 * DAY, "c2"));
    pruneTraffic(store, { maxAgeDays: 30, maxMb: null }, { adkSessions: [], pendingSince: { c1: since } }, now);
    expect(seqs(store)).toEqual([2, 3]);
  });

  it("at start and then hourly, keeping an ADK session whose confirmation is still pending", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    const data = tempDir("loupe-retention-live-");
    dirs.push(data);
    process.env.LOUPE_DATA_DIR = data.dir;
    const store = getStore();
    new AgentStore(store).saveServer({ id: "agent-a", name: "A", url: "http://127.0.0.1:9/", headers: {}, userId: "user", createdAt: 1 });
    const now = Date.now();
    const adk = (sessionId: string, raw: unknown, receivedAt: number): number =>
      store.insertEntry({
        connectionId: "agent-a",
        sessionKey: adkSessionKey("app", "user", sessionId),
        receivedAt,
        sourceTime: null,
        direction: "in",
        protocol: "adk",
        kind: "event",
        raw,
      }).seq;
    const pending = sseEvents("21").map((ev) => adk("s-pending", ev, now - 40 * DAY));
    expect(pending.length).toBeGreaterThan(0);
    const done = adk(
      "s-done",
      { id: "e1", invocationId: "i1", author: "model", content: { role: "model", parts: [{ text: "hi" }] } },
      now - 40 * DAY,
    );
    const oldMcp = store.insertEntry(mcp(now - 31 * DAY)).seq;
    const aging = store.insertEntry(mcp(now - 30 * DAY + 30 * 60 * 1000)).seq; // 29.98 days old
    const fresh = store.insertEntry(mcp(now)).seq;

    // The real inbox, rebuilt from the store, says which sessions are still answerable.
    expect(pendingTraffic().adkSessions).toEqual([`agent-a\n${adkSessionKey("app", "user", "s-pending")}`]);
    const stop = startRetention(store, pendingTraffic, { maxAgeDays: 30, maxMb: null });
    try {
      expect(seqs(store)).toEqual([...pending, aging, fresh]);
      expect(seqs(store)).not.toContain(done);
      expect(seqs(store)).not.toContain(oldMcp);
      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(seqs(store)).toEqual([...pending, fresh]);
    } finally {
      stop();
    }
  });
});
