import { describe, expect, it } from "vitest";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { storeBackends, type StoreBackend } from "@/tests/support/store-backends";

/**
 * An instance whose event loop is busy (200 tapped answers at once on 2 cores: issue 25) reaches its
 * renewal timer late; its leases must not lapse while it works — another instance took over the
 * server and tap of one that was alive and serving, and the answers forwarded to it failed with 502.
 * The store's own thread renews them beside it, and stops once this thread asks nothing (hung).
 */
const postgres = storeBackends().find((backend) => backend.name === "PostgreSQL");

/** The PostgreSQL backend (the suite runs only with it). */
function pg(): StoreBackend {
  if (!postgres) throw new Error("PostgreSQL is not installed");
  return postgres;
}
const TTL = 1_000;

/** This thread blocked, running no timer and asking the database nothing. */
const hung = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe.runIf(postgres)("the leases of an instance on PostgreSQL", () => {
  it("stay its own past the ttl while its thread works without reaching its timers, and lapse once it hangs", () => {
    const store = pg().open();
    const runtime = new ClusterRuntime(store, "127.0.0.1:1", { leaseTtlMs: TTL, renewBeside: true, wake: false });
    runtime.start();
    try {
      expect(runtime.hold("mcp:busy").held).toBe(true);
      // Busy: three ttls of statements in one task, no timer run.
      const end = Date.now() + 3 * TTL;
      while (Date.now() < end) store.prepare("SELECT 1 AS one").get();
      expect(runtime.leases.holder("mcp:busy")).toMatchObject({ owner: runtime.id, lapsed: false });
      hung(3 * TTL);
      expect(runtime.leases.holder("mcp:busy")).toMatchObject({ owner: runtime.id, lapsed: true });
    } finally {
      runtime.stop();
      store.close();
    }
  }, 30_000);
});
