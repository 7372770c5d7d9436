import type { ConnectionStatus, TransportKind } from "@/lib/contracts/connections";
import { cn } from "@/lib/cn";
import { TONE_DOT_CLASS, type StatusTone } from "@/components/elements/status-badge";

/** A Record, so a new status without a label or colour is a type error (STYLE rule 7). */
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

/** A coloured dot with its label; the label stays visible so colour is never the only signal. */
export function StatusDot({ status, showLabel = true, className }: { status: ConnectionStatus; showLabel?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)} data-status={status}>
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", TONE_DOT_CLASS[STATUS_TONE[status]])} />
      {showLabel && <span>{STATUS_LABEL[status]}</span>}
    </span>
  );
}
