import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { Store } from "@/lib/server/store";
import { ACQUIRE_LEASE, Leases } from "@/lib/server/cluster/leases";
import { Mailbox, MAILBOX_CAP, MailboxFullError } from "@/lib/server/cluster/mailbox";
import { GONE_AFTER_MS, Instances } from "@/lib/server/cluster/instances";
import { pgStatement } from "@/lib/server/sql/pg-dialect";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Two Loupe instances on one database (issue 25), as two Stores on the same SQLite file or the same
 * PostgreSQL database: leases on upstream resources, messages between instances, the instance list.
 */

const backends = storeBackends();
const postgres = backends.find((backend) => backend.name === "PostgreSQL");

describe.each(backends)("two instances on one $name database", (backend) => {
  let a: Store;
  let b: Store;
  let clock = 1_000_000;
  const now = () => clock;
  beforeEach(() => {
    // The same database opened twice: what two instances see.
    a = backend.open();
    b = backend.open(true);
    clock = 1_000_000;
  });
  afterEach(() => {
    a.close();
    b.close();
  });

  it("lets one instance hold a lease; the other takes it over only once it lapsed", () => {
    const leaseA = new Leases(a, "A", now);
    const leaseB = new Leases(b, "B", now);
    expect(leaseA.acquire("mcp:stdio-1", 10_000)).toMatchObject({ held: true, tookOver: null, holder: { owner: "A" } });
    expect(leaseB.acquire("mcp:stdio-1", 10_000)).toMatchObject({ held: false, holder: { owner: "A", lapsed: false } });
    clock += 9_000;
    expect(leaseA.renew("mcp:stdio-1", 10_000)).toBe(true);
    clock += 9_000;
    expect(leaseB.acquire("mcp:stdio-1", 10_000).held).toBe(false);
    clock += 2_000; // A went quiet: its lease lapsed 19 000 ms after the renewal
    const taken = leaseB.acquire("mcp:stdio-1", 10_000);
    expect(taken).toMatchObject({ held: true, tookOver: "A", holder: { owner: "B", takenAt: clock } });
    expect(leaseA.renew("mcp:stdio-1", 10_000)).toBe(false);
    expect(leaseA.heldBy("B")).toEqual(["mcp:stdio-1"]);
    leaseB.release("mcp:stdio-1");
    expect(leaseA.holder("mcp:stdio-1")).toBeNull();
  });

  it("keeps the time a lease was taken across renewals by its owner", () => {
    const leaseA = new Leases(a, "A", now);
    leaseA.acquire("tap:t1", 5_000);
    clock += 3_000;
    expect(leaseA.acquire("tap:t1", 5_000)).toMatchObject({ held: true, tookOver: null, holder: { takenAt: 1_000_000 } });
  });

  it("hands each message to its recipient once, oldest first, and bounds what waits", () => {
    const fromB = new Mailbox(b, "B", now);
    const toA = new Mailbox(a, "A", now);
    fromB.send("A", "answer", { requestId: "r1", value: 1 });
    fromB.send("A", "answer", { requestId: "r2", value: 2 });
    fromB.send("C", "answer", { requestId: "r3" });
    const taken = toA.take();
    expect(taken.map((m) => [m.sender, m.kind, m.body])).toEqual([
      ["B", "answer", { requestId: "r1", value: 1 }],
      ["B", "answer", { requestId: "r2", value: 2 }],
    ]);
    expect(toA.take()).toEqual([]);
    expect(fromB.discardFor("C")).toBe(1);
  });

  it("lists the instances, and one that stopped writing its heartbeat is gone", () => {
    const one = new Instances(a, "127.0.0.1:6001", now, "A");
    clock += 1_000;
    const two = new Instances(b, "127.0.0.1:6002", now, "B");
    expect(two.list().map((i) => [i.id, i.alive, i.self])).toEqual([
      ["A", true, false],
      ["B", true, true],
    ]);
    clock += GONE_AFTER_MS;
    two.heartbeat();
    expect(two.isAlive("A")).toBe(false);
    expect(two.isAlive("B")).toBe(true);
    one.leave();
    expect(two.list().map((i) => i.id)).toEqual(["B"]);
  });
});

describe("the mailbox's bound", () => {
  it("refuses a message past the cap in words, naming the instance that does not read", () => {
    const store = backends[0]!.open();
    try {
      const box = new Mailbox(store, "B");
      const insert = store.db.prepare(
        "INSERT INTO cluster_messages (recipient, sender, kind, body, created_at) VALUES ('A', 'B', 'answer', 'null', 0)",
      );
      store.db.transaction(() => {
        for (let i = 0; i < MAILBOX_CAP; i++) insert.run();
      })();
      expect(() => box.send("A", "answer", {})).toThrow(MailboxFullError);
      expect(() => box.send("A", "answer", {})).toThrow(/instance A has 10000 messages it has not read/);
    } finally {
      store.close();
    }
  });
});

/** The part of node-postgres this test drives by hand (pg ships no types; @types/pg is not installed). */
interface RawPg {
  Client: new (options: { connectionString: string }) => {
    connect(): Promise<void>;
    query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>;
    end(): Promise<void>;
  };
}

describe.skipIf(!postgres)("a lapsed lease raced by two connections at once (PostgreSQL)", () => {
  it("is taken by exactly one of them, every time", async () => {
    const place = postgres!.place();
    const url = place.url!;
    const store = new Store(place.dir, { databaseUrl: url });
    new Leases(store, "setup"); // creates the table
    store.close();
    const pg: RawPg = createRequire(import.meta.url)("pg");
    const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all(clients.map((c) => c.connect()));
    const acquire = pgStatement(ACQUIRE_LEASE, new Map()).text;
    try {
      for (let round = 0; round < 100; round++) {
        const resource = `r${round}`;
        await clients[0]!.query(acquire, [resource, "old", 0, 0, 0]);
        const now = 1_000 + round;
        const results = await Promise.all(clients.map((c, i) => c.query(acquire, [resource, `I${i}`, now + 10_000, now, now])));
        // One write took the lease; the other found it no longer lapsed and changed nothing.
        expect(results.map((r) => r.rowCount).sort()).toEqual([0, 1]);
        const winner = results.findIndex((r) => r.rowCount === 1);
        const rows = await clients[0]!.query("SELECT owner FROM cluster_leases WHERE resource = $1", [resource]);
        expect(rows.rows).toEqual([{ owner: `I${winner}` }]);
      }
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  }, 60_000);
});
