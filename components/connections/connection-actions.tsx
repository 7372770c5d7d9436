"use client";

import { useState } from "react";
import { PencilIcon, PlugIcon, RotateCwIcon, Trash2Icon, UnplugIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ConnectionStatus } from "@/lib/contracts/connections";
import type { AppError } from "@/lib/errors";

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
}

/** Lifecycle buttons for one server; delete asks first because it stops a running process. */
export function ConnectionActions(p: ConnectionActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const live = p.status === "connected" || p.status === "connecting";
  return (
    <div className="flex items-center gap-1">
      {p.error && (
        <span role="alert" className="mr-2 max-w-72 truncate text-xs text-destructive" title={p.error.message}>
          {p.error.message}
        </span>
      )}
      {live ? (
        <>
          <Button size="xs" variant="outline" disabled={p.busy} onClick={p.onReconnect} data-testid="reconnect">
            <RotateCwIcon /> Reconnect
          </Button>
          <Button size="xs" variant="outline" disabled={p.busy} onClick={p.onDisconnect} data-testid="disconnect">
            <UnplugIcon /> Disconnect
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
