import "server-only";
import type { ConnectionConfig, ConnectionView, RootEntry } from "@/lib/contracts/connections";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { isModern } from "@/lib/server/mcp/era";
import { errorMessage } from "@/lib/values";

/** Whether a server was told its roots changed: sent, not sendable (see tellRootsChanged), or failed in words. */
export type RootsNotice = { ok: true; sent: boolean } | { ok: false; message: string };

/**
 * Tells a connected server its roots changed (notifications/roots/list_changed), when it can be
 * told: Loupe declared roots to it (only then is the notification sent) and it speaks 2025-11-25
 * (2026-07-28 has no such notification: the server asks for roots in each request).
 */
export async function tellRootsChanged(conn: ConnectionHandle): Promise<RootsNotice> {
  const choice = conn.config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES;
  if (!choice.roots || !conn.client || conn.state.status !== "connected" || isModern(conn.state.era)) return { ok: true, sent: false };
  try {
    await conn.client.sendRootsListChanged();
    return { ok: true, sent: true };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

/** Saves a connection's roots without reconnecting and tells a connected server (tellRootsChanged). */
export async function saveRoots(
  conn: ConnectionHandle,
  table: { save(config: ConnectionConfig): void },
  roots: RootEntry[],
): Promise<ConnectionView> {
  const config = { ...conn.config, roots } as ConnectionConfig;
  table.save(config);
  conn.config = config;
  const notice = await tellRootsChanged(conn);
  if (!notice.ok) {
    throw new AppError("upstream:roots_list_changed", `The roots were saved but the server could not be told: ${notice.message}`);
  }
  return conn.view();
}
