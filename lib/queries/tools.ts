import { queryOptions } from "@tanstack/react-query";
import type { ListedTool } from "@/lib/protocols/mcp/tool-listing";
import { apiFetch } from "@/lib/api-client";
import { connectionScope } from "@/lib/queries/connections";

/** A listed tool: the MCP Tool, with Loupe's notes when it is malformed or its name is listed twice. */
export type Tool = ListedTool;

/** A tool the server listed that Loupe left out (invalid `x-mcp-header`, SEP-2243), with why. */
export interface ExcludedTool {
  name: string;
  reason: string;
}

/** GET /api/connections/:id/tools — every page aggregated by the server. */
export interface ToolList {
  tools: Tool[];
  pages: number;
  listedAt: number;
  /** Present only when some were left out (a 2026-07-28 HTTP connection). */
  excluded?: ExcludedTool[];
  /** Why the listing stopped before the server's last page (a repeated cursor, the page cap). */
  stopped?: string;
}

export const toolKeys = {
  list: (connectionId: string) => [...connectionScope(connectionId), "tools"] as const,
};

const path = (id: string) => `/api/connections/${encodeURIComponent(id)}/tools`;

export function toolsQuery(connectionId: string) {
  return queryOptions({
    queryKey: toolKeys.list(connectionId),
    queryFn: ({ signal }) => apiFetch<ToolList>(path(connectionId), { signal }),
  });
}

export const toolApi = {
  /** Re-lists from the server (tools/list, all pages) rather than the server's cached list. */
  refresh: (connectionId: string) => apiFetch<ToolList>(`${path(connectionId)}/refresh`, { method: "POST" }),
};
