import { useAdkPaletteItems } from "@/hooks/use-adk-palette";
import type { RowOf } from "@/lib/workbench/inbox-text";
import type { WorkbenchLocation } from "@/lib/workbench/location";
import type { InboxCardProps } from "@/lib/workbench/slots";
import { AgentMain } from "@/components/adk/agents/agent-main";
import { AgentSidebar } from "@/components/adk/agents/agent-sidebar";
import { AnswerableCard } from "@/components/adk/agents/answerable-card";
import { AdkSessionView } from "@/components/adk/bundle/adk-session-view";

function AdkInboxCard({ row, compact, onOpen }: InboxCardProps<RowOf<"adk">>) {
  return <AnswerableCard item={row} compact={compact} onOpenSession={onOpen} />;
}

/**
 * What ADK plugs into the workbench (listed in components/protocols/registry.tsx): the agent
 * servers' sidebar section and pane (?a=), its interrupts in the inbox, and the read-only view of
 * an exported session.
 */
export const adkDescriptor = {
  Provider: null,
  Sidebar: AgentSidebar,
  main: { Pane: AgentMain, opens: (l: WorkbenchLocation) => Boolean(l.agentId) },
  inbox: {
    adk: {
      Card: AdkInboxCard,
      // The raising event opens selected, so the session scrolls to the request that was clicked.
      target: (row: RowOf<"adk">) => ({
        agentId: row.agentId,
        app: row.appName,
        sessionId: row.sessionId,
        userId: row.userId,
        eventId: row.eventId || null,
      }),
    },
  },
  bundleViews: { "adk-session": AdkSessionView },
  usePaletteItems: useAdkPaletteItems,
  saveCase: "on an ADK session",
};
