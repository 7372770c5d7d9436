"use client";

import type { AgentServerView } from "@/lib/contracts/agents";
import type { AgentActions } from "@/hooks/use-agent-actions";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { AgentHeader } from "@/components/agents/agent-header";
import { AppPicker } from "@/components/agents/app-picker";
import { SessionList } from "@/components/agents/session-list";
import { SessionView } from "@/components/agents/session-view";

export interface AgentViewProps {
  agent: AgentServerView;
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
  actions: AgentActions;
  onEdit: () => void;
}

/** One agent server: the app, its sessions for the configured user, and the open session. */
export function AgentView({ agent, location, navigate, actions, onEdit }: AgentViewProps) {
  const apps = agent.state.apps;
  // No app in the URL: the first listed one, without rewriting the URL until the user picks.
  const app = location.app ?? apps[0] ?? null;
  const userId = location.userId ?? agent.userId;
  const pending = [actions.check, actions.remove].some((m) => m.isPending && m.variables === agent.id);
  const error = [actions.check, actions.remove].find((m) => m.isError && m.variables === agent.id)?.error ?? null;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="agent-view" data-agent-id={agent.id}>
      <AgentHeader
        agent={agent}
        busy={pending}
        error={error}
        onCheck={() => actions.check.mutate(agent.id)}
        onEdit={onEdit}
        onDelete={() => actions.remove.mutate(agent.id, { onSuccess: () => navigate({ agentId: null, app: null, sessionId: null }) })}
      />
      <div className="flex min-h-0 flex-1">
        <div className="flex w-64 shrink-0 flex-col border-r">
          <div className="border-b p-2">
            <AppPicker apps={apps} value={app} onChange={(next) => navigate({ agentId: agent.id, app: next, sessionId: null, userId: null })} />
          </div>
          {app ? (
            <SessionList
              key={`${app}/${userId}`}
              agentId={agent.id}
              appName={app}
              userId={userId}
              selectedId={location.sessionId}
              onOpen={(sessionId) => navigate({ agentId: agent.id, app, sessionId })}
            />
          ) : (
            <p className="p-3 text-xs text-muted-foreground">
              {agent.state.status === "error" ? "The server is unreachable; check it to list its apps." : "The server lists no apps."}
            </p>
          )}
        </div>
        {app && location.sessionId ? (
          <SessionView
            key={`${app}/${userId}/${location.sessionId}`}
            sessionRef={{ agentId: agent.id, appName: app, userId, sessionId: location.sessionId }}
            agentName={agent.name}
          />
        ) : (
          <div className="m-auto text-sm text-muted-foreground">Open or create a session to talk to the agent.</div>
        )}
      </div>
    </div>
  );
}
