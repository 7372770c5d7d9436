import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/server/store";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * A request from one instance to another through the mailbox (what a forwarded HTTP request rides,
 * issue 25) wakes its recipient with a notification, and the reply wakes the sender: it does not wait
 * for a poll. The runtimes here poll every two minutes, so every round trip the test sees was woken
 * (a broken wake leaves the first request waiting past the test's timeout). No time is compared: an
 * earlier version asserted the woken round trip under 100 ms, and took 148 ms on a loaded machine.
 */
const POLL_NEVER_MS = 120_000;
const backends = storeBackends();
const ROUNDS = 8;

describe.each(backends)("the mailbox on $name", (backend) => {
  const opened: { stores: Store[]; runtimes: ClusterRuntime[] } = { stores: [], runtimes: [] };
  afterEach(() => {
    for (const runtime of opened.runtimes.splice(0)) runtime.stop();
    for (const store of opened.stores.splice(0)) store.close();
  });

  /** Two started runtimes on one database; B echoes what A asks. A is handed back. */
  async function pair(): Promise<ClusterRuntime> {
    const start = (store: Store, id: string) => {
      const runtime = new ClusterRuntime(store, `127.0.0.1 (${id})`, { pollMs: POLL_NEVER_MS, wake: true }, id);
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

  it("wakes the recipient and the sender instead of waiting for polls", async () => {
    const a = await pair();
    for (let i = 0; i < ROUNDS; i++) expect(await a.request("B", "echo", i)).toEqual({ echoed: i });
  }, 30_000);
});
