import { queryOptions } from "@tanstack/react-query";
import { apiFetch, apiText } from "@/lib/api-client";
import type { AuditPage, CreatedServiceToken, Me, Role, ServiceTokenInfo } from "@/lib/contracts/people";

/**
 * Team mode's people in the browser (issue 25). Routes:
 *   GET    /api/people/me            Me: the mode and who this page is
 *   GET    /api/audit                AuditPage & { actors }: filters person, kind, source, from, to; `before` pages; format=jsonl|csv downloads
 *   GET    /api/people/tokens        ServiceTokenInfo[] (admins)
 *   POST   /api/people/tokens        { name, role } → 201 CreatedServiceToken (the secret, this once)
 *   DELETE /api/people/tokens/:id    204
 */
export const peopleKeys = {
  me: () => ["people", "me"] as const,
  audit: (filters: AuditFilters) => ["people", "audit", filters] as const,
  tokens: () => ["people", "tokens"] as const,
};

export interface AuditFilters {
  person?: string;
  kind?: string;
  source?: string;
  from?: number;
  to?: number;
}

export function meQuery() {
  return queryOptions({
    queryKey: peopleKeys.me(),
    queryFn: ({ signal }) => apiFetch<Me>("/api/people/me", { signal }),
    staleTime: 60_000,
  });
}

function auditSearch(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const qs = new URLSearchParams(extra);
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "") qs.set(k, String(v));
  return qs.toString();
}

export function auditQuery(filters: AuditFilters, before?: number) {
  return queryOptions({
    queryKey: [...peopleKeys.audit(filters), before ?? null] as const,
    queryFn: ({ signal }) =>
      apiFetch<AuditPage & { actors: string[] }>(`/api/audit?${auditSearch(filters, before ? { before: String(before) } : {})}`, {
        signal,
      }),
  });
}

export function tokensQuery() {
  return queryOptions({
    queryKey: peopleKeys.tokens(),
    queryFn: ({ signal }) => apiFetch<ServiceTokenInfo[]>("/api/people/tokens", { signal }),
  });
}

export const peopleApi = {
  /** The export of what the filters select (up to 10,000 events), as text. */
  exportAudit: (filters: AuditFilters, format: "jsonl" | "csv") => apiText(`/api/audit?${auditSearch(filters, { format })}`),
  createToken: (name: string, role: Role) => apiFetch<CreatedServiceToken>("/api/people/tokens", { method: "POST", body: { name, role } }),
  revokeToken: (id: string) => apiFetch<null>(`/api/people/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
