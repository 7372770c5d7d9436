import "server-only";
import type { Store } from "@/lib/server/store";

// Additive table beside the core ones (same database: SQLite's file or the shared PostgreSQL one).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS cluster_leases (
  resource TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  taken_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS cluster_leases_owner ON cluster_leases (owner);
`;

/**
 * Takes the row when it is free, already ours, or its holder let it lapse; otherwise changes nothing.
 * One statement, so two instances asking at once cannot both win: SQLite runs writers one at a time,
 * and PostgreSQL's ON CONFLICT locks the row and checks the WHERE again against the row as committed.
 */
export const ACQUIRE_LEASE = `INSERT INTO cluster_leases (resource, owner, expires_at, taken_at) VALUES (?, ?, ?, ?)
  ON CONFLICT (resource) DO UPDATE SET
    owner = excluded.owner,
    expires_at = excluded.expires_at,
    taken_at = CASE WHEN cluster_leases.owner = excluded.owner THEN cluster_leases.taken_at ELSE excluded.taken_at END
  WHERE cluster_leases.owner = excluded.owner OR cluster_leases.expires_at <= ?`;

/** Who holds a resource, and until when (a lapsed lease is still shown, with `lapsed`). */
export interface LeaseHolder {
  owner: string;
  expiresAt: number;
  /** When this owner took it (kept across renewals): since when it has been answering for it. */
  takenAt: number;
  lapsed: boolean;
}

/** The outcome of asking for a lease: whether this instance holds it now, and who does. */
export interface LeaseAnswer {
  held: boolean;
  holder: LeaseHolder;
  /** Held now but by someone else before (a take-over), so what they left must be picked up. */
  tookOver: string | null;
}

interface LeaseRow {
  owner: string;
  expires_at: number;
  taken_at: number;
}

/**
 * Leases on upstream resources (a stdio server's process, an agent's event stream, a tap session)
 * shared by every Loupe instance on one database (issue 25): one instance owns a resource at a time,
 * keeps it by renewing before `ttlMs` runs out, and another may take it once it lapsed (its owner died
 * or lost the database). Time is each instance's clock: the ttl must be well above the clock skew
 * between hosts (seconds, not milliseconds).
 */
export class Leases {
  constructor(
    private readonly store: Store,
    /** This instance's id (cluster/instances.ts). */
    readonly instance: string,
    private readonly now: () => number = Date.now,
  ) {
    store.db.exec(SCHEMA);
  }

  /** Takes or renews `resource` for `ttlMs` when it is free, ours, or lapsed. */
  acquire(resource: string, ttlMs: number): LeaseAnswer {
    const now = this.now();
    const before = this.holder(resource);
    this.store.prepare(ACQUIRE_LEASE).run(resource, this.instance, now + ttlMs, now, now);
    const holder = this.holder(resource);
    if (!holder) throw new Error(`the lease on ${resource} could not be read back`);
    const held = holder.owner === this.instance;
    const tookOver = held && before && before.owner !== this.instance ? before.owner : null;
    return { held, holder, tookOver };
  }

  /** Extends a lease this instance holds; false when it was lost meanwhile (someone took it over). */
  renew(resource: string, ttlMs: number): boolean {
    const result = this.store
      .prepare("UPDATE cluster_leases SET expires_at = ? WHERE resource = ? AND owner = ?")
      .run(this.now() + ttlMs, resource, this.instance);
    return result.changes === 1;
  }

  /**
   * Keeps every lease this instance owns renewed from the store's own thread (a shared store:
   * StoreEngine.repeatWhileAlive) while this process's thread is alive, busy or not. renew() runs on
   * a timer, which a busy event loop reaches late: 200 answers at once on 2 cores held it past the
   * ttl, and another instance took over the leases of one that was alive and serving (issue 25).
   * A lease taken over meanwhile is not this instance's any more: its row is left alone.
   */
  keepRenewed(ttlMs: number): void {
    this.store.engine.repeatWhileAlive?.({
      sql: "UPDATE cluster_leases SET expires_at = $2 WHERE owner = $1",
      params: [this.instance],
      everyMs: Math.max(1, Math.floor(ttlMs / 3)),
      aliveMs: ttlMs,
      nowPlus: ttlMs,
    });
  }

  /** Stops keepRenewed. */
  stopRenewing(): void {
    this.store.engine.repeatWhileAlive?.(null);
  }

  /** Gives a lease back at once (a clean stop), so another instance need not wait for it to lapse. */
  release(resource: string): void {
    this.store.prepare("DELETE FROM cluster_leases WHERE resource = ? AND owner = ?").run(resource, this.instance);
  }

  holder(resource: string): LeaseHolder | null {
    const row = this.store.prepare<LeaseRow>("SELECT owner, expires_at, taken_at FROM cluster_leases WHERE resource = ?").get(resource);
    if (!row) return null;
    const expiresAt = Number(row.expires_at);
    return { owner: row.owner, expiresAt, takenAt: Number(row.taken_at), lapsed: expiresAt <= this.now() };
  }

  /** The resources an instance holds (lapsed ones included): what a take-over of that instance covers. */
  heldBy(owner: string): string[] {
    return this.store
      .prepare<{ resource: string }>("SELECT resource FROM cluster_leases WHERE owner = ? ORDER BY resource")
      .all(owner)
      .map((row) => row.resource);
  }
}
