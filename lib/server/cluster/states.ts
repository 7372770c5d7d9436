import "server-only";
import type { Store } from "@/lib/server/store";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cluster_states (
  resource TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  state TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
`;

/** A published state larger than this is cut to its status (a list row, not a copy of the holder's memory). */
export const MAX_STATE_BYTES = 16 * 1024;

interface StateRow {
  owner: string;
  state: string;
}

/**
 * The state each holder publishes of the resources it holds (issue 25), for the instances that list
 * them without holding them: "connected, held by B". Written only when it changed.
 */
export class ResourceStates {
  private readonly written = new Map<string, string>();

  constructor(
    private readonly store: Store,
    private readonly owner: string,
    private readonly now: () => number = Date.now,
  ) {
    store.db.exec(SCHEMA);
  }

  publish(resource: string, state: unknown): void {
    let text = JSON.stringify(state ?? null);
    if (text.length > MAX_STATE_BYTES) {
      const status = typeof state === "object" && state !== null && "status" in state ? state.status : undefined;
      text = JSON.stringify({ status });
    }
    if (this.written.get(resource) === text) return;
    this.store
      .prepare(
        `INSERT INTO cluster_states (resource, owner, state, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (resource) DO UPDATE SET owner = excluded.owner, state = excluded.state, updated_at = excluded.updated_at`,
      )
      .run(resource, this.owner, text, this.now());
    this.written.set(resource, text);
  }

  /** What `owner` last published of `resource`; undefined when it published nothing (or another did). */
  read(resource: string, owner: string): unknown {
    const row = this.store.prepare<StateRow>("SELECT owner, state FROM cluster_states WHERE resource = ?").get(resource);
    if (!row || row.owner !== owner) return undefined;
    try {
      const value: unknown = JSON.parse(row.state);
      return value;
    } catch {
      return undefined;
    }
  }

  /** Forgets what this instance wrote (it let the resource go); the row stays until the next holder writes. */
  forget(resource: string): void {
    this.written.delete(resource);
  }
}
