"use client";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ConnectionView as Connection } from "@/lib/contracts/connections";
import { useConnectionPing } from "@/hooks/use-connection-actions";
import type { ConnectionActions as Actions } from "@/hooks/use-connection-actions";
import type { ConnectionTab, WorkbenchLocation } from "@/hooks/use-workbench-location";
import { ConnectionActions } from "./connection-actions";
import { StatusDot, TRANSPORT_LABEL } from "@/components/mcp/connections/connection-status";
import { OverviewPanel } from "@/components/mcp/workbench/overview-panel";
import { ServerPortability } from "@/components/mcp/workbench/server-portability";
import { TrafficPanel } from "@/components/mcp/traffic/traffic-panel";
import { ToolsPanel } from "@/components/mcp/tools/tools-panel";
import { ResourcesPanel, type ResourceSelection } from "@/components/mcp/resources/resources-panel";
import { PromptsPanel } from "@/components/mcp/prompts/prompts-panel";
import { TasksPanel } from "@/components/mcp/tasks/tasks-panel";
import { ClientPanel } from "@/components/mcp/client-settings/client-panel";
import { AuthPanel } from "@/components/mcp/auth/auth-panel";
import { NetworkPanel } from "@/components/mcp/network/network-panel";
import { ConformancePanel } from "@/components/mcp/conformance/conformance-panel";
import { SafeText } from "@/components/ui/safe-text";
import { AppsPanel } from "@/components/mcp/apps/apps-panel";
import { TapPanel } from "@/components/mcp/tap/tap-panel";
import { REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";

/** The Resources tab's open item as the URL names it (?r= or ?rt=). */
function resourceSelection(l: WorkbenchLocation): ResourceSelection {
  if (l.resource) return { kind: "resource", uri: l.resource };
  if (l.template) return { kind: "template", uriTemplate: l.template };
  return null;
}

export interface ConnectionViewProps {
  connection: Connection;
  allConnections: Connection[];
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
  actions: Actions;
  onEdit: () => void;
}

/** One server: its header with lifecycle actions, then Overview / Tools / Traffic. */
export function ConnectionView({ connection: c, allConnections, location, navigate, actions, onEdit }: ConnectionViewProps) {
  const busy = [actions.connect, actions.disconnect, actions.reconnect, actions.remove].some((m) => m.isPending && m.variables === c.id);
  const lastError = [actions.connect, actions.disconnect, actions.reconnect, actions.remove].find(
    (m) => m.isError && m.variables === c.id,
  )?.error;
  const ping = useConnectionPing(c.id);
  return (
    <Tabs
      value={location.tab}
      onValueChange={(tab) => navigate({ tab: tab as ConnectionTab })}
      className="flex min-h-0 flex-1 flex-col gap-0"
      data-testid="connection-view"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-3 py-2">
        <h1 className="truncate text-sm font-semibold">
          <SafeText text={c.name} />
        </h1>
        <StatusDot status={c.state.status} />
        <span className="font-mono text-xs text-muted-foreground">
          {c.state.transportUsed ?? TRANSPORT_LABEL[c.transport]}
          {c.state.serverInfo && (
            <>
              {" · "}
              <SafeText text={`${c.state.serverInfo.name} ${c.state.serverInfo.version}`} />
            </>
          )}
        </span>
        {/* Twelve tabs do not fit an 800 px window in one row: they wrap instead of being cut off. */}
        <TabsList className="ml-2 h-auto max-w-full flex-wrap">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="tools">Tools</TabsTrigger>
          <TabsTrigger value="apps">Apps</TabsTrigger>
          <TabsTrigger value="resources">Resources</TabsTrigger>
          <TabsTrigger value="prompts">Prompts</TabsTrigger>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
          <TabsTrigger value="client">Client</TabsTrigger>
          {c.transport !== "stdio" && <TabsTrigger value="auth">Auth</TabsTrigger>}
          <TabsTrigger value="network">Network</TabsTrigger>
          <TabsTrigger value="traffic">Traffic</TabsTrigger>
          {c.transport === "http" && <TabsTrigger value="conformance">Conformance</TabsTrigger>}
          <TabsTrigger value="tap" data-testid="tap-tab">
            Tap
            {c.tap && <span className="size-1.5 rounded-full bg-emerald-500" aria-label="(on)" />}
          </TabsTrigger>
        </TabsList>
        <div className="ml-auto">
          <ConnectionActions
            name={c.name}
            status={c.state.status}
            busy={busy}
            error={lastError ?? null}
            onConnect={() => actions.connect.mutate(c.id)}
            onDisconnect={() => actions.disconnect.mutate(c.id)}
            onReconnect={() => actions.reconnect.mutate(c.id)}
            onEdit={onEdit}
            onDelete={() => actions.remove.mutateAsync(c.id)}
            reconnect={c.state.reconnect}
            onPing={() => ping.mutate()}
            pinging={ping.isPending}
            lastPing={c.state.lastPing}
            pingError={ping.error?.message}
            pingRemoved={c.state.era?.mode === "modern" ? REMOVED_IN_MODERN.ping : undefined}
          />
        </div>
      </div>
      <TabsContent value="overview" className="min-h-0 overflow-y-auto">
        <OverviewPanel connection={c} onConnect={() => actions.connect.mutate(c.id)} onDisconnect={() => actions.disconnect.mutate(c.id)} />
        <ServerPortability connection={c} />
      </TabsContent>
      <TabsContent value="tools" className="flex min-h-0">
        <ToolsPanel
          connection={c}
          allConnections={allConnections}
          selectedTool={location.tool}
          onSelectTool={(tool) => navigate({ tool })}
          onOpenTask={(task) => navigate({ tab: "tasks", task })}
          rerun={location.rerun}
          diff={location.diff}
          onRerunState={(state) => navigate(state)}
        />
      </TabsContent>
      <TabsContent value="apps" className="flex min-h-0">
        <AppsPanel connection={c} />
      </TabsContent>
      <TabsContent value="resources" className="flex min-h-0">
        <ResourcesPanel
          connection={c}
          selection={resourceSelection(location)}
          onSelect={(s) =>
            navigate({ resource: s?.kind === "resource" ? s.uri : null, template: s?.kind === "template" ? s.uriTemplate : null })
          }
        />
      </TabsContent>
      <TabsContent value="prompts" className="flex min-h-0">
        <PromptsPanel connection={c} selected={location.prompt} onSelect={(prompt) => navigate({ prompt })} />
      </TabsContent>
      <TabsContent value="tasks" className="flex min-h-0 flex-col">
        <TasksPanel connection={c} selected={location.task} onSelect={(task) => navigate({ task })} />
      </TabsContent>
      <TabsContent value="client" className="min-h-0 overflow-y-auto">
        <ClientPanel connection={c} />
      </TabsContent>
      <TabsContent value="auth" className="min-h-0 overflow-y-auto">
        <AuthPanel connection={c} />
      </TabsContent>
      <TabsContent value="network" className="flex min-h-0 flex-col">
        <NetworkPanel
          connection={c}
          selectedId={location.exchange}
          onSelect={(exchange) => navigate({ exchange })}
          onOpenSeq={(seq) => navigate({ tab: "traffic", seq })}
          onOpenTraffic={() => navigate({ tab: "traffic" })}
        />
      </TabsContent>
      <TabsContent value="traffic" className="flex min-h-0 flex-col">
        <TrafficPanel
          connection={c}
          selectedSeq={location.seq}
          onSelectSeq={(seq) => navigate({ seq })}
          onOpenNetwork={c.transport === "stdio" ? undefined : (exchange) => navigate({ tab: "network", exchange })}
        />
      </TabsContent>
      <TabsContent value="conformance" className="flex min-h-0 flex-col">
        <ConformancePanel connection={c} />
      </TabsContent>
      <TabsContent value="tap" className="min-h-0 overflow-y-auto">
        <TapPanel connection={c} allConnections={allConnections} />
      </TabsContent>
    </Tabs>
  );
}
