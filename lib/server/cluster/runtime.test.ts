import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Store } from "@/lib/server/store";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";

/**
 * Two instances' runtimes on one SQLite file (the PostgreSQL side of each table: cluster.test.ts).
 * Their timers are not started: the test reads mailboxes and renews leases itself, on its own clock,
 * so a slow machine cannot let a lease lapse between two steps.
 */
const TTL = 15_000;
let clock = 0;

let dir: string;
let stores: Store[];
let runtimes: ClusterRuntime[];

function instance(id: string): ClusterRuntime {
  const store = new Store(dir);
  stores.push(store);
  const runtime = new ClusterRuntime(store, `127.0.0.1:${6000 + stores.length}`, { leaseTtlMs: TTL, now: () => clock }, id);
  runtimes.push(runtime);
  return runtime;
}

/** Reads every instance's mailbox until nothing is left in flight (a request, its handler, the reply). */
async function pump(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    for (const runtime of runtimes) runtime.readMailbox();
    await new Promise((r) => setImmediate(r));
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-cluster-rt-"));
  stores = [];
  runtimes = [];
  clock = 1_000_000;
});
afterEach(() => {
  for (const runtime of runtimes) runtime.stop();
  for (const store of stores) store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the cluster runtime", () => {
  it("runs a request on the instance it is meant for and brings back its answer or its words", async () => {
    const a = instance("A");
    const b = instance("B");
    const seen: string[] = [];
    b.on("answer", (body, from) => {
      seen.push(from);
      return { applied: body };
    });
    b.on("refuse", () => {
      throw new Error("request r9 was already answered by ana@example.com");
    });
    // Each outcome is taken as it comes (a rejection left waiting would be reported as unhandled).
    const outcome = (p: Promise<unknown>) =>
      p.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      );
    const answered = outcome(a.request("B", "answer", { requestId: "r1", value: 42 }));
    const refused = outcome(a.request("B", "refuse", {}));
    const unhandled = outcome(a.request("B", "nothing", {}));
    const unanswered = outcome(a.request("Z", "answer", {}, 200));
    await pump();
    expect(await answered).toEqual({ value: { applied: { requestId: "r1", value: 42 } } });
    expect(seen).toEqual(["A"]);
    expect(await refused).toEqual({ error: "request r9 was already answered by ana@example.com" });
    expect(await unhandled).toEqual({ error: 'instance B has no handler for "nothing"' });
    expect(await unanswered).toEqual({ error: "instance Z did not answer within 0.2 s" });
  });

  it("keeps a held resource by renewing it; another takes it after a clean stop at once", async () => {
    const a = instance("A");
    const b = instance("B");
    expect(a.hold("mcp:s1")).toMatchObject({ held: true, owner: "A" });
    for (let i = 0; i < 4; i++) {
      clock += TTL / 3;
      a.renewAll();
    }
    // Past the first ttl by far: only the renewals keep it.
    expect(b.hold("mcp:s1")).toMatchObject({ held: false, owner: "A" });
    clock += TTL; // …and without them it lapses
    expect(b.hold("mcp:s1")).toMatchObject({ held: true, owner: "B", tookOver: "A" });
    b.letGo("mcp:s1");
    a.hold("mcp:s1");
    a.stop();
    expect(b.hold("mcp:s1")).toMatchObject({ held: true, owner: "B", tookOver: null });
  });

  it("takes over what a silent instance held once its lease lapsed, and tells the old holder it lost it", async () => {
    const a = instance("A");
    const b = instance("B");
    const lost: string[] = [];
    a.onLost = (resource) => lost.push(resource);
    a.hold("tap:t1");
    clock += TTL + 1; // A went quiet (its host paused) past the ttl; B takes it, naming A
    expect(b.hold("tap:t1")).toMatchObject({ held: true, owner: "B", tookOver: "A" });
    a.renewAll(); // A wakes: its renewal finds the lease taken
    expect(lost).toEqual(["tap:t1"]);
    expect(b.leases.holder("tap:t1")?.owner).toBe("B");
  });

  it("lists both instances, and drops one at its clean stop", () => {
    const a = instance("A");
    instance("B");
    expect(a.instances.list().map((i) => i.id)).toEqual(["A", "B"]);
    runtimes[1]!.stop();
    expect(a.instances.list().map((i) => i.id)).toEqual(["A"]);
  });
});

describe("the cluster runtime's rounds when the database fails", () => {
  it("say the failure in the log once a minute instead of throwing from their timers", async () => {
    const store = new Store(dir);
    stores.push(store);
    const runtime = new ClusterRuntime(
      store,
      "127.0.0.1:6100",
      { leaseTtlMs: 300, heartbeatMs: 20, pollMs: 20, wake: false, now: () => clock },
      "F",
    );
    runtimes.push(runtime);
    const lines: string[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    const error = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      runtime.start();
      // The database goes away: every statement of the heartbeat, the lease renewal and the mailbox read throws.
      store.close();
      await new Promise((r) => setTimeout(r, 200));
      clock += 61_000;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      process.off("uncaughtException", onUncaught);
      log.mockRestore();
      error.mockRestore();
    }
    expect(uncaught).toEqual([]);
    const said = lines.filter((l) => l.includes("[loupe] cluster:") && l.includes("failed (said once a minute while it lasts)"));
    expect(said).toHaveLength(2);
    // Stopping with the database away lets go of nothing, in words, and does not throw.
    runtimes.splice(runtimes.indexOf(runtime), 1);
    stores.splice(stores.indexOf(store), 1);
    expect(() => runtime.stop()).not.toThrow();
  });
});
