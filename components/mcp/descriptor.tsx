import { useMcpPaletteItems } from "@/hooks/use-mcp-palette";
import type { RowOf } from "@/lib/workbench/inbox-text";
import type { InboxCardProps } from "@/lib/workbench/slots";
import { AnswerableRequestCard } from "@/components/mcp/requests/answerable-request-card";
import { relatedTaskIdOf } from "@/lib/protocols/mcp/request-params";
import { McpTrafficView } from "@/components/mcp/traffic/mcp-traffic-view";
import { McpMain, McpProvider, McpSidebar } from "@/components/mcp/workbench/mcp-workbench";

function McpInboxCard({ row, compact, onOpen }: InboxCardProps<RowOf<"mcp">>) {
  return <AnswerableRequestCard request={row} compact={compact} onOpenConnection={onOpen} />;
}

/**
 * What MCP plugs into the workbench (listed in components/protocols/registry.tsx): the servers'
 * sidebar section and main pane (the default pane), its sampling / elicitation requests in the
 * inbox, and the read-only view of an exported traffic bundle.
 */
export const mcpDescriptor = {
  Provider: McpProvider,
  Sidebar: McpSidebar,
  main: { Pane: McpMain, opens: () => true },
  inbox: {
    mcp: {
      Card: McpInboxCard,
      // A task's question opens its task; any other, the tool whose call waits for it.
      target: (row: RowOf<"mcp">) => {
        const task = row.relatedCall ? undefined : relatedTaskIdOf(row.params);
        return task
          ? { connectionId: row.connectionId, tab: "tasks" as const, task }
          : { connectionId: row.connectionId, tab: "tools" as const, tool: row.relatedCall?.tool ?? null };
      },
    },
  },
  bundleViews: { "mcp-traffic": McpTrafficView },
  usePaletteItems: useMcpPaletteItems,
  saveCase: "on an MCP tool call's result or its history, on Traffic rows",
};
