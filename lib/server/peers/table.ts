import "server-only";
import { record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";

/** What every saved peer carries beside its protocol's own fields (MCP connections, ADK servers, A2A and AG-UI agents). */
export interface PeerKeys {
  id: string;
  createdAt: number;
  /** A demo peer Loupe starts itself. */
  builtin?: boolean;
}

/** A saved peer as persisted: the protocol's input (header values in clear; views mask them) and the keys. */
export type PeerConfig<Input> = Input & PeerKeys;

export interface PeerTableSpec {
  /** The table of saved peers, `(id, config, builtin, created_at)`: one per protocol (`connections` for MCP…). */
  table: string;
  /** The tables of a peer's own rows, deleted with it in one transaction: table → the column naming the peer. */
  cascade: Readonly<Record<string, string>>;
}

/**
 * One `(id, config, builtin, created_at)` table of saved peers: the same upsert, delete with its
 * rows and typed read for every protocol (the config column is the JSON of `C`).
 */
export class PeerTable<C extends PeerKeys> {
  constructor(
    private readonly store: Store,
    readonly spec: PeerTableSpec,
  ) {}

  /** Oldest first. */
  list(): C[] {
    return records<C>(this.store, `SELECT config AS record FROM ${this.spec.table} ORDER BY created_at, id`);
  }

  get(id: string): C | undefined {
    return record<C>(this.store, `SELECT config AS record FROM ${this.spec.table} WHERE id = ?`, id);
  }

  /** Inserts or replaces the config; `created_at` stays the first save's. */
  save(config: C): void {
    this.store
      .prepare(
        `INSERT INTO ${this.spec.table} (id, config, builtin, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET config = excluded.config, builtin = excluded.builtin`,
      )
      .run(config.id, JSON.stringify(config), config.builtin ? 1 : 0, config.createdAt);
  }

  /** The peer and every row of it in the cascade tables, together. */
  delete(id: string): void {
    this.store.db.transaction(() => {
      this.store.prepare(`DELETE FROM ${this.spec.table} WHERE id = ?`).run(id);
      for (const [table, column] of Object.entries(this.spec.cascade))
        this.store.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(id);
    })();
  }
}
