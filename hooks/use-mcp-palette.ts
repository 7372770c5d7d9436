"use client";

import { useMemo } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { connectionsQuery } from "@/lib/queries/connections";
import { dataAndLoading } from "@/lib/queries/query-results";
import { toolsQuery, type Tool } from "@/lib/queries/tools";
import { mcpPaletteItems, type McpPaletteSource } from "@/lib/workbench/mcp";

const connectedOf = (list: readonly ConnectionView[] | undefined) => (list ?? []).filter((c) => c.state.status === "connected");

/**
 * What MCP offers the command palette: the servers (the sidebar's own query, already cached) and,
 * only while the palette is open (`active`), the tool lists of the connected ones.
 */
export function useMcpPaletteSource(active: boolean): { sources: McpPaletteSource; loading: boolean } {
  const connections = useQuery(connectionsQuery());
  const tools = useQueries({
    queries: connectedOf(connections.data).map((c) => ({ ...toolsQuery(c.id), enabled: active })),
    combine: dataAndLoading,
  });
  const toolData = tools.data;
  const sources = useMemo<McpPaletteSource>(() => {
    const toolMap = new Map<string, readonly Tool[]>();
    // The same servers, in the same order, as the tool queries above.
    connectedOf(connections.data).forEach((c, i) => {
      const list = toolData[i]?.tools;
      if (list) toolMap.set(c.id, list);
    });
    return { connections: connections.data ?? [], tools: toolMap };
  }, [connections.data, toolData]);
  return { sources, loading: active && tools.loading };
}

/** MCP's palette items (servers and their tools); MCP's descriptor hands this to the palette. */
export function useMcpPaletteItems(active: boolean) {
  const { sources, loading } = useMcpPaletteSource(active);
  const items = useMemo(() => mcpPaletteItems(sources), [sources]);
  return useMemo(() => ({ items, loading }), [items, loading]);
}
