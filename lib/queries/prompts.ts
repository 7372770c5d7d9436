import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { GetPromptBody, GetPromptResponse, PromptsListing } from "@/lib/contracts/resources";
import { connectionScope } from "@/lib/queries/connections";

export type { GetPromptResponse, PromptsListing };

export const promptKeys = {
  list: (connectionId: string) => [...connectionScope(connectionId), "prompts"] as const,
};

const base = (id: string) => `/api/connections/${encodeURIComponent(id)}`;

export function promptsQuery(connectionId: string) {
  return queryOptions({
    queryKey: promptKeys.list(connectionId),
    queryFn: ({ signal }) => apiFetch<PromptsListing>(`${base(connectionId)}/prompts`, { signal }),
  });
}

export const promptApi = {
  get: (connectionId: string, body: GetPromptBody) =>
    apiFetch<GetPromptResponse>(`${base(connectionId)}/prompts/get`, { method: "POST", body }),
};
