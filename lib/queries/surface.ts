import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { SnapshotSummary, StoredSnapshot, SurfaceDiffView, TakeSnapshotBody } from "@/lib/contracts/surface";
import { connectionScope } from "@/lib/queries/connections";

export const surfaceKeys = {
  list: (connectionId: string) => [...connectionScope(connectionId), "surface-snapshots"] as const,
  diff: (connectionId: string, from: string, to: string) => [...connectionScope(connectionId), "surface-diff", from, to] as const,
};

const base = (connectionId: string) => `/api/connections/${encodeURIComponent(connectionId)}/snapshots`;

/** GET …/snapshots: the kept snapshots, newest first. */
export function snapshotsQuery(connectionId: string) {
  return queryOptions({
    queryKey: surfaceKeys.list(connectionId),
    queryFn: ({ signal }) => apiFetch<SnapshotSummary[]>(base(connectionId), { signal }),
  });
}

/** GET …/snapshots/diff?from=&to=: a diff against `live` reads the server again each time it is asked. */
export function surfaceDiffQuery(connectionId: string, from: string, to: string) {
  return queryOptions({
    queryKey: surfaceKeys.diff(connectionId, from, to),
    queryFn: ({ signal }) =>
      apiFetch<SurfaceDiffView>(`${base(connectionId)}/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { signal }),
    staleTime: from === "live" || to === "live" ? 0 : Infinity,
  });
}

export const surfaceApi = {
  take: (connectionId: string, body: TakeSnapshotBody) => apiFetch<StoredSnapshot>(base(connectionId), { method: "POST", body }),
  get: (connectionId: string, id: string) => apiFetch<StoredSnapshot>(`${base(connectionId)}/${encodeURIComponent(id)}`),
  remove: (connectionId: string, id: string) => apiFetch<void>(`${base(connectionId)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
