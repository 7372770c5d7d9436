"use client";

import { useState } from "react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import type { A2aAgentView as Agent } from "@/lib/contracts/a2a";
import type { AppError } from "@/lib/errors";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { QueryError } from "@/components/elements/query-error";
import { A2aAgentHeader } from "@/components/a2a/a2a-agent-header";
import { A2aCardView } from "@/components/a2a/a2a-card-view";
import { A2aChat } from "@/components/a2a/a2a-chat";
import { A2aTasks } from "@/components/a2a/a2a-tasks";

type Tab = "chat" | "tasks" | "card";
const TAB_LABEL: Record<Tab, string> = { chat: "Chat", tasks: "Tasks", card: "Card" };
const TABS: readonly Tab[] = ["chat", "tasks", "card"];
const isTab = (v: string): v is Tab => Object.hasOwn(TAB_LABEL, v);

export interface A2aAgentViewProps {
  agent: Agent;
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
  onEdit: () => void;
  onRefetchCard: () => void;
  refetching: boolean;
  refetchError: AppError | null;
}

/** One A2A agent: its header, then Chat (composer + the open task), Tasks (by context) and Card. */
export function A2aAgentView({ agent, location, navigate, onEdit, onRefetchCard, refetching, refetchError }: A2aAgentViewProps) {
  const [tab, setTab] = useState<Tab>("chat");
  const findings = agent.state.findings ?? [];
  const errors = findings.filter((f) => f.severity === "error").length;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="a2a-agent-view">
      <A2aAgentHeader agent={agent} onEdit={onEdit} onRefetchCard={onRefetchCard} refetching={refetching} />
      {agent.state.status === "error" && (
        <QueryError
          className="m-3 mb-0"
          title="The agent is unreachable"
          error={new Error(agent.state.error ?? "Its card could not be fetched.")}
          onRetry={onRefetchCard}
        />
      )}
      {refetchError && <QueryError className="m-3 mb-0" title="Could not re-fetch the card" error={refetchError} />}
      <Tabs value={tab} onValueChange={(v) => isTab(v) && setTab(v)} className="min-h-0 flex-1 gap-0">
        <TabsList className="mx-4 mt-2">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t} data-testid={`a2a-tab-${t}`}>
              {TAB_LABEL[t]}
              {t === "card" && errors > 0 && <span className="rounded bg-destructive/15 px-1 text-[10px] text-destructive">{errors}</span>}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="chat" className="flex min-h-0 flex-col">
          <A2aChat agent={agent} location={location} navigate={navigate} />
        </TabsContent>
        <TabsContent value="tasks" className="flex min-h-0 flex-col">
          <A2aTasks agent={agent} location={location} navigate={navigate} />
        </TabsContent>
        <TabsContent value="card" className="min-h-0 overflow-auto">
          <A2aCardView state={agent.state} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
