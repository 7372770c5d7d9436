"use client";

import { useState } from "react";
import { ActivityIcon, PencilIcon, PlugIcon, RotateCwIcon, Trash2Icon, UnplugIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ConnectionState, ConnectionStatus, ReconnectInfo } from "@/lib/contracts/connections";
import type { AppError } from "@/lib/errors";
import { CompactPing, ReconnectCountdown } from "./connection-timing";

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
  const reconnectLabel = p.reconnect ? "Reconnect now" : "Reconnect";
  const disconnectLabel = p.reconnect ? "Stop retrying" : "Disconnect";
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
            aria-label="Ping"
          >
            <ActivityIcon /> <Wide>Ping</Wide>
          </Button>
          <CompactPing lastPing={p.lastPing} pending={p.pinging} error={p.pingError} />
        </span>
      )}
      {live ? (
        <>
          <Button size="xs" variant="outline" disabled={p.busy} onClick={p.onReconnect} data-testid="reconnect" {...named(reconnectLabel)}>
            <RotateCwIcon /> <Wide>{reconnectLabel}</Wide>
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={p.busy}
            onClick={p.onDisconnect}
            data-testid="disconnect"
            {...named(disconnectLabel)}
          >
            <UnplugIcon /> <Wide>{disconnectLabel}</Wide>
          </Button>
        </>
      ) : (
        <Button size="xs" disabled={p.busy} onClick={p.onConnect} data-testid="connect">
          <PlugIcon /> Connect
        </Button>
      )}
      <Button size="xs" variant="ghost" onClick={p.onEdit} data-testid="edit-server" {...named("Edit")}>
        <PencilIcon /> <Wide>Edit</Wide>
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

/**
 * A header action's words, shown from 1280 px on: below, the icons alone (the button keeps its
 * name and a tooltip), so the server's name and version are not cut to "Loupe demo MC…" at 1024 px.
 */
function Wide({ children }: { children: string }) {
  return <span className="hidden xl:inline">{children}</span>;
}

const named = (label: string) => ({ "aria-label": label, title: label });
