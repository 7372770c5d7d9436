"use client";

import { useEffect, useState } from "react";
import { ActivityIcon, PencilIcon, PlugIcon, RotateCwIcon, Trash2Icon, UnplugIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ConnectionState, ConnectionStatus, ReconnectInfo } from "@/lib/contracts/connections";
import { cn } from "@/lib/cn";
import type { AppError } from "@/lib/errors";
import { formatClock } from "@/lib/format";

export interface ConnectionActionsProps {
  name: string;
  status: ConnectionStatus;
  busy: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
  onReconnect: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  error: AppError | null;
  /** Set while Loupe reconnects a lost remote by itself: shows a countdown, and Disconnect stops it. */
  reconnect?: ReconnectInfo;
  /** With onPing, a compact Ping button and the last result from state. */
  onPing?: () => void;
  pinging?: boolean;
  lastPing?: ConnectionState["lastPing"];
  /** The ping request's own error (e.g. not connected) when it never reached state. */
  pingError?: string;
  /** Set on a 2026-07-28 session, which has no ping: why the button is disabled. */
  pingRemoved?: string;
}

/** Lifecycle buttons for one server; delete asks first because it stops a running process. */
export function ConnectionActions(p: ConnectionActionsProps) {
  const [confirming, setConfirming] = useState(false);
  // A scheduled automatic reconnect counts as live: Disconnect is how the user stops it.
  const live = p.status === "connected" || p.status === "connecting" || p.reconnect !== undefined;
  return (
    <div className="flex items-center gap-1">
      {p.error && (
        <span role="alert" className="mr-2 max-w-72 truncate text-xs text-destructive" title={p.error.message}>
          {p.error.message}
        </span>
      )}
      {p.reconnect && <ReconnectCountdown status={p.status} reconnect={p.reconnect} className="mr-2" />}
      {p.onPing && (
        <span className="mr-1 inline-flex items-center gap-1">
          <Button
            size="xs"
            variant="ghost"
            disabled={p.status !== "connected" || p.pinging || p.pingRemoved !== undefined}
            onClick={p.onPing}
            data-testid="header-ping"
            title={p.pingRemoved ?? "Send an MCP ping and measure the round trip"}
          >
            <ActivityIcon /> Ping
          </Button>
          <CompactPing lastPing={p.lastPing} pending={p.pinging} error={p.pingError} />
        </span>
      )}
      {live ? (
        <>
          <Button size="xs" variant="outline" disabled={p.busy} onClick={p.onReconnect} data-testid="reconnect">
            <RotateCwIcon /> {p.reconnect ? "Reconnect now" : "Reconnect"}
          </Button>
          <Button size="xs" variant="outline" disabled={p.busy} onClick={p.onDisconnect} data-testid="disconnect">
            <UnplugIcon /> {p.reconnect ? "Stop retrying" : "Disconnect"}
          </Button>
        </>
      ) : (
        <Button size="xs" disabled={p.busy} onClick={p.onConnect} data-testid="connect">
          <PlugIcon /> Connect
        </Button>
      )}
      <Button size="xs" variant="ghost" onClick={p.onEdit} data-testid="edit-server">
        <PencilIcon /> Edit
      </Button>
      <Button size="xs" variant="ghost" onClick={() => setConfirming(true)} data-testid="delete-server" aria-label="Delete server">
        <Trash2Icon />
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent data-testid="confirm-delete" className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Delete {p.name}?</DialogTitle>
            <DialogDescription>
              Loupe disconnects the server and forgets its settings. Recorded traffic stays in the data directory.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button
              variant="destructive"
              data-testid="confirm-delete-button"
              onClick={() => void p.onDelete().finally(() => setConfirming(false))}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The last ping in a few characters ("4.5 ms", "failed"); the full text is in the title. */
function CompactPing({ lastPing, pending, error }: { lastPing?: ConnectionState["lastPing"]; pending?: boolean; error?: string }) {
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
