import "server-only";
import type { ConformanceRun } from "@/lib/contracts/conformance";
import { storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";
import { stoppedElsewhere } from "@/lib/server/cluster/whereabouts";

/** Runs kept per connection: enough to compare with the last few, small enough to stay cheap. */
export const KEEP_RUNS = 5;

export const INTERRUPTED_REASON = "Loupe stopped while this run was going; the suite stopped with it";

/**
 * The `conformance_runs` table (created with the store, lib/server/mcp/tables.ts): each run as one JSON
 * record, rewritten as scenarios finish, so the results outlive Loupe's process.
 */
export class ConformanceRunStore {
  /** On a shared store (issue 25) a going run may be another live instance's: only one whose instance stopped is closed. */
  private readonly shared: boolean;

  constructor(private readonly store: Store) {
    this.shared = store.engine.kind !== "sqlite";
    // Runs of a deleted connection go with it (the connection table's cascade, connection-store.ts, does not name this table).
    store.db.prepare("DELETE FROM conformance_runs WHERE connection_id NOT IN (SELECT id FROM connections)").run();
    this.interruptLeftovers();
  }

  save(run: ConformanceRun): void {
    const db = this.store.db;
    db.transaction(() => {
      db.prepare(
        `INSERT INTO conformance_runs (id, connection_id, started_at, record) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
      ).run(run.id, run.connectionId, run.startedAt, JSON.stringify(run));
      db.prepare(
        `DELETE FROM conformance_runs WHERE connection_id = ? AND id NOT IN
           (SELECT id FROM conformance_runs WHERE connection_id = ? ORDER BY started_at DESC, id DESC LIMIT ?)`,
      ).run(run.connectionId, run.connectionId, KEEP_RUNS);
    })();
  }

  /** Newest first (a going run another instance left when it stopped is closed first). */
  list(connectionId: string): ConformanceRun[] {
    if (this.shared) this.interruptLeftovers();
    const rows = this.store
      .prepare<{ record: string }>("SELECT record FROM conformance_runs WHERE connection_id = ? ORDER BY started_at DESC, id DESC LIMIT ?")
      .all(connectionId, KEEP_RUNS);
    return rows.map((r) => storedJson<ConformanceRun>(r.record));
  }

  get(connectionId: string, runId: string): ConformanceRun | undefined {
    const row = this.store
      .prepare<{ record: string }>("SELECT record FROM conformance_runs WHERE connection_id = ? AND id = ?")
      .get(connectionId, runId);
    return row ? storedJson<ConformanceRun>(row.record) : undefined;
  }

  /**
   * A run still "running" in the file belongs to a Loupe that stopped: its suite died with it. On a
   * shared store, only a run whose instance stopped (its record says which).
   */
  private interruptLeftovers(): void {
    const rows = this.store.prepare<{ record: string }>("SELECT record FROM conformance_runs").all();
    for (const row of rows) {
      const run = storedJson<ConformanceRun>(row.record);
      if (run.status !== "running") continue;
      const stopped = this.shared ? stoppedElsewhere(run.instance) : undefined;
      if (this.shared && !stopped) continue;
      const error = stopped ? `${stopped} stopped while this run was going; the suite stopped with it` : INTERRUPTED_REASON;
      this.save({ ...run, status: "interrupted", error, finishedAt: run.finishedAt ?? Date.now() });
    }
  }
}
