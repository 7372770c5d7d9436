"use client";

import { useEffect, useState } from "react";
import type { ConnectionState, ConnectionStatus, ReconnectInfo } from "@/lib/contracts/connections";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";

/** The last ping in a few characters ("4.5 ms", "failed"); the full text is in the title. */
export function CompactPing({ lastPing, pending, error }: { lastPing?: ConnectionState["lastPing"]; pending?: boolean; error?: string }) {
  if (pending) return <span className="text-xs text-muted-foreground">…</span>;
  const failure = lastPing?.error ?? (lastPing ? undefined : error);
  if (failure) {
    return (
      <span className="text-xs text-destructive" title={`Ping failed: ${failure}`} data-testid="header-ping-result">
        failed
      </span>
    );
  }
  if (!lastPing) return null;
  return (
    <span
      className="font-mono text-xs text-muted-foreground"
      title={`Last ping at ${formatClock(lastPing.at)}`}
      data-testid="header-ping-result"
    >
      {lastPing.ms} ms
    </span>
  );
}

/** Re-renders every second while `active`, for countdowns. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Where an automatic reconnect stands: "Reconnecting (attempt 3 of 10)…" while an attempt runs,
 * "Retrying in 4 s (attempt 3 of 10)" counting down between attempts.
 */
export function ReconnectCountdown({
  status,
  reconnect,
  className,
}: {
  status: ConnectionStatus;
  reconnect: ReconnectInfo;
  className?: string;
}) {
  const waiting = status !== "connecting";
  const now = useNow(waiting);
  const of = `attempt ${reconnect.attempt} of ${reconnect.max}`;
  const text = waiting ? `Retrying in ${Math.max(0, Math.ceil((reconnect.nextAt - now) / 1_000))} s (${of})` : `Reconnecting (${of})…`;
  return (
    <span role="status" className={cn("text-xs text-amber-700 dark:text-amber-400", className)} data-testid="reconnect-countdown">
      {text}
    </span>
  );
}
