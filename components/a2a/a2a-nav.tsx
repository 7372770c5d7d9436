"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { NetworkIcon, PlusIcon, Trash2Icon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useA2aAgentActions } from "@/hooks/use-a2a";
import { a2aAgentsQuery } from "@/lib/queries/a2a";
import { QueryError } from "@/components/elements/query-error";
import { Button } from "@/components/ui/button";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { A2aAgentDialog } from "@/components/a2a/a2a-agent-dialog";
import { cn } from "@/lib/cn";

export interface A2aNavProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's "A2A agents" section: saved agents with their status, add, and remove. */
export function A2aNav({ location, navigate }: A2aNavProps) {
  const agents = useQuery(a2aAgentsQuery());
  const { create, remove } = useA2aAgentActions();
  const [adding, setAdding] = useState(false);
  const openId = location.view === "a2a" ? location.peerId : null;

  const removeAgent = (id: string, name: string) => {
    if (!window.confirm(`Remove the A2A agent “${name}”? Its recorded tasks stay in the history.`)) return;
    remove.mutate(id, { onSuccess: () => id === openId && navigate({ view: "a2a", peerId: null }) });
  };

  return (
    <div className="flex flex-col border-t" data-testid="a2a-nav">
      <div className="flex items-center justify-between px-3 pt-2 pb-1">
        <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <NetworkIcon className="size-3.5" aria-hidden /> A2A agents
        </span>
        <Button
          size="icon"
          variant="ghost"
          className="size-6"
          aria-label="Add A2A agent"
          data-testid="add-a2a-agent"
          onClick={() => {
            create.reset();
            setAdding(true);
          }}
        >
          <PlusIcon />
        </Button>
      </div>
      {agents.isError ? (
        <QueryError className="m-2" title="Could not load A2A agents" error={agents.error} onRetry={() => void agents.refetch()} />
      ) : agents.isPending ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">Loading…</p>
      ) : agents.data.length === 0 ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">None yet.</p>
      ) : (
        <ul className="flex flex-col px-1.5 pb-2">
          {agents.data.map((a) => (
            <li key={a.id} className="group relative">
              <button
                type="button"
                data-testid="a2a-agent-row"
                data-agent-id={a.id}
                aria-current={a.id === openId ? "page" : undefined}
                onClick={() => navigate({ view: "a2a", peerId: a.id })}
                className={cn(
                  "flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
                  sidebarItemState(a.id === openId),
                )}
              >
                <span className="w-full truncate pr-6 text-sm font-medium">{a.name}</span>
                <PeerStatusDot status={a.state.status} />
              </button>
              {!a.builtin && (
                <Button
                  size="icon"
                  variant="ghost"
                  className="absolute top-1 right-1 size-6 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
                  aria-label={`Remove ${a.name}`}
                  onClick={() => removeAgent(a.id, a.name)}
                >
                  <Trash2Icon />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.error && <QueryError className="m-2" title="Could not remove the agent" error={remove.error} />}
      {adding && (
        <A2aAgentDialog
          onOpenChange={(o) => !o && setAdding(false)}
          onSubmit={(input) => create.mutateAsync(input).then((view) => navigate({ view: "a2a", peerId: view.id }))}
          pending={create.isPending}
          error={create.error}
        />
      )}
    </div>
  );
}
