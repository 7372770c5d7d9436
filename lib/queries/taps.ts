import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AggregateTapInput, ConnectionTap, TapSecret, TapSettings, TapView } from "@/lib/contracts/taps";
import { connectionScope } from "@/lib/queries/connections";

/** Keys for taps: a connection's tap sits under its connection scope (removed with it). */
export const tapKeys = {
  all: () => ["taps"] as const,
  connection: (id: string) => [...connectionScope(id), "tap"] as const,
  one: (tapId: string) => ["taps", tapId] as const,
};

/** Clients come and go while the panel is open: the tap is read again this often. */
const CLIENTS_REFRESH_MS = 5_000;

const connectionTap = (id: string) => `/api/connections/${encodeURIComponent(id)}/tap`;
const tapPath = (tapId: string) => `/api/taps/${encodeURIComponent(tapId)}`;

/** The connection's tap with its key, or null when it is off (the route says so in a 200: `{ tap: null }`). */
export function connectionTapQuery(id: string) {
  return queryOptions({
    queryKey: tapKeys.connection(id),
    queryFn: async ({ signal }): Promise<TapSecret | null> => {
      const read = await apiFetch<ConnectionTap>(connectionTap(id), { signal });
      return read.tap === null ? null : read;
    },
    // Only an open tap has clients to follow; polling an off tap logged a 404 in the console every 5 s.
    refetchInterval: (q) => (q.state.data ? CLIENTS_REFRESH_MS : false),
  });
}

export function tapsQuery() {
  return queryOptions({
    queryKey: tapKeys.all(),
    queryFn: ({ signal }) => apiFetch<TapView[]>("/api/taps", { signal }),
    refetchInterval: CLIENTS_REFRESH_MS,
  });
}

/** One tap (aggregate or not) with its key. */
export function tapSecretQuery(tapId: string) {
  return queryOptions({
    queryKey: tapKeys.one(tapId),
    queryFn: ({ signal }) => apiFetch<TapSecret>(tapPath(tapId), { signal }),
  });
}

export const tapApi = {
  /** Turns the tap on (or changes its settings, or rotates its key): TapSecret. */
  set: (connectionId: string, settings: TapSettings = {}) =>
    apiFetch<TapSecret>(connectionTap(connectionId), { method: "POST", body: settings }),
  off: (connectionId: string) => apiFetch<void>(connectionTap(connectionId), { method: "DELETE" }),
  createAggregate: (input: AggregateTapInput) => apiFetch<TapSecret>("/api/taps", { method: "POST", body: input }),
  patch: (tapId: string, settings: TapSettings) => apiFetch<TapView>(tapPath(tapId), { method: "PATCH", body: settings }),
  remove: (tapId: string) => apiFetch<void>(tapPath(tapId), { method: "DELETE" }),
};
