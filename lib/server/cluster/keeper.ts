import "server-only";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";
import type { ClusterRuntime } from "@/lib/server/cluster/runtime";
import type { Holder, LeasedResources } from "@/lib/server/cluster/leased";
import { ResourceStates } from "@/lib/server/cluster/states";
import type { Store } from "@/lib/server/store";

/**
 * Keeps each declared resource open on exactly one instance (issue 25). Every `tickMs` it reads what
 * is saved (so a server added, edited or removed on another instance shows here without a restart),
 * takes the lease of every saved resource nobody holds or whose holder let it lapse (it died) and
 * opens it, closes what it holds that is no longer saved, and publishes the state of what it holds.
 * A lease found taken by another instance (this one was paused past the ttl) is closed here.
 */
export class LeaseKeeper {
  private readonly states: ResourceStates;
  private readonly opening = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private roundFailedSaidAt = -Infinity;

  constructor(
    private readonly runtime: ClusterRuntime,
    store: Store,
    private readonly kinds: readonly LeasedResources[],
    private readonly now: () => number = Date.now,
  ) {
    this.states = new ResourceStates(store, runtime.id, now);
    runtime.onLost = (resource) => {
      const found = this.split(resource);
      this.states.forget(resource);
      if (found) void found.kind.close(found.id).catch((error: unknown) => this.log(`closing ${resource}`, error));
    };
  }

  start(tickMs: number): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * One round over every declared resource (the timer's; tests call it on their own clock). What fails
   * for one resource (or one kind) is said and the round goes on to the others: a kind whose rows it
   * cannot read must not leave another kind's resources unkept.
   */
  tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    const failed: string[] = [];
    try {
      for (const kind of this.kinds) {
        try {
          this.keep(kind, failed);
        } catch (error) {
          failed.push(`${kind.prefix}: ${errorMessage(error)}`);
        }
      }
    } finally {
      this.ticking = false;
    }
    // The database away (a restart, a failover) fails every round: said once a minute while it lasts.
    if (failed.length === 0 || this.now() - this.roundFailedSaidAt < 60_000) return;
    this.roundFailedSaidAt = this.now();
    logLine("[loupe] cluster: a round of the leases (said once a minute while it lasts) failed:", failed.join("; "));
  }

  /**
   * Takes `<prefix>:<id>` for this instance when free or lapsed and opens it (what adding a resource
   * here does); resolves once it is open. False when another live instance holds it (it opens it).
   */
  async claim(prefix: string, id: string): Promise<boolean> {
    const kind = this.kinds.find((k) => k.prefix === prefix);
    if (!kind) throw new Error(`no resources are declared under "${prefix}"`);
    const resource = `${prefix}:${id}`;
    if (this.runtime.holds(resource)) {
      await this.opening.get(resource);
      return true;
    }
    const answer = this.runtime.hold(resource);
    if (!answer.held) return false;
    await this.open(kind, id, answer.tookOver);
    return true;
  }

  /** Who holds `resource` now (a lapsed lease counts as nobody's), with where it listens. */
  holderOf(resource: string): Holder | null {
    const lease = this.runtime.leases.holder(resource);
    if (!lease || lease.lapsed) return null;
    const instance = this.runtime.instances.list().find((i) => i.id === lease.owner);
    return { instance: lease.owner, address: instance?.address ?? "an instance that left the list", here: lease.owner === this.runtime.id };
  }

  /** Who holds the saved resource `id`, under whichever declared prefix it is saved (ids are unique), or null. */
  holderOfSaved(id: string): Holder | null {
    for (const kind of this.kinds) {
      const holder = this.holderOf(`${kind.prefix}:${id}`);
      if (holder) return holder;
    }
    return null;
  }

  /** What the holder published of `resource`, undefined when nothing (or no holder). */
  stateOf(resource: string, holder: Holder): unknown {
    return this.states.read(resource, holder.instance);
  }

  /** The instance a request must be served by, when a declared route names a resource another instance holds. */
  route(method: string, url: string): string | undefined {
    const pathname = url.split(/[?#]/, 1)[0] ?? url;
    for (const kind of this.kinds) {
      const id = kind.route(method, pathname);
      if (id === undefined) continue;
      const holder = this.holderOf(`${kind.prefix}:${id}`);
      return holder && !holder.here ? holder.instance : undefined;
    }
    return undefined;
  }

  private keep(kind: LeasedResources, failed: string[]): void {
    const saved = new Set(kind.saved());
    for (const id of saved) {
      const resource = `${kind.prefix}:${id}`;
      try {
        if (this.runtime.holds(resource)) {
          this.states.publish(resource, kind.state(id));
          continue;
        }
        const answer = this.runtime.hold(resource);
        if (answer.held) void this.open(kind, id, answer.tookOver);
      } catch (error) {
        failed.push(`${resource}: ${errorMessage(error)}`);
      }
    }
    for (const resource of this.heldUnder(kind.prefix)) {
      const id = resource.slice(kind.prefix.length + 1);
      if (saved.has(id)) continue;
      this.runtime.letGo(resource);
      this.states.forget(resource);
      void kind.close(id).catch((error: unknown) => this.log(`closing ${resource}`, error));
    }
  }

  private open(kind: LeasedResources, id: string, tookOver: string | null): Promise<void> {
    const resource = `${kind.prefix}:${id}`;
    if (tookOver) logLine(`[loupe] took over ${resource} from instance ${tookOver}, whose lease lapsed`);
    const opened = Promise.resolve()
      .then(() => kind.open(id, tookOver))
      .catch((error: unknown) => this.log(`opening ${resource}`, error))
      .then(() => {
        this.opening.delete(resource);
        if (this.runtime.holds(resource)) this.states.publish(resource, kind.state(id));
      });
    this.opening.set(resource, opened);
    return opened;
  }

  private heldUnder(prefix: string): string[] {
    return this.runtime.leases.heldBy(this.runtime.id).filter((r) => r.startsWith(`${prefix}:`) && this.runtime.holds(r));
  }

  private split(resource: string): { kind: LeasedResources; id: string } | undefined {
    const kind = this.kinds.find((k) => resource.startsWith(`${k.prefix}:`));
    return kind ? { kind, id: resource.slice(kind.prefix.length + 1) } : undefined;
  }

  private log(what: string, error: unknown): void {
    logLine(`[loupe] cluster: ${what} failed:`, errorMessage(error));
  }
}
