import "server-only";
import type { ApprovalStatus, ToolApproval } from "@/lib/contracts/approvals";
import { record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";

/** What an approval pending when Loupe stopped (or crashed) says once Loupe runs again. */
export const LOUPE_STOPPED_REASON = "Loupe stopped while this call waited";

/** Rows read back per list (newest first). */
const LIST_LIMIT = 500;

// Additive table beside the core ones in lib/server/store-schema.ts (same file, same connection).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS tool_approvals (
  id TEXT PRIMARY KEY,
  connection_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tool_approvals_created ON tool_approvals (created_at);
CREATE INDEX IF NOT EXISTS tool_approvals_status ON tool_approvals (status);
`;

/**
 * The `tool_approvals` table: every gated tool call with what became of it, so the inbox keeps
 * them after Loupe restarts. A pending row no gate of this process waits on was left by a Loupe
 * that stopped: nobody can receive its answer, so it turns stale when this process opens the file
 * (a SQLite file; see the constructor for a shared store).
 */
export class ApprovalStore {
  constructor(
    private readonly store: Store,
    isLive: (id: string) => boolean,
  ) {
    store.db.exec(SCHEMA);
    // On a shared store (issue 25) a pending row may be another live instance's: it is not this
    // process's to close. The instance that takes a dead one's tap over takes its approvals over.
    if (store.engine.kind === "sqlite") this.staleAfterRestart(isLive);
  }

  save(approval: ToolApproval): void {
    this.store
      .prepare(
        `INSERT INTO tool_approvals (id, connection_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record`,
      )
      .run(approval.id, approval.connectionId, approval.status, approval.createdAt, JSON.stringify(approval));
  }

  /**
   * Writes `closed` only over a row still pending (another instance may have just answered it).
   * Whether it was written.
   */
  closeIfPending(closed: ToolApproval): boolean {
    return (
      this.store
        .prepare("UPDATE tool_approvals SET status = ?, record = ? WHERE id = ? AND status = 'pending'")
        .run(closed.status, JSON.stringify(closed), closed.id).changes > 0
    );
  }

  get(id: string): ToolApproval | undefined {
    return record<ToolApproval>(this.store, "SELECT record FROM tool_approvals WHERE id = ?", id);
  }

  /** Newest first, optionally of one status. */
  list(status?: ApprovalStatus): ToolApproval[] {
    return status === undefined
      ? records<ToolApproval>(this.store, "SELECT record FROM tool_approvals ORDER BY created_at DESC, rowid DESC LIMIT ?", LIST_LIMIT)
      : records<ToolApproval>(
          this.store,
          "SELECT record FROM tool_approvals WHERE status = ? ORDER BY created_at DESC, rowid DESC LIMIT ?",
          status,
          LIST_LIMIT,
        );
  }

  private staleAfterRestart(isLive: (id: string) => boolean): void {
    for (const approval of records<ToolApproval>(this.store, "SELECT record FROM tool_approvals WHERE status = 'pending'")) {
      if (!isLive(approval.id)) this.save({ ...approval, status: "stale", reason: LOUPE_STOPPED_REASON });
    }
  }
}

const opened = new WeakMap<Store, ApprovalStore>();

/** The approvals table of one store, opened (and swept of a stopped Loupe's pending rows) once per process. */
export function approvalStore(store: Store, isLive: (id: string) => boolean): ApprovalStore {
  let found = opened.get(store);
  if (!found) {
    found = new ApprovalStore(store, isLive);
    opened.set(store, found);
  }
  return found;
}
