import "server-only";
import type { ConnectionConfig, ConnectionView, RootEntry } from "@/lib/contracts/connections";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { isModern } from "@/lib/server/mcp/era";
import { errorMessage } from "@/lib/values";

/**
 * Saves a connection's roots without reconnecting and tells a connected server with
 * notifications/roots/list_changed (only declared, and so only sent, when roots are on).
 */
export async function saveRoots(
  conn: ConnectionHandle,
  table: { save(config: ConnectionConfig): void },
  roots: RootEntry[],
): Promise<ConnectionView> {
  const config = { ...conn.config, roots } as ConnectionConfig;
  table.save(config);
  conn.config = config;
  const choice = config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES;
  // 2026-07-28 has no notifications/roots/list_changed: the server asks for roots in each request.
  if (choice.roots && conn.client && conn.state.status === "connected" && !isModern(conn.state.era)) {
    try {
      await conn.client.sendRootsListChanged();
    } catch (error) {
      const message = errorMessage(error);
      throw new AppError("upstream:roots_list_changed", `The roots were saved but the server could not be told: ${message}`);
    }
  }
  return conn.view();
}
