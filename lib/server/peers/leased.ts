import "server-only";
import type { LeasedResources } from "@/lib/server/cluster/leased";
import { getCluster, instanceNamed } from "@/lib/server/cluster/service";

/** What a protocol whose saved peers open upstream streams (an agent's runs) declares for its leases (issue 25). */
export interface PeerLeaseSpec {
  /** Its leases are `<prefix>:<peer id>`. */
  prefix: string;
  /** The API path its peers live under (`/api/agents`): `<routes>/<id>/…` acts on peer `id`. */
  routes: string;
  /** The ids saved now, read again from the store (PeerRegistry.syncSaved). */
  saved(): readonly string[];
  /** This instance holds the peer now: what another instance left of it (`tookOver`, in words) is picked up here. */
  open(id: string, tookOver: { instance: string; name: string } | null): Promise<void>;
  /** Lost to another instance or no longer saved: what runs here on it stops. */
  close(id: string): Promise<void>;
  /** What the other instances show of it (small JSON). */
  state?(id: string): unknown;
  /**
   * The peer an action outside `<routes>/<id>` acts on (an answer addressed by the request's own id,
   * looked up in the store), or undefined.
   */
  owner?(pathname: string): string | undefined;
}

const ACTIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A saved peer under a lease: its runs' upstream streams are opened by the instance holding
 * `<prefix>:<id>` only, and every action on it (`POST`/`PUT`/`PATCH`/`DELETE` under `<routes>/<id>`:
 * a run, an answer, an abort, an edit) raised on another instance is forwarded there (the keeper's
 * route, lib/launcher/cluster-forward.ts). Reads (`GET`) are served by any instance: they read the
 * store or ask the upstream directly.
 */
export function peerLeases(spec: PeerLeaseSpec): LeasedResources {
  const pattern = new RegExp(`^${spec.routes.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/([^/]+)(?:/.*)?$`);
  return {
    prefix: spec.prefix,
    saved: () => spec.saved(),
    open: (id, tookOver) => spec.open(id, tookOver ? { instance: tookOver, name: instanceNamed(tookOver) } : null),
    close: (id) => spec.close(id),
    state: (id) => spec.state?.(id) ?? null,
    route(method, pathname) {
      if (!ACTIONS.has(method)) return undefined;
      const id = pattern.exec(pathname)?.[1];
      if (!id) return spec.owner?.(pathname);
      try {
        return decodeURIComponent(id);
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Takes `<prefix>:<id>` for this instance when a peer is added here, so its runs start where its lease
 * is (the keeper would otherwise hand it to whichever instance looks first). False when another live
 * instance holds it; no cluster: true (this instance is the only one).
 */
export async function claimPeer(prefix: string, id: string): Promise<boolean> {
  return (await getCluster()?.keeper.claim(prefix, id)) ?? true;
}

/**
 * `owner` for an answer addressed by its request's own id (`<route>/<request id>`): the peer the
 * request belongs to, read by `peerOf` (from the store: any instance knows it); undefined when none.
 */
export function answerOwner(route: string, peerOf: (requestId: string) => string | undefined): (pathname: string) => string | undefined {
  const prefix = `${route}/`;
  return (pathname) => {
    if (!pathname.startsWith(prefix)) return undefined;
    const id = pathname.slice(prefix.length);
    if (!id || id.includes("/")) return undefined;
    try {
      return peerOf(decodeURIComponent(id));
    } catch {
      return undefined;
    }
  };
}
