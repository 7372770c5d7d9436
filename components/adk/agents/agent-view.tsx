"use client";

import { useEffect, useState } from "react";
import type { AgentServerView } from "@/lib/contracts/agents";
import { defaultApp } from "@/lib/workbench/adk";
import type { AgentActions } from "@/hooks/use-agent-actions";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { AgentHeader } from "@/components/adk/agents/agent-header";
import { readRememberedApp, rememberApp } from "@/components/adk/agents/app-choice";
import { AppPicker } from "@/components/adk/agents/app-picker";
import { SessionList } from "@/components/adk/agents/session-list";
import { SessionView } from "@/components/adk/agents/session-view";
import { AdkComparePane } from "@/components/adk/compare/adk-compare-pane";
import { CompareWithDialog } from "@/components/adk/compare/compare-with-dialog";
import type { SessionRef } from "@/lib/queries/agents";

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
  // The app just picked, until the URL has it: the router's navigation is a transition, and a
  // "New session" clicked meanwhile must go to the app the picker shows, not the previous one.
  const [picked, setPicked] = useState<{ agentId: string; app: string } | null>(null);
  // Any move of the URL's app or session means the navigation landed (or another one replaced it).
  useEffect(() => setPicked(null), [location.app, location.sessionId, agent.id]);
  // No app in the URL: the demo app, else the one last chosen here, else the first listed.
  const pickedHere = picked?.agentId === agent.id ? picked.app : null;
  const app = pickedHere ?? location.app ?? defaultApp(apps, readRememberedApp(agent.id));
  // The open session belongs to the previous app until the URL drops it.
  const sessionId = pickedHere ? null : location.sessionId;
  useEffect(() => {
    if (location.app && apps.includes(location.app)) rememberApp(agent.id, location.app);
  }, [agent.id, apps, location.app]);
  const pickApp = (next: string) => {
    // The URL already names this app: nothing to bridge (and nothing would ever clear it).
    if (next !== location.app) setPicked({ agentId: agent.id, app: next });
    navigate({ agentId: agent.id, app: next, sessionId: null, userId: null });
  };
  const userId = location.userId ?? agent.userId;
  const pending = [actions.check, actions.remove].some((m) => m.isPending && m.variables === agent.id);
  const error = [actions.check, actions.remove].find((m) => m.isError && m.variables === agent.id)?.error ?? null;
  // ?vs= (and ?vu=): session A beside session B of the same app; a user is named only when not the default.
  const userParam = (u: string) => (u === agent.userId ? null : u);
  const openSession = (r: SessionRef) =>
    navigate({ agentId: agent.id, app: r.appName, userId: userParam(r.userId), sessionId: r.sessionId, compareWith: null });
  const compare = (a: SessionRef, b: SessionRef) =>
    navigate({
      agentId: agent.id,
      app: a.appName,
      userId: userParam(a.userId),
      sessionId: a.sessionId,
      compareWith: b.sessionId,
      compareUser: b.userId === a.userId ? null : b.userId,
    });

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
        <div className="flex w-48 shrink-0 flex-col border-r lg:w-64">
          <div className="border-b p-2">
            <AppPicker apps={apps} value={app} onChange={pickApp} />
          </div>
          {app ? (
            <SessionList
              key={`${app}/${userId}`}
              agentId={agent.id}
              appName={app}
              userId={userId}
              selectedId={sessionId}
              onOpen={(sessionId) => navigate({ agentId: agent.id, app, sessionId })}
            />
          ) : (
            <p className="p-3 text-xs text-muted-foreground">
              {agent.state.status === "error" ? "The server is unreachable; check it to list its apps." : "The server lists no apps."}
            </p>
          )}
        </div>
        {app && sessionId && location.compareWith ? (
          <AdkComparePane
            key={`${app}/${userId}/${sessionId}/${location.compareUser ?? userId}/${location.compareWith}`}
            a={{ agentId: agent.id, appName: app, userId, sessionId }}
            b={{ agentId: agent.id, appName: app, userId: location.compareUser ?? userId, sessionId: location.compareWith }}
            onClose={() => navigate({ agentId: agent.id, app, sessionId, compareWith: null })}
            onSwap={() =>
              compare(
                { agentId: agent.id, appName: app, userId: location.compareUser ?? userId, sessionId: location.compareWith ?? "" },
                { agentId: agent.id, appName: app, userId, sessionId },
              )
            }
            onOpen={openSession}
          />
        ) : app && sessionId ? (
          <SessionView
            key={`${app}/${userId}/${sessionId}`}
            sessionRef={{ agentId: agent.id, appName: app, userId, sessionId }}
            agentName={agent.name}
            selectedEventId={location.eventId}
            onSelectEvent={(eventId) => navigate({ agentId: agent.id, app, sessionId, eventId })}
            onOpenSession={openSession}
            actions={
              <CompareWithDialog
                agentId={agent.id}
                appName={app}
                userId={userId}
                sessionId={sessionId}
                onPick={(other, otherUser) =>
                  compare(
                    { agentId: agent.id, appName: app, userId, sessionId },
                    { agentId: agent.id, appName: app, userId: otherUser, sessionId: other },
                  )
                }
              />
            }
          />
        ) : (
          <div className="m-auto text-sm text-muted-foreground">Open or create a session to talk to the agent.</div>
        )}
      </div>
    </div>
  );
}
