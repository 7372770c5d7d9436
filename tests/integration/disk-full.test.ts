import { afterAll, describe, expect, it, vi } from "vitest";
import { sqliteOf } from "@/lib/server/sql/sqlite-engine";
import { storesOnPostgres } from "@/tests/support/sqlite-only";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import { StorageFigure } from "@/lib/contracts/storage";
import { getRegistry } from "@/lib/server/mcp/registry";
import { RECORDING_RETRY_MS } from "@/lib/server/recording-gate";
import { startRetention } from "@/lib/server/retention-run";
import { getStore } from "@/lib/server/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as connections from "@/app/api/connections/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";
import * as storage from "@/app/api/storage/route";

/**
 * Issue 22, disk full: a write that fails for lack of room stops recording (one log line, a banner
 * through GET /api/storage), Loupe keeps serving and keeps the live connection (a real
 * server-everything over stdio), and recording resumes by itself after a prune. A full disk is
 * simulated with `PRAGMA max_page_count` (SQLite answers SQLITE_FULL exactly as on ENOSPC).
 */
const data = tempDir("loupe-disk-full-");
process.env.LOUPE_DATA_DIR = data.dir;
let stop = (): void => undefined;

afterAll(async () => {
  vi.useRealTimers();
  stop();
  await getRegistry().closeAll();
  data.cleanup();
});

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (url: string, body: unknown) =>
  new Request(base + url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const figure = async (): Promise<StorageFigure> => {
  const res = await storage.GET();
  expect(res.status).toBe(200);
  return StorageFigure.parse(await res.json());
};
const entries = (): number => (getStore().db.prepare("SELECT COUNT(*) AS n FROM entries").get() as { n: number }).n;
const MiB = 1024 * 1024;

// A full disk is simulated with SQLite's page limit: skipped when the stores run on PostgreSQL (tests/support/sqlite-only.ts).
describe.skipIf(storesOnPostgres)("the store's figure and a full disk (real server-everything over stdio)", () => {
  let id = "";
  const echo = async (message: string): Promise<CallRecord> => {
    const res = await toolsCall.POST(post(`/api/connections/${id}/tools/call`, { name: "echo", arguments: { message } }), ctx({ id }));
    expect(res.status).toBe(200);
    return (await res.json()) as CallRecord;
  };

  it("GET /api/storage answers the store's size on disk, its cap, the oldest entry kept and the prune at start", async () => {
    const store = getStore();
    // Old traffic to prune later: 6 MiB of a connection that is gone.
    for (let i = 0; i < 120; i++) {
      store.insertEntry({
        connectionId: "gone",
        sessionKey: null,
        receivedAt: 1_000 + i,
        sourceTime: null,
        direction: "in",
        protocol: "mcp",
        kind: "message",
        raw: { pad: "x".repeat(50_000) },
      });
    }
    stop = startRetention(store, () => ({}), { maxAgeDays: null, maxMb: 64 });
    const res = await connections.POST(post("/api/connections", stdioInput("everything", [EVERYTHING, "stdio"])));
    expect(res.status).toBe(201);
    id = ((await res.json()) as ConnectionView).id;
    expect((await echo("hello")).status).toBe("ok");

    const f = await figure();
    const size = store.engine.size();
    expect(f.capBytes).toBe(64 * MiB);
    expect(f.usedBytes).toBeGreaterThan(6 * MiB);
    expect(f.usedBytes).toBe(size.usedBytes + size.walBytes);
    expect(f.fileBytes + f.walBytes).toBeGreaterThan(6 * MiB);
    expect(f.oldestEntryAt).toBe(1_000);
    expect(f.lastPrune).toMatchObject({ trigger: "start", entries: 0 });
    expect(f.recording).toEqual({ state: "recording" });
  });

  it("stops recording when the store is full, with one log line; the connection keeps answering", async () => {
    const store = getStore();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    store.flush();
    sqliteOf(store).pragma(`max_page_count = ${String(sqliteOf(store).pragma("page_count", { simple: true }))}`);
    const before = entries();
    // A large echo needs new pages: SQLITE_FULL. Every call after it is still answered.
    expect((await echo("y".repeat(200_000))).status).toBe("ok");
    for (let i = 0; i < 30; i++) expect((await echo(`still here ${i}`)).status).toBe("ok");
    store.flush();
    expect(entries()).toBeLessThanOrEqual(before + 4);
    expect(getRegistry().get(id)?.state.status).toBe("connected");

    const lines = log.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.includes("recording paused"))).toHaveLength(1);
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(lines.find((l) => l.includes("recording paused"))).toMatch(/the store cannot grow .*full/);

    const f = await figure();
    expect(f.recording).toMatchObject({ state: "paused", reason: "store_full" });
    log.mockRestore();
  });

  it("resumes by itself: the retry prunes the oldest traffic, finds room, and the next call is recorded again", async () => {
    const store = getStore();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.advanceTimersByTime(RECORDING_RETRY_MS);
    vi.useRealTimers();
    const f = await figure();
    expect(f.recording).toEqual({ state: "recording" });
    expect(f.lastPrune).toMatchObject({ trigger: "retry" });
    expect(f.lastPrune?.entries).toBeGreaterThan(0);
    expect(log.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("recording resumed"))).toHaveLength(1);

    const before = entries();
    const call = await echo("recorded again");
    store.flush();
    expect(entries()).toBeGreaterThan(before);
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM calls WHERE id = ?").get(call.id)).toEqual({ n: 1 });
    sqliteOf(store).pragma("max_page_count = 1073741823");
    log.mockRestore();
  });
});
