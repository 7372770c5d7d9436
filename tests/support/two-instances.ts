import { onTestFinished } from "vitest";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { getCluster, startCluster } from "@/lib/server/cluster/service";
import type { Store } from "@/lib/server/store";
import type { StoreBackend } from "@/tests/support/store-backends";

/**
 * Two instances on one database, in this process (issue 25): A, a cluster runtime of its own that
 * holds what a test gives it (its lease a minute long, never lapsing under load), and B, this
 * process's cluster (what getCluster() answers), started by `startB`. All stopped and closed when
 * the test finishes.
 */
export function instanceA(backend: StoreBackend): { a: ClusterRuntime; storeA: Store; storeB: Store; startB(): void } {
  const storeA = backend.open();
  const storeB = backend.open(true);
  const a = new ClusterRuntime(storeA, "Loupe A (127.0.0.1:1)", { leaseTtlMs: 60_000 });
  onTestFinished(() => {
    getCluster()?.stop();
    a.stop();
    storeA.close();
    storeB.close();
  });
  return { a, storeA, storeB, startB: () => void startCluster(storeB, "Loupe B (127.0.0.1:2)", []) };
}
