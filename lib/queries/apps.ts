import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AppMessagesBody } from "@/lib/contracts/app-messages";

/** GET /api/apps/sandbox: the second origin MCP apps are served from, or why apps are off. */
export type AppsSandboxInfo = { origin: string; port: number } | { error: string };

export const appKeys = {
  sandbox: () => ["apps", "sandbox"] as const,
};

export function appsSandboxQuery() {
  return queryOptions({
    queryKey: appKeys.sandbox(),
    queryFn: ({ signal }) => apiFetch<AppsSandboxInfo>("/api/apps/sandbox", { signal }),
    staleTime: Infinity,
  });
}

export const appApi = {
  record: (connectionId: string, body: AppMessagesBody) =>
    apiFetch<{ recorded: number }>(`/api/connections/${encodeURIComponent(connectionId)}/app-messages`, { method: "POST", body }),
};
