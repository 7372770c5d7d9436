/**
 * What a protocol declares about the upstream resources it keeps open (a stdio server's process, an
 * agent's event stream, a tap session) so that, with several instances on one database (issue 25),
 * each is opened by one instance at a time: the one holding its lease `<prefix>:<id>`. The core
 * (lib/server/cluster/keeper.ts) loops over these declarations and names no protocol; an adapter
 * (lib/server/protocols/types.ts' `leases`) hands its own in.
 */
export interface LeasedResources {
  /** Its leases are named `<prefix>:<id>`. */
  readonly prefix: string;
  /** The ids saved now, read again from the store: what other instances added, edited or removed shows here. */
  saved(): readonly string[];
  /**
   * This instance holds `id` now: open it. `tookOver`: the instance whose lapsed lease it took (it
   * died), whose pending requests on it must be closed in words.
   */
  open(id: string, tookOver: string | null): Promise<void>;
  /** Lost to another instance, or no longer saved: close it here; what is saved stays. */
  close(id: string): Promise<void>;
  /** What the other instances show of it (small JSON), published while this one holds it. */
  state(id: string): unknown;
  /**
   * The id of the resource an HTTP request acts on live (path without query), or undefined: such a
   * request reaching an instance that does not hold it is forwarded to the one that does.
   */
  route(method: string, pathname: string): string | undefined;
}

/** Who holds a resource, as the API shows it (lib/contracts/cluster.ts' HeldBy). */
export interface Holder {
  instance: string;
  address: string;
  here: boolean;
}

/**
 * A request that must be served by one named instance, not by a lease's holder: the one recorded on
 * what it acts on (a playground's approval waits on the instance its conversation runs on, which no
 * other instance takes over). Returns that instance's id, or undefined; the cluster forwards the
 * request there while that instance is alive and not this one.
 */
export type InstanceRoute = (method: string, pathname: string) => string | undefined;
