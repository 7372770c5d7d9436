import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/server/store";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * A request from one instance to another through the mailbox (what a forwarded HTTP request rides,
 * issue 25) wakes its recipient with a notification, and the reply wakes the sender: it no longer
 * waits for two polls. Measured against the same two runtimes polling every 250 ms (the old way).
 */
const backends = storeBackends();
const ROUNDS = 8;

describe.each(backends)("the mailbox on $name", (backend) => {
  const opened: { stores: Store[]; runtimes: ClusterRuntime[] } = { stores: [], runtimes: [] };
  afterEach(() => {
    for (const runtime of opened.runtimes.splice(0)) runtime.stop();
    for (const store of opened.stores.splice(0)) store.close();
  });

  /** Two started runtimes on one database; B echoes what A asks. A is handed back. */
  async function pair(wake: boolean): Promise<ClusterRuntime> {
    const start = (store: Store, id: string) => {
      const runtime = new ClusterRuntime(store, `127.0.0.1 (${id})`, { pollMs: 250, wake }, id);
      opened.stores.push(store);
      opened.runtimes.push(runtime);
      runtime.start();
      return runtime;
    };
    const a = start(backend.open(), "A");
    const b = start(backend.open(true), "B");
    await Promise.all([a.listening(), b.listening()]);
    b.on("echo", (body) => ({ echoed: body }));
    return a;
  }

  /** The median round trip of ROUNDS requests from A to B, in ms. */
  async function medianRoundTrip(a: ClusterRuntime): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      expect(await a.request("B", "echo", i)).toEqual({ echoed: i });
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    return times[Math.floor(times.length / 2)] ?? Infinity;
  }

  it("wakes the recipient and the sender instead of waiting for polls", async () => {
    const polled = await medianRoundTrip(await pair(false));
    const woken = await medianRoundTrip(await pair(true));
    console.log(`[bench] mailbox round trip on ${backend.name}: polled every 250 ms ${polled.toFixed(1)} ms, woken ${woken.toFixed(1)} ms`);
    expect(woken).toBeLessThan(polled / 3);
    expect(woken).toBeLessThan(100);
  }, 60_000);
});
