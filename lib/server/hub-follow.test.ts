import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { Hub } from "@/lib/server/hub";
import { messageToRecord } from "@/tests/support/entries";
import { REPLAY_PAGE } from "@/lib/server/hub-follow";
import { PgSync } from "@/lib/server/sql/pg-sync";
import type { Store } from "@/lib/server/store";
import { INSERT_ENTRY } from "@/lib/server/store-rows";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Two hubs on one shared PostgreSQL store (issue 25: live updates reach every browser whatever
 * instance it is connected to): what one records reaches the other's subscribers, in seq order,
 * none missed, none twice, with a resume after any seq, a long backlog read page by page, and a
 * dropped LISTEN connection made up for. (Two processes: tests/integration/instances-stream.test.ts.)
 */

const postgres = storeBackends().find((backend) => backend.name === "PostgreSQL");

const entry = messageToRecord;

/** The seqs a subscriber after `after` gets, and each batch's size. */
function follow(hub: Hub, after = 0): { seqs: number[]; batches: number[]; raws: unknown[]; stop: () => void } {
  const seen = { seqs: [] as number[], batches: [] as number[], raws: [] as unknown[], stop: () => {} };
  seen.stop = hub.subscribeBatches(after, (entries: readonly Entry[]) => {
    seen.batches.push(entries.length);
    for (const e of entries) {
      seen.seqs.push(e.seq);
      seen.raws.push(e.raw);
    }
  });
  return seen;
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ascending = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe.runIf(postgres)("hubs of two instances on one PostgreSQL store", () => {
  let a: Store;
  let b: Store;
  let hubA: Hub;
  let hubB: Hub;
  beforeEach(() => {
    a = postgres!.open();
    b = postgres!.open(true);
    // No safety-net reads unless a test wants them: what arrives comes by notification.
    hubA = new Hub(a, { followEveryMs: 600_000 });
    hubB = new Hub(b, { followEveryMs: 600_000 });
  });
  afterEach(() => {
    hubA.close();
    hubB.close();
    a.close();
    b.close();
  });

  it("hands B's subscribers what A records, and both the same sequence when both record", async () => {
    const onA = follow(hubA);
    const onB = follow(hubB);
    await hubB.following();
    for (let i = 0; i < 10; i++) hubA.record(entry({ from: "A", i }));
    await until(() => onB.seqs.length === 10);
    expect(onB.raws).toEqual(ascending(10, 0).map((i) => ({ from: "A", i })));
    for (let i = 0; i < 40; i++) {
      (i % 3 === 0 ? hubB : hubA).record(entry({ i }));
      if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => onA.seqs.length === 50 && onB.seqs.length === 50);
    expect(onA.seqs).toEqual(ascending(50));
    expect(onB.seqs).toEqual(ascending(50));
    expect(onB.raws).toEqual(onA.raws);
  });

  it("resumes after any seq on B while A records: nothing missed, nothing twice", async () => {
    for (let i = 0; i < 30; i++) hubA.record(entry({ i }));
    const first = follow(hubB);
    await until(() => first.seqs.length === 30);
    first.stop();
    const resumed = follow(hubB, 17);
    for (let i = 30; i < 60; i++) {
      hubA.record(entry({ i }));
      if (i % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await until(() => resumed.seqs.length === 43);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resumed.seqs).toEqual(ascending(43, 18));
  });

  it("reads a long backlog another instance wrote page by page, never all at once", async () => {
    const onB = follow(hubB);
    await hubB.following();
    const pages: number[] = [];
    const read = b.entriesAfter.bind(b);
    b.entriesAfter = (after, limit, before) => {
      const page = read(after, limit, before);
      pages.push(page.length);
      return page;
    };
    // One synchronous burst on A: B hears of it only after, and is 1300 entries behind.
    for (let i = 0; i < 1300; i++) hubA.record(entry({ i }));
    await until(() => onB.seqs.length === 1300);
    expect(onB.seqs).toEqual(ascending(1300));
    expect(Math.max(...pages)).toBe(REPLAY_PAGE);
    expect(Math.max(...onB.batches)).toBeLessThanOrEqual(REPLAY_PAGE);
  });

  it("makes up for notifications lost while its LISTEN connection was down", async () => {
    const onB = follow(hubB);
    await hubB.following();
    hubA.record(entry({ i: 0 }));
    await until(() => onB.seqs.length === 1);
    // The listening backend is cut; what A records meanwhile notifies nobody on B.
    const admin = new PgSync(postgres!.place().url!.replace(/\/[^/]*$/, "/postgres"), "admin");
    try {
      const cut = admin.query("SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = 'loupe-listen'");
      expect(cut.rows.length).toBeGreaterThanOrEqual(1);
    } finally {
      admin.close();
    }
    for (let i = 1; i < 5; i++) hubA.record(entry({ i }));
    await until(() => onB.seqs.length === 5);
    expect(onB.seqs).toEqual(ascending(5));
    // Listening again: a later entry comes by notification as before.
    hubA.record(entry({ i: 5 }));
    await until(() => onB.seqs.length === 6);
    expect(onB.seqs).toEqual(ascending(6));
  });

  it("reads, on its slow timer, an entry committed without a notification", async () => {
    const timed = new Hub(b, { followEveryMs: 200 });
    try {
      const onTimed = follow(timed);
      await timed.following();
      // Written with no NOTIFY (an older Loupe, a notification lost in transit): only the timer finds it.
      a.db.prepare(INSERT_ENTRY).run("c1", null, 1, null, "in", "mcp", "message", "{}", 2);
      await until(() => onTimed.seqs.length === 1, 3000);
      expect(onTimed.seqs).toEqual([1]);
    } finally {
      timed.close();
    }
  });
});
