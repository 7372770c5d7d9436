import "server-only";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { PeerTable, type PeerTableSpec } from "@/lib/server/peers/table";
import type { Store } from "@/lib/server/store";

/**
 * MCP's saved connections (the `connections` table, lib/server/mcp/tables.ts): deleting one
 * deletes its call history, OAuth state, server → client requests, tasks and surface snapshots with it (conformance
 * runs are swept by their own store, conformance/run-store.ts).
 */
export const CONNECTIONS: PeerTableSpec = {
  table: "connections",
  cascade: {
    calls: "connection_id",
    oauth: "connection_id",
    mcp_requests: "connection_id",
    mcp_tasks: "connection_id",
    surface_snapshots: "connection_id",
  },
};

/** The saved connections of one store (secrets in clear; views mask them). */
export function connectionTable(store: Store): PeerTable<ConnectionConfig> {
  return new PeerTable<ConnectionConfig>(store, CONNECTIONS);
}
