import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { ClientCapabilitiesConfig, ConnectionInput, ConnectionView, RootEntry } from "@/lib/contracts/connections";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { connectionScope } from "@/lib/queries/connections";

/** GET /api/connections/:id/roots: the saved roots and how often the server asked for them. */
export interface RootsInfo {
  roots: RootEntry[];
  requests: { count: number; lastAt: number | null };
}

export const clientSettingsKeys = {
  roots: (id: string) => [...connectionScope(id), "roots"] as const,
  requests: (id: string) => [...connectionScope(id), "client-requests"] as const,
};

const base = (id: string) => `/api/connections/${encodeURIComponent(id)}`;

export function rootsQuery(id: string) {
  return queryOptions({
    queryKey: clientSettingsKeys.roots(id),
    queryFn: ({ signal }) => apiFetch<RootsInfo>(`${base(id)}/roots`, { signal }),
  });
}

/** GET /api/connections/:id/requests: the sampling and elicitation requests this server sent (the Client tab's hints). */
export function connectionRequestsQuery(id: string) {
  return queryOptions({
    queryKey: clientSettingsKeys.requests(id),
    queryFn: ({ signal }) => apiFetch<McpClientRequest[]>(`${base(id)}/requests`, { signal }),
  });
}

export const clientSettingsApi = {
  /** Saved without reconnecting; a connected server is sent notifications/roots/list_changed. */
  saveRoots: (id: string, roots: RootEntry[]) => apiFetch<ConnectionView>(`${base(id)}/roots`, { method: "PUT", body: { roots } }),
};

/**
 * The editable config of a connection as PATCH /api/connections/:id takes it. Secrets stay
 * masked: the server keeps the stored value for every SECRET_MASK it gets back.
 */
export function connectionInputOf(view: ConnectionView): ConnectionInput {
  const { id: _id, createdAt: _createdAt, builtin: _builtin, state: _state, ...input } = view;
  return input;
}

export function capabilitiesOf(view: ConnectionView): ClientCapabilitiesConfig {
  return view.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES;
}

/** A plain absolute path typed where a URI belongs, as the file:// URI roots expect. */
export function pathToFileUri(value: string): string | null {
  const v = value.trim();
  if (v.startsWith("/")) return "file://" + encodeURI(v).replace(/[?#]/g, encodeURIComponent);
  if (/^[a-zA-Z]:[\\/]/.test(v)) return "file:///" + encodeURI(v.replace(/\\/g, "/")).replace(/[?#]/g, encodeURIComponent);
  return null;
}
