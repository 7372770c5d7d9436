import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Store } from "@/lib/server/store";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { LeaseKeeper } from "@/lib/server/cluster/keeper";
import type { LeasedResources } from "@/lib/server/cluster/leased";

/**
 * The lease keeper over a resource kind no protocol owns (the seam names none): two instances'
 * keepers on one SQLite file, each with its own view of one shared "saved" list, on the test's clock.
 */
const TTL = 15_000;
let clock = 0;
let dir: string;
let stores: Store[];
let runtimes: ClusterRuntime[];
let saved: string[];

/** One instance: its runtime, its keeper, and what its declared kind saw opened and closed. */
function instance(id: string) {
  const store = new Store(dir);
  stores.push(store);
  const runtime = new ClusterRuntime(store, `Loupe on 127.0.0.1:${6000 + stores.length}`, { leaseTtlMs: TTL, now: () => clock }, id);
  runtimes.push(runtime);
  const open = new Map<string, string | null>();
  const closed: string[] = [];
  const kind: LeasedResources = {
    prefix: "thing",
    saved: () => [...saved],
    open: (thing, tookOver) => {
      open.set(thing, tookOver);
      return Promise.resolve();
    },
    close: (thing) => {
      open.delete(thing);
      closed.push(thing);
      return Promise.resolve();
    },
    state: (thing) => ({ status: "connected", on: id, thing }),
    route: (method, pathname) => /^\/api\/things\/([^/]+)\/act$/.exec(pathname)?.[1],
  };
  const keeper = new LeaseKeeper(runtime, store, [kind], () => clock);
  return { runtime, keeper, open, closed };
}

const settle = () => new Promise((r) => setImmediate(r));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-keeper-"));
  stores = [];
  runtimes = [];
  saved = [];
  clock = 1_000_000;
});
afterEach(() => {
  for (const runtime of runtimes) runtime.stop();
  for (const store of stores) store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the lease keeper", () => {
  it("opens each saved resource on one instance only, and the other routes to it with its published state", async () => {
    const a = instance("A");
    const b = instance("B");
    saved = ["s1"];
    a.keeper.tick();
    b.keeper.tick();
    await settle();
    expect([...a.open.keys()]).toEqual(["s1"]);
    expect(b.open.size).toBe(0);
    expect(b.keeper.holderOf("thing:s1")).toEqual({ instance: "A", address: "Loupe on 127.0.0.1:6001", here: false });
    expect(b.keeper.stateOf("thing:s1", b.keeper.holderOf("thing:s1")!)).toEqual({ status: "connected", on: "A", thing: "s1" });
    // A request acting on it reaching B goes to A; on A, or for what nobody declared, it is served where it is.
    expect(b.keeper.route("POST", "/api/things/s1/act?x=1")).toBe("A");
    expect(a.keeper.route("POST", "/api/things/s1/act")).toBeUndefined();
    expect(b.keeper.route("POST", "/api/other/s1/act")).toBeUndefined();
  });

  it("learns of a resource saved or removed elsewhere on its next round", async () => {
    const a = instance("A");
    const b = instance("B");
    a.keeper.tick();
    saved = ["s2"]; // added through B's store
    b.keeper.tick();
    a.keeper.tick();
    await settle();
    expect([...b.open.keys()]).toEqual(["s2"]);
    saved = []; // removed through A
    a.keeper.tick();
    b.keeper.tick();
    await settle();
    expect(b.closed).toEqual(["s2"]);
    expect(b.keeper.holderOf("thing:s2")).toBeNull();
  });

  it("takes over what a dead instance held once its lease lapsed, naming it, and the old holder closes it when it wakes", async () => {
    const a = instance("A");
    const b = instance("B");
    saved = ["s3"];
    a.keeper.tick();
    clock += TTL - 1;
    b.keeper.tick();
    expect(b.open.size).toBe(0); // not lapsed yet
    clock += 2; // A stopped renewing: lapsed
    expect(b.keeper.route("POST", "/api/things/s3/act")).toBeUndefined(); // nobody live holds it: served where it is asked
    b.keeper.tick();
    await settle();
    expect(b.open.get("s3")).toBe("A");
    a.runtime.renewAll(); // A wakes and finds it taken
    await settle();
    expect(a.closed).toEqual(["s3"]);
    expect(a.keeper.route("POST", "/api/things/s3/act")).toBe("B");
  });

  it("claims a resource added on this instance at once, and refuses one another live instance holds", async () => {
    const a = instance("A");
    const b = instance("B");
    saved = ["s4"];
    expect(await a.keeper.claim("thing", "s4")).toBe(true);
    expect(a.open.get("s4")).toBeNull();
    expect(await b.keeper.claim("thing", "s4")).toBe(false);
    expect(await a.keeper.claim("thing", "s4")).toBe(true); // already held: not opened twice
    expect(a.open.size).toBe(1);
    await expect(a.keeper.claim("nothing", "x")).rejects.toThrow('no resources are declared under "nothing"');
  });
});

describe("a round of the leases that fails", () => {
  it("is said once a minute while it lasts, not at every round", () => {
    const a = instance("A");
    const store = stores[0];
    if (!store) throw new Error("no store opened");
    const failing = new LeaseKeeper(
      a.runtime,
      store,
      [
        {
          prefix: "gone",
          saved: () => {
            throw new Error("cannot connect to PostgreSQL: connect ECONNREFUSED");
          },
          open: () => Promise.resolve(),
          close: () => Promise.resolve(),
          state: () => null,
          route: () => undefined,
        },
      ],
      () => clock,
    );
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      for (let i = 0; i < 5; i++) failing.tick();
      clock += 61_000;
      failing.tick();
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((l) => l.includes("a round of the leases") && l.includes("ECONNREFUSED"))).toHaveLength(2);
  });

  it("keeps the other kinds and resources when one kind cannot be read or one resource fails", async () => {
    const a = instance("A");
    const store = stores[0];
    if (!store) throw new Error("no store opened");
    const opened: string[] = [];
    const kind = (prefix: string, over: Partial<LeasedResources>): LeasedResources => ({
      prefix,
      saved: () => ["x", "y"],
      open: (id) => {
        opened.push(`${prefix}:${id}`);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
      state: () => null,
      route: () => undefined,
      ...over,
    });
    const unreadable = kind("broken", {
      saved: () => {
        throw new Error("a row of unknown shape");
      },
    });
    // One resource whose opening throws at once (not a rejected promise), beside one that opens.
    const oneBad = kind("mixed", {
      open: (id) => {
        if (id === "x") throw new Error("cannot open x");
        opened.push(`mixed:${id}`);
        return Promise.resolve();
      },
    });
    const keeper = new LeaseKeeper(a.runtime, store, [unreadable, oneBad, kind("fine", {})], () => clock);
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      keeper.tick();
      await settle();
    } finally {
      spy.mockRestore();
    }
    expect(opened.sort()).toEqual(["fine:x", "fine:y", "mixed:y"]);
    expect(keeper.holderOf("fine:x")).toMatchObject({ instance: "A", here: true });
    expect(lines.some((l) => l.includes("a round of the leases") && l.includes("broken: a row of unknown shape"))).toBe(true);
    expect(lines.some((l) => l.includes("opening mixed:x failed") && l.includes("cannot open x"))).toBe(true);
  });
});
