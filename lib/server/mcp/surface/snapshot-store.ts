import "server-only";
import { KEEP_SNAPSHOTS } from "@/lib/contracts/surface";
import type { SnapshotSummary, StoredSnapshot } from "@/lib/contracts/surface";
import { storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";

/**
 * The `surface_snapshots` table (created with the store, lib/server/mcp/tables.ts): each snapshot
 * as one JSON record, the newest KEEP_SNAPSHOTS per connection; deleted with its connection
 * (connection-store.ts's cascade).
 */
export class SnapshotStore {
  constructor(private readonly store: Store) {}

  save(stored: StoredSnapshot): void {
    const db = this.store.db;
    db.transaction(() => {
      db.prepare("INSERT INTO surface_snapshots (id, connection_id, taken_at, record) VALUES (?, ?, ?, ?)").run(
        stored.id,
        stored.connectionId,
        stored.takenAt,
        JSON.stringify(stored),
      );
      db.prepare(
        `DELETE FROM surface_snapshots WHERE connection_id = ? AND id NOT IN
           (SELECT id FROM surface_snapshots WHERE connection_id = ? ORDER BY taken_at DESC, id DESC LIMIT ?)`,
      ).run(stored.connectionId, stored.connectionId, KEEP_SNAPSHOTS);
    })();
  }

  /** Newest first, without the lists. */
  list(connectionId: string): SnapshotSummary[] {
    const rows = this.store
      .prepare<{ record: string }>("SELECT record FROM surface_snapshots WHERE connection_id = ? ORDER BY taken_at DESC, id DESC LIMIT ?")
      .all(connectionId, KEEP_SNAPSHOTS);
    return rows.map((r) => {
      const { snapshot: _lists, ...summary } = storedJson<StoredSnapshot>(r.record);
      return summary;
    });
  }

  get(connectionId: string, id: string): StoredSnapshot | undefined {
    const row = this.store
      .prepare<{ record: string }>("SELECT record FROM surface_snapshots WHERE connection_id = ? AND id = ?")
      .get(connectionId, id);
    return row ? storedJson<StoredSnapshot>(row.record) : undefined;
  }

  remove(connectionId: string, id: string): boolean {
    return this.store.db.prepare("DELETE FROM surface_snapshots WHERE connection_id = ? AND id = ?").run(connectionId, id).changes > 0;
  }
}
