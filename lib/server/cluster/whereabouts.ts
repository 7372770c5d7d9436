import "server-only";
import type { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { getCluster, instanceNamed } from "@/lib/server/cluster/service";

/**
 * Where a request that is pending in the shared store, but waits on no gate of this instance, waits
 * (issue 25): on another live instance, or on one that stopped answering and whose leases another
 * instance takes over. What the routes say instead of "stale" (it is not), and that answering again
 * can work. Names no protocol: a source hands the instance it recorded, or the lease of what holds it.
 */
export type Whereabouts =
  | { live: true; instance: string; name: string }
  | {
      live: false;
      instance: string;
      name: string;
      /** When its last lease lapses (ms since the epoch; past: lapsed, taken over at the next round), null when it holds none. */
      lapsesAt: number | null;
    };

/**
 * Instance `id` (the one a request recorded as waiting on it). Live: its heartbeat is fresh and, when it
 * holds leases, one of them is live (a dead instance's heartbeat goes quiet only after three beats;
 * its leases lapse after the ttl, whichever comes first). Undefined without a cluster or for this instance.
 */
export function instanceWhereabouts(id: string, runtime: ClusterRuntime | undefined = getCluster()?.runtime): Whereabouts | undefined {
  if (!runtime || id === runtime.id) return undefined;
  const holders = runtime.leases
    .heldBy(id)
    .map((resource) => runtime.leases.holder(resource))
    .filter((h) => h !== null);
  const name = instanceNamed(id, runtime);
  const live = runtime.instances.isAlive(id) && (holders.length === 0 || holders.some((h) => !h.lapsed));
  if (live) return { live, instance: id, name };
  return { live, instance: id, name, lapsesAt: holders.length ? Math.max(...holders.map((h) => h.expiresAt)) : null };
}

/** The instance holding lease `resource` (live or lapsed), undefined when none or when it is this one. */
export function leaseWhereabouts(resource: string, runtime: ClusterRuntime | undefined = getCluster()?.runtime): Whereabouts | undefined {
  const holder = runtime?.leases.holder(resource);
  if (!runtime || !holder || holder.owner === runtime.id) return undefined;
  const name = instanceNamed(holder.owner, runtime);
  if (!holder.lapsed && runtime.instances.isAlive(holder.owner)) return { live: true, instance: holder.owner, name };
  return { live: false, instance: holder.owner, name, lapsesAt: holder.expiresAt };
}

/** When what a stopped instance held moves on, in words (from when its last lease lapses). */
export function takenOverWhen(where: Extract<Whereabouts, { live: false }>, now = Date.now()): string {
  const left = where.lapsesAt === null ? 0 : Math.ceil((where.lapsesAt - now) / 1000);
  return left > 0
    ? `its lease lapses within ${left} s, then another instance takes it over at its next round`
    : "its lease lapsed; another instance takes it over at its next round, within a few seconds";
}

/** This instance's id in a cluster, to record on what runs here (undefined: a Loupe on its own store). */
export function thisInstanceId(): string | undefined {
  return getCluster()?.runtime.id;
}

/**
 * When work a shared store says is going (a test run, a conformance run) was left by an instance that
 * stopped (issue 25) — it recorded another instance, no longer alive — that instance's name; else
 * undefined. On a Loupe's own SQLite file, what is going when the process opens it was its last
 * process's (the stores say so then).
 */
export function stoppedElsewhere(instance: string | undefined): string | undefined {
  const runtime = getCluster()?.runtime;
  if (!runtime || instance === undefined || instance === runtime.id) return undefined;
  const where = instanceWhereabouts(instance, runtime);
  return where && !where.live ? where.name : undefined;
}
