"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon, RadioTowerIcon, Trash2Icon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useAguiActions } from "@/hooks/use-agui";
import { aguiAgentsQuery } from "@/lib/queries/agui";
import { QueryError } from "@/components/elements/query-error";
import { Button } from "@/components/ui/button";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { AguiAgentDialog } from "./agui-agent-dialog";

export interface AguiNavProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's "AG-UI agents" section: saved agents with their status, add and remove. */
export function AguiNav({ location, navigate }: AguiNavProps) {
  // Reachability changes on the server without an entry of its own: re-read now and then.
  const agents = useQuery({ ...aguiAgentsQuery(), refetchInterval: 15_000 });
  const { create, remove } = useAguiActions();
  const [adding, setAdding] = useState(false);
  const openId = location.view === "agui" ? location.peerId : null;

  return (
    <div className="flex flex-col border-t" data-testid="agui-nav">
      <div className="flex items-center justify-between px-3 pt-2 pb-1">
        <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <RadioTowerIcon className="size-3.5" aria-hidden /> AG-UI agents
        </span>
        <Button
          size="icon"
          variant="ghost"
          className="size-6"
          aria-label="Add AG-UI agent"
          data-testid="agui-add"
          onClick={() => {
            create.reset();
            setAdding(true);
          }}
        >
          <PlusIcon />
        </Button>
      </div>
      {agents.isError ? (
        <QueryError className="m-2" title="Could not load AG-UI agents" error={agents.error} onRetry={() => void agents.refetch()} />
      ) : agents.isPending ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">Loading AG-UI agents…</p>
      ) : agents.data.length === 0 ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">None yet. Add one by the URL of its run endpoint.</p>
      ) : (
        <ul className="flex flex-col px-1.5 pb-2">
          {agents.data.map((a) => (
            <li key={a.id} className="group relative" data-testid="agui-agent-row" data-agent-id={a.id}>
              <button
                type="button"
                aria-current={openId === a.id ? "page" : undefined}
                onClick={() => navigate({ view: "agui", peerId: a.id })}
                title={a.state.error ?? a.url}
                className={cn(
                  "flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
                  sidebarItemState(openId === a.id),
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{a.name}</span>
                  <PeerStatusDot status={a.state.status} />
                </span>
              </button>
              {!a.builtin && (
                <Button
                  size="icon"
                  variant="ghost"
                  className="absolute top-1.5 right-1 size-6 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
                  aria-label={`Remove ${a.name}`}
                  data-testid="agui-remove"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm(`Remove the AG-UI agent “${a.name}”? Its recorded runs stay in the data dir.`)) return;
                    remove.mutate(a.id, { onSuccess: () => openId === a.id && navigate({ view: "agui", peerId: null }) });
                  }}
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
        <AguiAgentDialog
          onOpenChange={(o) => !o && setAdding(false)}
          onSubmit={(input) => create.mutateAsync(input).then((view) => navigate({ view: "agui", peerId: view.id }))}
          pending={create.isPending}
          error={create.error}
        />
      )}
    </div>
  );
}
