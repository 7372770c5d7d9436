"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useA2aAgentActions } from "@/hooks/use-a2a";
import { a2aAgentsQuery } from "@/lib/queries/a2a";
import { QueryError } from "@/components/elements/query-error";
import { A2aAgentDialog } from "@/components/a2a/a2a-agent-dialog";
import { A2aAgentView } from "@/components/a2a/a2a-agent-view";

export interface A2aMainProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The main pane for ?view=a2a: the open agent (?peer=), or a word on what to do. */
export function A2aMain({ location, navigate }: A2aMainProps) {
  const agents = useQuery(a2aAgentsQuery());
  const actions = useA2aAgentActions();
  const [editing, setEditing] = useState(false);

  if (agents.isError)
    return <QueryError className="m-2" title="Could not load A2A agents" error={agents.error} onRetry={() => void agents.refetch()} />;
  if (agents.isPending) return <p className="m-auto text-sm text-muted-foreground">Loading A2A agents…</p>;
  const agent = agents.data.find((a) => a.id === location.peerId);
  if (!agent) {
    return (
      <div className="m-auto max-w-sm text-center text-sm text-muted-foreground" data-testid="a2a-empty">
        {location.peerId
          ? "This A2A agent is not saved (any more)."
          : agents.data.length
            ? "Pick an A2A agent on the left."
            : "Add an A2A agent on the left: the URL of its agent card or its base URL."}
      </div>
    );
  }
  return (
    <>
      <A2aAgentView
        key={agent.id}
        agent={agent}
        location={location}
        navigate={navigate}
        onEdit={() => {
          actions.update.reset();
          setEditing(true);
        }}
        onRefetchCard={() => actions.refetchCard.mutate(agent.id)}
        refetching={actions.refetchCard.isPending}
        refetchError={actions.refetchCard.error}
      />
      {editing && (
        <A2aAgentDialog
          key={agent.id}
          initial={agent}
          onOpenChange={(o) => !o && setEditing(false)}
          onSubmit={(input) => actions.update.mutateAsync({ id: agent.id, patch: input })}
          pending={actions.update.isPending}
          error={actions.update.error}
        />
      )}
    </>
  );
}
