import type { ConnectionStatus, TransportKind } from "@/lib/contracts/connections";
import { cn } from "@/lib/cn";

/** A Record, so a new status without a label or colour is a type error (STYLE rule 7). */
export const STATUS_LABEL: Record<ConnectionStatus, string> = {
  idle: "Not connected",
  connecting: "Connecting…",
  connected: "Connected",
  disconnected: "Disconnected",
  error: "Error",
};

const STATUS_DOT: Record<ConnectionStatus, string> = {
  idle: "bg-neutral-300 dark:bg-neutral-600",
  connecting: "bg-amber-400 animate-pulse",
  connected: "bg-emerald-500",
  disconnected: "bg-neutral-400",
  error: "bg-red-500",
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
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", STATUS_DOT[status])} />
      {showLabel && <span>{STATUS_LABEL[status]}</span>}
    </span>
  );
}
