"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView as Connection } from "@/lib/contracts/connections";
import { connectionsQuery } from "@/lib/queries/connections";
import { agentsQuery } from "@/lib/queries/agents";
import { landingPatch } from "@/components/shell/landing";
import { useEventStream } from "@/hooks/use-event-stream";
import { useConnectionActions } from "@/hooks/use-connection-actions";
import { useWorkbenchLocation } from "@/hooks/use-workbench-location";
import { ConnectionList } from "@/components/mcp/connections/connection-list";
import { ConnectionDialog } from "@/components/mcp/connections/connection-dialog";
import { ConnectionView } from "@/components/mcp/workbench/connection-view";
import { LiveIndicator } from "@/components/shell/live-indicator";
import { QueryError } from "@/components/elements/query-error";
import { AgentMain } from "@/components/adk/agents/agent-main";
import { AgentSidebar } from "@/components/adk/agents/agent-sidebar";
import { PlaygroundMain } from "@/components/playground/playground-main";
import { RerunProvider } from "@/components/mcp/tools/compare/rerun-context";
import { PlaygroundNav } from "@/components/playground/playground-nav";
import { A2aMain } from "@/components/a2a/a2a-main";
import { A2aNav } from "@/components/a2a/a2a-nav";
import { AguiMain } from "@/components/agui/agui-main";
import { AguiNav } from "@/components/agui/agui-nav";
import { BundlesMain } from "@/components/bundles/bundles-main";
import { BundlesNav } from "@/components/bundles/bundles-nav";
import { PaletteLauncher } from "@/components/command-palette/palette-launcher";
import { ThemeToggle } from "@/components/theme/theme-toggle";

type Editing = { mode: "add" } | { mode: "edit"; connection: Connection } | null;

/**
 * The workbench: MCP servers, ADK agent servers and the inbox on the left; the selected server's
 * overview / tools / traffic, the agent's sessions, or the inbox on the right.
 */
export function Workbench() {
  const stream = useEventStream();
  const [location, navigate] = useWorkbenchLocation();
  const connections = useQuery(connectionsQuery());
  const actions = useConnectionActions();
  const [editing, setEditing] = useState<Editing>(null);

  const list = connections.data ?? [];
  const agentOpen = Boolean(location.agentId || location.view);
  const selected = agentOpen ? null : (list.find((c) => c.id === location.connectionId) ?? null);

  // Nothing (or a deleted server) open: the first server, or with no server the first agent server.
  const agents = useQuery(agentsQuery());
  const landing = landingPatch({
    location,
    connectionIds: connections.isSuccess ? list.map((c) => c.id) : null,
    agentIds: agents.isSuccess ? agents.data.map((a) => a.id) : null,
  });
  const landingKey = landing ? JSON.stringify(landing) : null;
  useEffect(() => {
    if (landingKey) navigate(JSON.parse(landingKey) as Partial<typeof location>);
  }, [landingKey, navigate]);

  const mutation = editing?.mode === "edit" ? actions.update : actions.create;
  const submit = (input: Parameters<typeof actions.create.mutateAsync>[0]) =>
    editing?.mode === "edit"
      ? actions.update.mutateAsync({ id: editing.connection.id, input })
      : actions.create.mutateAsync(input).then((view) => navigate({ connectionId: view.id, tool: null }));

  return (
    <div className="flex h-dvh flex-col bg-background text-foreground">
      <header className="flex h-10 shrink-0 items-center justify-between border-b px-3">
        <div className="flex items-baseline gap-2">
          <span className="text-sm font-semibold">Loupe</span>
          <span className="text-xs text-muted-foreground">inspector for agents and MCP servers</span>
        </div>
        <div className="flex items-center gap-2">
          <PaletteLauncher navigate={navigate} />
          <ThemeToggle />
          <LiveIndicator status={stream} />
        </div>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className="flex w-56 shrink-0 flex-col overflow-y-auto border-r bg-muted/30 lg:w-64" data-testid="sidebar">
          {connections.isError ? (
            <QueryError
              className="m-2"
              title="Could not load servers"
              error={connections.error}
              onRetry={() => void connections.refetch()}
            />
          ) : connections.isPending ? (
            <p className="p-3 text-xs text-muted-foreground">Loading servers…</p>
          ) : (
            <ConnectionList
              connections={list}
              selectedId={selected?.id ?? null}
              onSelect={(id) => navigate({ connectionId: id, tool: null })}
              onAdd={() => {
                mutation.reset();
                setEditing({ mode: "add" });
              }}
            />
          )}
          <AgentSidebar location={location} navigate={navigate} />
          <PlaygroundNav location={location} navigate={navigate} />
          <A2aNav location={location} navigate={navigate} />
          <AguiNav location={location} navigate={navigate} />
          <BundlesNav location={location} navigate={navigate} />
        </aside>
        <main className="flex min-w-0 flex-1 flex-col [overflow-wrap:anywhere]">
          {location.view === "playground" ? (
            <RerunProvider navigate={navigate}>
              <PlaygroundMain location={location} navigate={navigate} />
            </RerunProvider>
          ) : location.view === "a2a" ? (
            <A2aMain location={location} navigate={navigate} />
          ) : location.view === "agui" ? (
            <AguiMain location={location} navigate={navigate} />
          ) : location.view === "bundles" ? (
            <BundlesMain location={location} navigate={navigate} />
          ) : agentOpen ? (
            <AgentMain location={location} navigate={navigate} />
          ) : selected ? (
            <RerunProvider key={selected.id} navigate={navigate}>
              <ConnectionView
                key={selected.id}
                connection={selected}
                allConnections={list}
                location={location}
                navigate={navigate}
                actions={actions}
                onEdit={() => {
                  actions.update.reset();
                  setEditing({ mode: "edit", connection: selected });
                }}
              />
            </RerunProvider>
          ) : (
            <div className="m-auto text-sm text-muted-foreground">
              {connections.isSuccess && list.length === 0 ? "Add a server to start exploring its tools." : null}
            </div>
          )}
        </main>
      </div>
      {editing && (
        <ConnectionDialog
          key={editing.mode === "edit" ? editing.connection.id : "add"}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          initial={editing.mode === "edit" ? editing.connection : undefined}
          onSubmit={submit}
          pending={mutation.isPending}
          error={mutation.error}
        />
      )}
    </div>
  );
}
