import { afterEach, describe, expect, it } from "vitest";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { instanceAlive } from "@/lib/server/cluster/service";
import type { Store } from "@/lib/server/store";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Whether a request forwarded to another instance still has someone to answer it (issue 25): an
 * instance holding leases is alive while one of them is; one holding none (where a playground's
 * conversation runs) while its heartbeat is fresh.
 */
const backends = storeBackends();

describe.each(backends)("instanceAlive on $name", (backend) => {
  const stores: Store[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  let clock = 1_000_000;
  const runtime = (store: Store, name: string) =>
    new ClusterRuntime(store, name, { leaseTtlMs: 15_000, now: () => clock }, `${name}-${Math.random()}`);

  it("judges an instance holding nothing by its heartbeat, one holding leases by them", () => {
    const storeA = backend.open();
    const storeB = backend.open(true);
    stores.push(storeA, storeB);
    const a = runtime(storeA, "A");
    const b = runtime(storeB, "B");
    const resource = `mcp:${Math.random()}`;
    expect(a.hold(resource).held).toBe(true);

    // B holds nothing and beats: alive, though it holds no lease.
    expect(instanceAlive(a, b.id)).toBe(true);
    expect(instanceAlive(b, a.id)).toBe(true);

    // Both go quiet past the ttl and the heartbeat's grace: neither is alive.
    clock += 16_000;
    expect(instanceAlive(a, b.id)).toBe(false);
    expect(instanceAlive(b, a.id)).toBe(false);

    // A beats again but its lease lapsed: judged by its leases, it is not there to serve what it held.
    a.instances.heartbeat();
    expect(instanceAlive(b, a.id)).toBe(false);
    b.instances.heartbeat();
    expect(instanceAlive(a, b.id)).toBe(true);

    // A stops cleanly: its leases let go and its row gone, at once.
    a.stop();
    expect(instanceAlive(b, a.id)).toBe(false);
  });
});
