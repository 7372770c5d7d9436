"use client";

import { Button } from "@/components/ui/button";
import type { ConnectStep, ConnectionView } from "@/lib/contracts/connections";
import { ReconnectCountdown } from "./connection-timing";

const STEP_LABEL: Record<ConnectStep, string> = {
  spawn: "while starting the process",
  network: "while reaching the server",
  http: "during the HTTP exchange",
  protocol: "during the MCP handshake",
  auth: "at authorization",
  closed: "when the connection closed",
};

export interface OverviewNoticeProps {
  connection: ConnectionView;
  /** Connect again (Try again, Restart, Reconnect now); also stops an automatic reconnect schedule. */
  onConnect: () => void;
  /** Stops an automatic reconnect (the connection ends disconnected). */
  onDisconnect?: () => void;
}

/** A lost remote Loupe reconnects by itself: the countdown, Reconnect now and Stop retrying. */
export function ReconnectNotice({ connection: c, onConnect, onDisconnect }: OverviewNoticeProps) {
  const s = c.state;
  if (!s.reconnect) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/5 p-3"
      data-testid="reconnect-notice"
    >
      <p className="font-medium">The connection was lost; Loupe is reconnecting by itself.</p>
      <ReconnectCountdown status={s.status} reconnect={s.reconnect} />
      <span className="ml-auto inline-flex gap-1">
        <Button size="xs" variant="outline" onClick={onConnect} data-testid="reconnect-now">
          Reconnect now
        </Button>
        {onDisconnect && (
          <Button size="xs" variant="ghost" onClick={onDisconnect} data-testid="stop-retrying">
            Stop retrying
          </Button>
        )}
      </span>
    </div>
  );
}

/** Why connecting failed (or that the stdio process ended), with Try again / Restart unless a reconnect is scheduled. */
export function ConnectionErrorNotice({ connection: c, onConnect }: OverviewNoticeProps) {
  const s = c.state;
  if (!s.error) return null;
  // A stdio server that exited is never restarted behind the user's back: they choose to.
  const processEnded = c.transport === "stdio" && s.error.step === "closed";
  return (
    <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3" data-testid="connection-error">
      <p className="font-medium text-destructive">
        {processEnded ? "The server process ended" : `Connection failed${s.error.step ? ` ${STEP_LABEL[s.error.step]}` : ""}`}
      </p>
      <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{s.error.message}</p>
      {!s.reconnect && (
        <Button
          size="xs"
          variant="outline"
          className="mt-2"
          onClick={onConnect}
          data-testid={processEnded ? "restart-server" : "try-again"}
        >
          {processEnded ? "Restart" : "Try again"}
        </Button>
      )}
    </div>
  );
}
