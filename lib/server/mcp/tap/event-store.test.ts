import { afterEach, describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { TapEventStore, TapReplayBudget, approxBytes } from "@/lib/server/mcp/tap/event-store";

/** The tap's resumption store is bounded in bytes (per session, per tap) and lets go of an answer read whole. */

const KiB = 1024;
const result = (id: number, bytes: number): JSONRPCMessage => ({
  jsonrpc: "2.0",
  id,
  result: { content: [{ type: "text", text: "x".repeat(bytes) }] },
});
const progress = (n: number): JSONRPCMessage => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params: { progressToken: 1, progress: n },
});

async function replayed(store: TapEventStore, lastEventId: string): Promise<string[]> {
  const ids: string[] = [];
  await store.replayEventsAfter(lastEventId, { send: async (id) => void ids.push(id) });
  return ids;
}

afterEach(() => {
  delete process.env.LOUPE_TAP_REPLAY_SESSION_BYTES;
  delete process.env.LOUPE_TAP_REPLAY_TAP_BYTES;
});

describe("TapEventStore", () => {
  it("measures a message about as its JSON", () => {
    const message = result(1, 10 * KiB);
    const exact = JSON.stringify(message).length;
    expect(approxBytes(message)).toBeGreaterThan(exact * 0.9);
    expect(approxBytes(message)).toBeLessThan(exact * 1.1);
  });

  it("keeps a session's events under its byte bound, the oldest going first", async () => {
    process.env.LOUPE_TAP_REPLAY_SESSION_BYTES = String(100 * KiB);
    const store = new TapEventStore();
    const ids: string[] = [];
    for (let i = 1; i <= 10; i++) ids.push(await store.storeEvent(`s${i}`, result(i, 30 * KiB)));
    expect(store.bytes).toBeLessThanOrEqual(100 * KiB);
    expect(store.size).toBe(3);
    // The newest stream still resumes; the oldest is gone.
    expect(await store.getStreamIdForEventId(ids[9]!)).toBe("s10");
    expect(await replayed(store, "s1_0")).toEqual([]);
  });

  it("does not keep an event larger than the session's bound (it is sent, not kept)", async () => {
    process.env.LOUPE_TAP_REPLAY_SESSION_BYTES = String(100 * KiB);
    const store = new TapEventStore();
    await store.storeEvent("s", progress(1));
    await store.storeEvent("s", result(1, 200 * KiB));
    expect(store.size).toBe(1);
    expect(store.bytes).toBeLessThan(KiB);
  });

  it("keeps all of a tap's sessions under the tap's bound, taking from the largest", async () => {
    process.env.LOUPE_TAP_REPLAY_SESSION_BYTES = String(100 * KiB);
    process.env.LOUPE_TAP_REPLAY_TAP_BYTES = String(150 * KiB);
    const budget = new TapReplayBudget();
    const a = new TapEventStore(budget);
    const b = new TapEventStore(budget);
    for (let i = 1; i <= 3; i++) await a.storeEvent(`a${i}`, result(i, 30 * KiB));
    for (let i = 1; i <= 3; i++) await b.storeEvent(`b${i}`, result(i, 30 * KiB));
    expect(budget.bytes()).toBeLessThanOrEqual(150 * KiB);
    expect(a.size + b.size).toBe(4);
    // A session that ends no longer counts.
    a.clear();
    expect(budget.bytes()).toBe(b.bytes);
  });

  it("drops a stream's events once its answer was written whole, and only that stream's", async () => {
    const store = new TapEventStore();
    await store.storeEvent("one", progress(0));
    await store.storeEvent("one", progress(1));
    await store.storeEvent("one", result(7, 4 * KiB));
    const other = await store.storeEvent("two", progress(2));
    expect(store.size).toBe(4);
    store.dropRequest(JSON.stringify(7));
    expect(store.size).toBe(1);
    expect(await store.getStreamIdForEventId(other)).toBe("two");
    expect(store.bytes).toBe(approxBytes(progress(2)));
  });
});
