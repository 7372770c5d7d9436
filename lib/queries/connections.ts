import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ConnectionInput, ConnectionState, ConnectionView } from "@/lib/contracts/connections";

/** Keys for the connection list. Per-connection data lives under `connectionScope(id)`. */
export const connectionKeys = {
  list: () => ["connections"] as const,
};

/** Root of everything cached for one connection (tools, calls, traffic): removed together. */
export function connectionScope(id: string) {
  return ["connection", id] as const;
}

export function connectionsQuery() {
  return queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) => apiFetch<ConnectionView[]>("/api/connections", { signal }),
  });
}

const base = (id: string) => `/api/connections/${encodeURIComponent(id)}`;

export const connectionApi = {
  create: (input: ConnectionInput) => apiFetch<ConnectionView>("/api/connections", { method: "POST", body: input }),
  update: (id: string, input: ConnectionInput) => apiFetch<ConnectionView>(base(id), { method: "PATCH", body: input }),
  remove: (id: string) => apiFetch<void>(base(id), { method: "DELETE" }),
  connect: (id: string) => apiFetch<ConnectionView>(`${base(id)}/connect`, { method: "POST" }),
  disconnect: (id: string) => apiFetch<ConnectionView>(`${base(id)}/disconnect`, { method: "POST" }),
  /** Reconnect that forgets the remembered era verdict, so server/discover probes again. */
  redetectEra: (id: string) => apiFetch<ConnectionView>(`${base(id)}/era/redetect`, { method: "POST" }),
  setLogLevel: (id: string, level: string) => apiFetch<{ ok: true }>(`${base(id)}/logging`, { method: "POST", body: { level } }),
  /** MCP ping round trip; a failed ping is a 502 (and lands in state.lastPing as well). */
  ping: (id: string) => apiFetch<{ ms: number }>(`${base(id)}/ping`, { method: "POST" }),
  /** Runs the connection doctor; the answer carries the steps in `state.diagnosis`. */
  diagnose: (id: string) => apiFetch<ConnectionView>(`${base(id)}/diagnose`, { method: "POST" }),
};

/** Inserts or replaces one connection in the list (keeps list order; new ones go last). */
export function upsertConnection(list: ConnectionView[] | undefined, view: ConnectionView): ConnectionView[] | undefined {
  if (!list) return list;
  const i = list.findIndex((c) => c.id === view.id);
  if (i === -1) return [...list, view];
  const next = list.slice();
  next[i] = view;
  return next;
}

/** Replaces the live state of one connection; unknown ids leave the list untouched. */
export function setConnectionState(list: ConnectionView[] | undefined, id: string, state: ConnectionState): ConnectionView[] | undefined {
  if (!list) return list;
  const i = list.findIndex((c) => c.id === id);
  const current = list[i];
  if (!current) return list;
  const next = list.slice();
  next[i] = { ...current, state };
  return next;
}

/** Merges a patch into one connection's state (a ping result before its status entry arrives). */
export function patchConnectionState(
  list: ConnectionView[] | undefined,
  id: string,
  patch: Partial<ConnectionState>,
): ConnectionView[] | undefined {
  const current = list?.find((c) => c.id === id);
  return current ? setConnectionState(list, id, { ...current.state, ...patch }) : list;
}

export function removeConnection(list: ConnectionView[] | undefined, id: string) {
  return list?.filter((c) => c.id !== id);
}
