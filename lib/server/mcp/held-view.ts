import "server-only";
import { ConnectionStatus, type ConnectionState, type ConnectionView } from "@/lib/contracts/connections";
import { leaseHolder } from "@/lib/server/cluster/service";
import { isRecord } from "@/lib/values";

/** MCP connections' leases are `mcp:<connection id>` (lib/server/mcp/leased.ts). */
export const MCP_LEASE = "mcp";

/** What a holder publishes of a connection it holds: enough for the servers list of another instance. */
export function publishedState(state: ConnectionState): Partial<ConnectionState> {
  const { status, error, serverInfo, transportUsed, connectedAt, protocolVersion } = state;
  return { status, error, serverInfo, transportUsed, connectedAt, protocolVersion };
}

/** The published state read back from the database, field by field (what is not understood is left out). */
function readState(value: unknown): Partial<ConnectionState> {
  if (!isRecord(value)) return {};
  const out: Partial<ConnectionState> = {};
  const status = ConnectionStatus.safeParse(value.status);
  if (status.success) out.status = status.data;
  if (isRecord(value.error) && typeof value.error.message === "string") out.error = { message: value.error.message };
  if (isRecord(value.serverInfo) && typeof value.serverInfo.name === "string")
    out.serverInfo = { name: value.serverInfo.name, version: typeof value.serverInfo.version === "string" ? value.serverInfo.version : "" };
  if (value.transportUsed === "stdio" || value.transportUsed === "streamable-http" || value.transportUsed === "sse")
    out.transportUsed = value.transportUsed;
  if (typeof value.connectedAt === "number") out.connectedAt = value.connectedAt;
  if (typeof value.protocolVersion === "string") out.protocolVersion = value.protocolVersion;
  return out;
}

/**
 * A connection as this instance shows it: with several instances on one database, who holds it, and
 * when another does, the state that one published instead of this instance's (never connected here).
 */
export function heldView(view: ConnectionView): ConnectionView {
  const held = leaseHolder(MCP_LEASE, view.id);
  if (!held) return view;
  if (held.holder.here) return { ...view, heldBy: held.holder };
  return { ...view, heldBy: held.holder, state: { ...view.state, ...readState(held.state) } };
}
