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

  async function pair(wake: boolean): Promise<[ClusterRuntime, ClusterRuntime]> {
    const stores = [backend.open(), backend.open(true)] as const;
    opened.stores.push(...stores);
    const [a, b] = stores.map((store, i) => new ClusterRuntime(store, `127.0.0.1:${7000 + i}`, { pollMs: 250, wake }, i ? "B" : "A"));
    opened.runtimes.push(a!, b!);
    for (const runtime of [a!, b!]) runtime.start();
    await Promise.all([a!.listening(), b!.listening()]);
    b!.on("echo", (body) => ({ echoed: body }));
    return [a!, b!];
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
    return times[Math.floor(times.length / 2)]!;
  }

  it("wakes the recipient and the sender instead of waiting for polls", async () => {
    const polled = await medianRoundTrip((await pair(false))[0]);
    const woken = await medianRoundTrip((await pair(true))[0]);
    console.log(`[bench] mailbox round trip on ${backend.name}: polled every 250 ms ${polled.toFixed(1)} ms, woken ${woken.toFixed(1)} ms`);
    expect(woken).toBeLessThan(polled / 3);
    expect(woken).toBeLessThan(100);
  }, 60_000);
});
