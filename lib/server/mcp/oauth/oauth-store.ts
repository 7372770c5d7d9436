import "server-only";
import type { OAuthRecord } from "@/lib/server/mcp/oauth/record";
import { storedJson } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";

/**
 * The `oauth` table (created with the store, lib/server/mcp/tables.ts): tokens and client
 * secrets, server-side only, never in entries. One row per connection; `pending_state` indexes
 * the authorization the user was sent to, so the callback finds its connection.
 */
export function readOAuth(store: Store, connectionId: string): OAuthRecord {
  const row = store.prepare<{ data: string }>("SELECT data FROM oauth WHERE connection_id = ?").get(connectionId);
  return row ? storedJson<OAuthRecord>(row.data) : {};
}

export function saveOAuth(store: Store, connectionId: string, record: OAuthRecord): void {
  store
    .prepare(
      `INSERT INTO oauth (connection_id, data, pending_state, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(connection_id) DO UPDATE SET data = excluded.data, pending_state = excluded.pending_state, updated_at = excluded.updated_at`,
    )
    .run(connectionId, JSON.stringify(record), record.pending?.state ?? null, Date.now());
}

/** The connection whose pending authorization carries this `state`. */
export function oauthByState(store: Store, state: string): { connectionId: string; record: OAuthRecord } | undefined {
  const row = store
    .prepare<{ connection_id: string; data: string }>("SELECT connection_id, data FROM oauth WHERE pending_state = ?")
    .get(state);
  return row ? { connectionId: row.connection_id, record: storedJson<OAuthRecord>(row.data) } : undefined;
}
