"use client";

import { Tabs, TabsContent } from "@/components/ui/tabs";
import type { ConnectionView as Connection } from "@/lib/contracts/connections";
import type { ConnectionActions as Actions } from "@/hooks/use-connection-actions";
import type { ConnectionTab, WorkbenchLocation } from "@/hooks/use-workbench-location";
import { OverviewPanel } from "@/components/mcp/workbench/overview-panel";
import { ConnectionHeader } from "./connection-header";
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
import { AppsPanel } from "@/components/mcp/apps/apps-panel";
import { TapPanel } from "@/components/mcp/tap/tap-panel";
import { SurfacePanel } from "@/components/mcp/surface/surface-panel";

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
  return (
    <Tabs
      value={location.tab}
      onValueChange={(tab) => navigate({ tab: tab as ConnectionTab })}
      className="flex min-h-0 flex-1 flex-col gap-0"
      data-testid="connection-view"
    >
      <ConnectionHeader connection={c} actions={actions} onEdit={onEdit} />
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
      <TabsContent value="surface" className="flex min-h-0 flex-col">
        <SurfacePanel connection={c} />
      </TabsContent>
      <TabsContent value="tap" className="min-h-0 overflow-y-auto">
        <TapPanel connection={c} allConnections={allConnections} />
      </TabsContent>
    </Tabs>
  );
}
