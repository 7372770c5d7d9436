import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { SessionLabel, SessionLabelBody } from "@/lib/contracts/agents";
import type { SessionSearchResult } from "@/lib/contracts/session-search";
import type { SessionRef } from "@/lib/queries/agents";

const enc = encodeURIComponent;

export const sessionSearchKeys = {
  all: () => ["session-search"] as const,
  query: (q: string) => [...sessionSearchKeys.all(), q] as const,
};

export function sessionSearchQuery(q: string) {
  return queryOptions({
    queryKey: sessionSearchKeys.query(q),
    queryFn: ({ signal }) => apiFetch<SessionSearchResult>(`/api/sessions/search?q=${enc(q)}`, { signal }),
    enabled: q.trim().length > 0,
    staleTime: 5_000,
  });
}

export function putSessionLabel(ref: SessionRef, body: Omit<SessionLabelBody, "userId">): Promise<SessionLabel> {
  const path = `/api/agents/${enc(ref.agentId)}/apps/${enc(ref.appName)}/sessions/${enc(ref.sessionId)}/label`;
  return apiFetch<SessionLabel>(path, { method: "PUT", body: JSON.stringify({ ...body, userId: ref.userId }) });
}
