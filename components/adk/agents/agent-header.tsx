"use client";

import { useState } from "react";
import { PencilIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { AgentServerView } from "@/lib/contracts/agents";
import type { AppError } from "@/lib/errors";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import { SafeText } from "@/components/ui/safe-text";

export interface AgentHeaderProps {
  agent: AgentServerView;
  busy: boolean;
  error: AppError | null;
  onCheck: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The agent server's name, reachability and actions, and why it is unreachable if it is. */
export function AgentHeader({ agent: a, busy, error, onCheck, onEdit, onDelete }: AgentHeaderProps) {
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="border-b">
      {/* One row at any width (at 1024 px the actions wrapped onto a second): the URL line gives way. */}
      <div className="flex min-w-0 items-center gap-x-3 px-3 py-2">
        <h1 className="max-w-[40%] shrink-0 truncate text-sm font-semibold">
          <SafeText text={a.name} />
        </h1>
        <span className="shrink-0 whitespace-nowrap">
          <PeerStatusDot status={a.state.status} />
        </span>
        <span
          className="min-w-0 truncate font-mono text-xs text-muted-foreground"
          title={`${a.url}${a.state.version ? ` · ADK ${a.state.version}` : ""} · user ${a.userId}`}
        >
          {a.url}
          {a.state.version && ` · ADK ${a.state.version}`}
          {` · user ${a.userId}`}
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <Button size="xs" variant="outline" disabled={busy} onClick={onCheck} data-testid="check-agent">
            <RefreshCwIcon /> Check
          </Button>
          <Button size="xs" variant="ghost" disabled={busy} onClick={onEdit} data-testid="edit-agent">
            <PencilIcon /> Edit
          </Button>
          {confirm ? (
            <>
              <Button size="xs" variant="destructive" disabled={busy} onClick={onDelete} data-testid="confirm-delete-agent">
                Delete {a.name}
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setConfirm(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button size="xs" variant="ghost" disabled={busy} onClick={() => setConfirm(true)} data-testid="delete-agent">
              <Trash2Icon /> Delete
            </Button>
          )}
        </div>
      </div>
      {(a.state.error || error) && (
        <p
          role="alert"
          data-testid="agent-error"
          className="mx-3 mb-2 rounded-md border border-destructive/30 bg-destructive/5 px-2 py-1.5 font-mono text-xs break-words"
        >
          {error?.message ?? a.state.error}
        </p>
      )}
    </div>
  );
}
