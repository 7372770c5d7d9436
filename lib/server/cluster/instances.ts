import "server-only";
import { randomUUID } from "node:crypto";
import type { Store } from "@/lib/server/store";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cluster_instances (
  id TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  seen_at INTEGER NOT NULL
);
`;

/** How often an instance says it is alive, and after how long without a word it counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const GONE_AFTER_MS = 3 * HEARTBEAT_MS;

export interface InstanceView {
  id: string;
  /** Where it listens (host:port), for the people reading the list: never used to reach it. */
  address: string;
  startedAt: number;
  seenAt: number;
  alive: boolean;
  self: boolean;
}

interface InstanceRow {
  id: string;
  address: string;
  started_at: number;
  seen_at: number;
}

/** The Loupe instances sharing one database, each known by the heartbeat it writes. */
export class Instances {
  readonly id: string;
  private readonly startedAt: number;

  constructor(
    private readonly store: Store,
    private readonly address: string,
    private readonly now: () => number = Date.now,
    id: string = randomUUID(),
  ) {
    store.db.exec(SCHEMA);
    this.id = id;
    this.startedAt = now();
    this.heartbeat();
  }

  /** Says this instance is alive now. */
  heartbeat(): void {
    this.store
      .prepare(
        `INSERT INTO cluster_instances (id, address, started_at, seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at, address = excluded.address`,
      )
      .run(this.id, this.address, this.startedAt, this.now());
  }

  list(): InstanceView[] {
    const now = this.now();
    return this.store
      .prepare<InstanceRow>("SELECT id, address, started_at, seen_at FROM cluster_instances ORDER BY started_at, id")
      .all()
      .map((row) => {
        const seenAt = Number(row.seen_at);
        return {
          id: row.id,
          address: row.address,
          startedAt: Number(row.started_at),
          seenAt,
          alive: now - seenAt < GONE_AFTER_MS,
          self: row.id === this.id,
        };
      });
  }

  isAlive(id: string): boolean {
    return this.list().some((view) => view.id === id && view.alive);
  }

  /** Removes this instance's row at a clean stop, so the others need not wait for it to go quiet. */
  leave(): void {
    this.store.prepare("DELETE FROM cluster_instances WHERE id = ?").run(this.id);
  }
}
