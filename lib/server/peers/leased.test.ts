import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Store } from "@/lib/server/store";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { LeaseKeeper } from "@/lib/server/cluster/keeper";
import { answerOwner, peerLeases } from "@/lib/server/peers/leased";

/**
 * Saved peers under leases (issue 25), for a protocol no test names: which requests act on a peer
 * (forwarded to its holder), and the keeper over two kinds routing each request to the holder of
 * the kind it names — two instances' keepers on one SQLite file, on the test's clock.
 */
const TTL = 15_000;
let clock = 0;
let dir: string;
const opened: { stores: Store[]; runtimes: ClusterRuntime[] } = { stores: [], runtimes: [] };
const opens: [string, string, string | null][] = [];

function kinds(on: string) {
  const kind = (prefix: string, routes: string) =>
    peerLeases({
      prefix,
      routes,
      saved: () => ["p1", "p 2"],
      open: (id, tookOver) => (opens.push([on, `${prefix}:${id}`, tookOver?.name ?? null]), Promise.resolve()),
      close: () => Promise.resolve(),
      owner: (pathname) => /^\/api\/answers\/(q\d)$/.exec(pathname)?.[1]?.replace("q", "p"),
    });
  return [kind("runs", "/api/runners"), kind("other", "/api/x/runners")];
}

function instance(id: string) {
  const store = new Store(dir);
  const runtime = new ClusterRuntime(store, `Loupe ${id}`, { leaseTtlMs: TTL, now: () => clock }, id);
  opened.stores.push(store);
  opened.runtimes.push(runtime);
  return { runtime, keeper: new LeaseKeeper(runtime, store, kinds(id), () => clock) };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-peer-leases-"));
  clock = 1_000_000;
  opens.length = 0;
});
afterEach(() => {
  for (const runtime of opened.runtimes.splice(0)) runtime.stop();
  for (const store of opened.stores.splice(0)) store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a peer under a lease", () => {
  it("names the peer of every action under its routes, and of no read", () => {
    const runs = kinds("A")[0];
    if (!runs) throw new Error("no kind declared");
    expect(runs.route("POST", "/api/runners/p1/answers")).toBe("p1");
    expect(runs.route("POST", "/api/runners/p1/runs/r9/abort")).toBe("p1");
    expect(runs.route("DELETE", "/api/runners/p%202")).toBe("p 2");
    expect(runs.route("PUT", "/api/runners/p1")).toBe("p1");
    expect(runs.route("GET", "/api/runners/p1/sessions")).toBeUndefined();
    expect(runs.route("POST", "/api/runners")).toBeUndefined();
    expect(runs.route("POST", "/api/runnersX/p1/answers")).toBeUndefined();
    expect(runs.route("POST", "/api/x/runners/p1/answers")).toBeUndefined();
    expect(runs.route("POST", "/api/runners/%E0%A4%A/answers")).toBeUndefined();
    // An action addressed by its own id elsewhere: the protocol names the peer it belongs to.
    expect(runs.route("POST", "/api/answers/q1")).toBe("p1");
    expect(runs.route("GET", "/api/answers/q1")).toBeUndefined();
  });

  it("answerOwner: an answer addressed by its request's id names the request's peer, nothing else does", () => {
    const requests = new Map([["r 1", "p1"]]);
    const owner = answerOwner("/api/x/requests", (id) => requests.get(id));
    expect(owner("/api/x/requests/r%201")).toBe("p1");
    expect(owner("/api/x/requests/unknown")).toBeUndefined();
    expect(owner("/api/x/requests/r%201/more")).toBeUndefined();
    expect(owner("/api/x/requests/")).toBeUndefined();
    expect(owner("/api/x/requestsr%201")).toBeUndefined();
    expect(owner("/api/x/requests/%E0%A4%A")).toBeUndefined();
  });

  it("sends each action to the instance holding that kind's lease; the holder serves its own", async () => {
    const a = instance("A");
    const b = instance("B");
    expect(await a.keeper.claim("runs", "p1")).toBe(true);
    expect(await b.keeper.claim("other", "p1")).toBe(true);
    expect(opens).toEqual([
      ["A", "runs:p1", null],
      ["B", "other:p1", null],
    ]);
    expect(b.keeper.route("POST", "/api/runners/p1/answers?x=1")).toBe("A");
    expect(a.keeper.route("POST", "/api/runners/p1/answers")).toBeUndefined();
    expect(a.keeper.route("POST", "/api/x/runners/p1/runs")).toBe("B");
    expect(b.keeper.route("GET", "/api/runners/p1/sessions")).toBeUndefined();
    // Nobody holds it yet: served where it arrives.
    expect(b.keeper.route("POST", "/api/runners/p%202/answers")).toBeUndefined();
  });

  it("is opened by the instance that takes a dead holder's lapsed lease, told who it took it from", async () => {
    const a = instance("A");
    const b = instance("B");
    await a.keeper.claim("runs", "p1");
    clock += TTL + 1;
    expect(await b.keeper.claim("runs", "p1")).toBe(true);
    expect(opens.at(-1)).toEqual(["B", "runs:p1", "instance A"]);
    expect(a.keeper.route("POST", "/api/runners/p1/answers")).toBe("B");
  });
});
