import { queryOptions } from "@tanstack/react-query";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { apiFetch } from "@/lib/api-client";
import { connectionScope } from "@/lib/queries/connections";

export type { Tool };

/** GET /api/connections/:id/tools — every page aggregated by the server. */
export interface ToolList {
  tools: Tool[];
  pages: number;
  listedAt: number;
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
