import type { ConnectionState, ConnectionStatus, TransportKind } from "@/lib/contracts/connections";
import { StatusDot, type StatusTone } from "@/components/elements/status-badge";

/** Records, so a new status or transport without a label or colour is a type error (STYLE rule 7). */
export const STATUS_LABEL: Record<ConnectionStatus, string> = {
  idle: "Not connected",
  connecting: "Connecting…",
  connected: "Connected",
  disconnected: "Disconnected",
  error: "Error",
};

const STATUS_TONE: Record<ConnectionStatus, StatusTone> = {
  idle: "canceled",
  connecting: "running",
  connected: "ok",
  disconnected: "stale",
  error: "failed",
};

export const TRANSPORT_LABEL: Record<TransportKind, string> = {
  stdio: "stdio",
  http: "Streamable HTTP",
  sse: "SSE",
};

const TRANSPORT_USED_LABEL: Record<NonNullable<ConnectionState["transportUsed"]>, string> = {
  stdio: "stdio",
  "streamable-http": "Streamable HTTP",
  sse: "SSE",
};

/**
 * The transport a connection speaks: the one in use once connected (an `http` connection that fell
 * back to the legacy transport reads "SSE (fallback)", issue 23), else the one configured.
 */
export function transportLabel(c: { transport: TransportKind; state: Pick<ConnectionState, "transportUsed"> }): string {
  const used = c.state.transportUsed;
  if (!used) return TRANSPORT_LABEL[c.transport];
  return c.transport === "http" && used === "sse" ? "SSE (fallback)" : TRANSPORT_USED_LABEL[used];
}

/** An MCP server connection's status as a coloured dot with its label (the MCP list, header and overview). */
export function ConnectionStatusDot({
  status,
  showLabel = true,
  className,
}: {
  status: ConnectionStatus;
  showLabel?: boolean;
  className?: string;
}) {
  return <StatusDot tone={STATUS_TONE[status]} label={STATUS_LABEL[status]} status={status} showLabel={showLabel} className={className} />;
}
