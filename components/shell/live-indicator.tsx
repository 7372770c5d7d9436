import type { StreamStatus } from "@/hooks/use-event-stream";
import { cn } from "@/lib/cn";

const LABEL: Record<StreamStatus, string> = {
  connecting: "connecting",
  live: "live",
  reconnecting: "reconnecting…",
  offline: "offline — retrying",
};

const DOT: Record<StreamStatus, string> = {
  connecting: "bg-neutral-400",
  live: "bg-emerald-500",
  reconnecting: "bg-amber-400 animate-pulse",
  offline: "bg-red-500 animate-pulse",
};

/** State of the one event stream: whether what the page shows is still live. */
export function LiveIndicator({ status }: { status: StreamStatus }) {
  return (
    <span
      data-testid="live-indicator"
      data-state={status}
      title="Live updates from the Loupe server"
      className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground")}
    >
      <span aria-hidden className={cn("size-2 rounded-full", DOT[status])} />
      {LABEL[status]}
    </span>
  );
}
