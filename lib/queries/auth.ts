import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Entry } from "@/lib/contracts/entries";
import type { AuthorizeResponse, AuthSummary } from "@/lib/contracts/auth";
import { connectionScope } from "@/lib/queries/connections";
import { mergeEntries } from "@/lib/queries/traffic";

export const authKeys = {
  summary: (connectionId: string) => [...connectionScope(connectionId), "auth", "summary"] as const,
  log: (connectionId: string) => [...connectionScope(connectionId), "auth", "log"] as const,
};

const base = (id: string) => `/api/connections/${encodeURIComponent(id)}/auth`;

/** Client, token facts (never the token), pending authorization. Invalidated by auth_event entries. */
export function authSummaryQuery(connectionId: string) {
  return queryOptions({
    queryKey: authKeys.summary(connectionId),
    queryFn: ({ signal }) => apiFetch<AuthSummary>(base(connectionId), { signal }),
  });
}

/** The Auth log (auth_http + auth_event entries); the stream appends to it, so fetches merge. */
export function authLogQuery(connectionId: string) {
  const queryKey = authKeys.log(connectionId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client, queryKey }) => {
      const history = await apiFetch<Entry[]>(`${base(connectionId)}/log?limit=1000`, { signal });
      return mergeEntries(client.getQueryData<Entry[]>(queryKey), history, 2000);
    },
    staleTime: Infinity,
  });
}

export const authApi = {
  authorize: (id: string) => apiFetch<AuthorizeResponse>(`${base(id)}/authorize`, { method: "POST" }),
  signOut: (id: string, forgetClient = false) => apiFetch<AuthSummary>(`${base(id)}/sign-out`, { method: "POST", body: { forgetClient } }),
};
