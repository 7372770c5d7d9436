"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { agentsQuery } from "@/lib/queries/agents";
import { useAgentActions } from "@/hooks/use-agent-actions";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { QueryError } from "@/components/elements/query-error";
import { AgentDialog } from "@/components/adk/agents/agent-dialog";
import { AgentList } from "@/components/adk/agents/agent-list";

export interface AgentSidebarProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's ADK section: saved ADK servers and "Add agent server". */
export function AgentSidebar({ location, navigate }: AgentSidebarProps) {
  const agents = useQuery(agentsQuery());
  const { create } = useAgentActions();
  const [adding, setAdding] = useState(false);
  const open = (agentId: string) => navigate({ agentId, app: null, sessionId: null, userId: null });

  return (
    <>
      {agents.isError ? (
        <QueryError className="m-2" title="Could not load agent servers" error={agents.error} onRetry={() => void agents.refetch()} />
      ) : (
        <AgentList
          agents={agents.data ?? []}
          loading={agents.isPending}
          selectedId={location.view ? null : location.agentId}
          onSelect={open}
          onAdd={() => {
            create.reset();
            setAdding(true);
          }}
        />
      )}
      {adding && (
        <AgentDialog
          open
          onOpenChange={(o) => !o && setAdding(false)}
          onSubmit={(input) => create.mutateAsync(input).then((view) => open(view.id))}
          pending={create.isPending}
          error={create.error}
        />
      )}
    </>
  );
}
