import "server-only";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";
import { getCluster } from "@/lib/server/cluster/service";

interface RecordRow {
  record: string;
}

/** What a request pending when Loupe stopped (or crashed) says once Loupe runs again. */
export const LOUPE_STOPPED_REASON = "Loupe stopped before it was answered; the server's session ended with it";

/** Rows read back per list (newest first); the in-memory registry keeps its own bound. */
const LIST_LIMIT = 500;

/**
 * The `mcp_requests` table (created in lib/server/store.ts): every sampling / elicitation request
 * with what became of it, so the inbox keeps them after Loupe restarts. Pending rows left by an
 * earlier process can never be answered: they turn stale ("Loupe stopped") the first time this
 * process reads the file — unless several instances share the database (issue 25): then the pending
 * rows of a connection are another live instance's, until this one takes the connection over
 * (`staleLeftBehind`, when it takes the connection's lease).
 */
export class McpRequestStore {
  constructor(
    private readonly store: Store,
    isLive: (id: string) => boolean,
  ) {
    if (!getCluster()) this.staleAfterRestart(isLive);
  }

  /** The pending rows of `connectionId` no request of this process holds: asked of an instance that held it before. */
  staleLeftBehind(connectionId: string, isLive: (id: string) => boolean, reason = LOUPE_STOPPED_REASON): McpClientRequest[] {
    const rows = this.store
      .prepare<RecordRow>("SELECT record FROM mcp_requests WHERE status = 'pending' AND connection_id = ?")
      .all(connectionId);
    const closed: McpClientRequest[] = [];
    for (const row of rows) {
      const request = storedJson<McpClientRequest>(row.record);
      if (isLive(request.id)) continue;
      const stale: McpClientRequest = { ...request, status: "stale", reason, staleCause: "loupe_stopped" };
      this.save(stale);
      closed.push(stale);
    }
    return closed;
  }

  save(request: McpClientRequest): void {
    this.store.db
      .prepare(
        `INSERT INTO mcp_requests (id, connection_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record`,
      )
      .run(request.id, request.connectionId, request.status, request.createdAt, JSON.stringify(request));
  }

  get(id: string): McpClientRequest | undefined {
    const row = this.store.prepare<RecordRow>("SELECT record FROM mcp_requests WHERE id = ?").get(id);
    return row ? storedJson<McpClientRequest>(row.record) : undefined;
  }

  /** Newest first, of one connection or all. */
  list(connectionId?: string): McpClientRequest[] {
    const rows =
      connectionId === undefined
        ? this.store.prepare<RecordRow>("SELECT record FROM mcp_requests ORDER BY created_at DESC LIMIT ?").all(LIST_LIMIT)
        : this.store
            .prepare<RecordRow>("SELECT record FROM mcp_requests WHERE connection_id = ? ORDER BY created_at DESC LIMIT ?")
            .all(connectionId, LIST_LIMIT);
    return rows.map((r) => storedJson<McpClientRequest>(r.record));
  }

  /** A pending row that no request of this process holds was left by a Loupe that stopped. */
  private staleAfterRestart(isLive: (id: string) => boolean): void {
    const rows = this.store.prepare<RecordRow>("SELECT record FROM mcp_requests WHERE status = 'pending'").all();
    for (const row of rows) {
      const request = storedJson<McpClientRequest>(row.record);
      if (isLive(request.id)) continue;
      this.save({ ...request, status: "stale", reason: LOUPE_STOPPED_REASON, staleCause: "loupe_stopped" });
    }
  }
}

const opened = new WeakMap<Store, McpRequestStore>();

/** The request table of one store, opened (and swept of a stopped Loupe's pending rows) once per process. */
export function requestStore(store: Store, isLive: (id: string) => boolean): McpRequestStore {
  let found = opened.get(store);
  if (!found) {
    found = new McpRequestStore(store, isLive);
    opened.set(store, found);
  }
  return found;
}
