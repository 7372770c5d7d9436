"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { agentsQuery } from "@/lib/queries/agents";
import { useAgentActions } from "@/hooks/use-agent-actions";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { QueryError } from "@/components/elements/query-error";
import { AgentDialog } from "@/components/adk/agents/agent-dialog";
import { AgentView } from "@/components/adk/agents/agent-view";

export interface AgentMainProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The main pane when the URL names an agent server (?a=). */
export function AgentMain({ location, navigate }: AgentMainProps) {
  const agents = useQuery(agentsQuery());
  const actions = useAgentActions();
  const [editing, setEditing] = useState(false);

  if (agents.isError) {
    return <QueryError className="m-2" title="Could not load agent servers" error={agents.error} onRetry={() => void agents.refetch()} />;
  }
  const agent = agents.data?.find((a) => a.id === location.agentId);
  if (!agent) {
    return (
      <div className="m-auto text-sm text-muted-foreground">
        {agents.isPending ? "Loading agent servers…" : "This agent server is not saved (any more)."}
      </div>
    );
  }
  return (
    <>
      <AgentView
        key={agent.id}
        agent={agent}
        location={location}
        navigate={navigate}
        actions={actions}
        onEdit={() => {
          actions.update.reset();
          setEditing(true);
        }}
      />
      {editing && (
        <AgentDialog
          key={agent.id}
          open
          initial={agent}
          onOpenChange={(o) => !o && setEditing(false)}
          onSubmit={(input) => actions.update.mutateAsync({ id: agent.id, input })}
          pending={actions.update.isPending}
          error={actions.update.error}
        />
      )}
    </>
  );
}
