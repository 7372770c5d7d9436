import { queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Entry } from "@/lib/contracts/entries";
import type {
  LgAnswerBody,
  LgAssistant,
  LgAssistantSchemas,
  LgCheckpoint,
  LgDeploymentInput,
  LgDeploymentView,
  LgGraph,
  LgHumanRequest,
  LgRunBodyInput,
  LgRunRecord,
  LgStateUpdateBody,
  LgThreadCreateBody,
  LgThreadDetail,
  LgThreadSummary,
} from "@/lib/contracts/langgraph";
import type { EntryHandler, StreamPart } from "@/lib/queries/entry-handler";
import { inboxKeys } from "@/lib/queries/inbox";
import { putInboxRow } from "@/lib/queries/inbox-stream";
import { appendSessionEntries, sessionEntriesQuery } from "@/lib/queries/session-entries";

/** Root of everything cached for one LangGraph deployment: dropped together when it is removed. */
export const lgScope = (deploymentId: string) => ["langgraph", deploymentId] as const;

/** What the thread list asks the server's threads/search for (empty: no filter). */
export interface LgThreadFilter {
  status: string;
  q: string;
}

export const lgKeys = {
  list: () => ["langgraph", "deployments"] as const,
  assistants: (id: string) => [...lgScope(id), "assistants"] as const,
  graph: (id: string, assistantId: string, xray: boolean) => [...lgScope(id), "graph", assistantId, xray] as const,
  schemas: (id: string, assistantId: string) => [...lgScope(id), "schemas", assistantId] as const,
  /** Every filtered list of the deployment's threads (invalidated together). */
  threads: (id: string) => [...lgScope(id), "threads"] as const,
  threadSearch: (id: string, filter: LgThreadFilter) => [...lgScope(id), "threads", filter.status, filter.q] as const,
  thread: (id: string, threadId: string) => [...lgScope(id), "thread", threadId] as const,
  entries: (id: string, threadId: string) => [...lgScope(id), "thread", threadId, "entries"] as const,
  history: (id: string, threadId: string) => [...lgScope(id), "thread", threadId, "history"] as const,
};

const enc = encodeURIComponent;
export const lgDeploymentPath = (id: string) => `/api/langgraph/deployments/${enc(id)}`;
const threadPath = (id: string, threadId: string) => `${lgDeploymentPath(id)}/threads/${enc(threadId)}`;

export function lgDeploymentsQuery() {
  return queryOptions({
    queryKey: lgKeys.list(),
    queryFn: ({ signal }) => apiFetch<LgDeploymentView[]>("/api/langgraph/deployments", { signal }),
  });
}

export function lgAssistantsQuery(id: string) {
  return queryOptions({
    queryKey: lgKeys.assistants(id),
    queryFn: ({ signal }) => apiFetch<LgAssistant[]>(`${lgDeploymentPath(id)}/assistants`, { signal }),
  });
}

export function lgGraphQuery(id: string, assistantId: string, xray = false) {
  return queryOptions({
    queryKey: lgKeys.graph(id, assistantId, xray),
    queryFn: ({ signal }) =>
      apiFetch<LgGraph>(`${lgDeploymentPath(id)}/assistants/${enc(assistantId)}/graph${xray ? "?xray=1" : ""}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The graph's JSON Schemas (input, output, state…). Slow the first time (the dev server builds
 * them) and absent on some graphs (a 502 in words): asked once, never retried, kept long.
 */
export function lgSchemasQuery(id: string, assistantId: string) {
  return queryOptions({
    queryKey: lgKeys.schemas(id, assistantId),
    queryFn: ({ signal }) => apiFetch<LgAssistantSchemas>(`${lgDeploymentPath(id)}/assistants/${enc(assistantId)}/schemas`, { signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** `?status=&q=` of the thread list (empty fields left out). */
function threadSearchParams(filter: LgThreadFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.q.trim()) params.set("q", filter.q.trim());
  return params.size ? `?${params.toString()}` : "";
}

export function lgThreadsQuery(id: string, filter: LgThreadFilter = { status: "", q: "" }) {
  const normalized = { status: filter.status, q: filter.q.trim() };
  return queryOptions({
    queryKey: lgKeys.threadSearch(id, normalized),
    queryFn: ({ signal }) => apiFetch<LgThreadSummary[]>(`${lgDeploymentPath(id)}/threads${threadSearchParams(normalized)}`, { signal }),
  });
}

export function lgThreadQuery(id: string, threadId: string) {
  return queryOptions({
    queryKey: lgKeys.thread(id, threadId),
    queryFn: ({ signal }) => apiFetch<LgThreadDetail>(threadPath(id, threadId), { signal }),
  });
}

/** The thread's checkpoints, newest first. */
export function lgHistoryQuery(id: string, threadId: string) {
  return queryOptions({
    queryKey: lgKeys.history(id, threadId),
    queryFn: ({ signal }) => apiFetch<LgCheckpoint[]>(`${threadPath(id, threadId)}/history`, { signal }),
  });
}

/**
 * Every entry Loupe recorded for one thread. The stream appends to this same cache entry while it
 * exists, so the fetch merges into what is there instead of replacing it.
 */
export function lgEntriesQuery(id: string, threadId: string) {
  return sessionEntriesQuery(lgKeys.entries(id, threadId), `${threadPath(id, threadId)}/entries`);
}

/** The mutations' fetchers (routes in lib/contracts/langgraph.ts). */
export const lgApi = {
  create: (input: LgDeploymentInput) => apiFetch<LgDeploymentView>("/api/langgraph/deployments", { method: "POST", body: input }),
  update: (id: string, input: Partial<LgDeploymentInput>) =>
    apiFetch<LgDeploymentView>(lgDeploymentPath(id), { method: "PATCH", body: input }),
  remove: (id: string) => apiFetch<void>(lgDeploymentPath(id), { method: "DELETE" }),
  createThread: (id: string, body: LgThreadCreateBody) =>
    apiFetch<LgThreadSummary>(`${lgDeploymentPath(id)}/threads`, { method: "POST", body }),
  deleteThread: (id: string, threadId: string) => apiFetch<void>(threadPath(id, threadId), { method: "DELETE" }),
  updateState: (id: string, threadId: string, body: LgStateUpdateBody) =>
    apiFetch<{ checkpointId: string }>(`${threadPath(id, threadId)}/state`, { method: "POST", body }),
  run: (id: string, body: LgRunBodyInput) =>
    apiFetch<{ runId: string; threadId: string }>(`${lgDeploymentPath(id)}/runs`, { method: "POST", body }),
  cancel: (id: string, runId: string) => apiFetch<LgRunRecord>(`${lgDeploymentPath(id)}/runs/${enc(runId)}/cancel`, { method: "POST" }),
  answer: (requestId: string, body: LgAnswerBody) =>
    apiFetch<LgHumanRequest>(`/api/langgraph/requests/${enc(requestId)}`, { method: "POST", body }),
};

export function upsertLgDeployment(list: LgDeploymentView[] | undefined, view: LgDeploymentView): LgDeploymentView[] | undefined {
  if (!list) return list;
  const at = list.findIndex((d) => d.id === view.id);
  if (at < 0) return [...list, view];
  return list.map((d, i) => (i === at ? view : d));
}

/**
 * The LangGraph half of the stream reducer: entries of protocol "langgraph" (connectionId = the
 * deployment, sessionKey = the thread) are appended to the thread's entry cache while it exists.
 */
export function applyLgEntries(qc: QueryClient, entries: readonly Entry[]): void {
  appendSessionEntries(qc, entries, lgKeys.entries);
}

/**
 * A run's start re-reads the thread lists (status: busy); its end also the thread (values,
 * interrupts, runs), its checkpoints and the deployment list (reachability as the run found it).
 */
const applyLgRun: EntryHandler<"lg_run"> = (qc, run) => {
  if (!run) return;
  void qc.invalidateQueries({ queryKey: lgKeys.threads(run.deploymentId) });
  void qc.invalidateQueries({ queryKey: lgKeys.thread(run.deploymentId, run.threadId), exact: true });
  if (run.status === "running") return;
  void qc.invalidateQueries({ queryKey: lgKeys.history(run.deploymentId, run.threadId), exact: true });
  void qc.invalidateQueries({ queryKey: lgKeys.list(), exact: true });
};

/** `lg_request` (the whole LgHumanRequest, on every change) → its inbox row; the thread's interrupts are re-read. */
export const applyLgRequest: EntryHandler<"lg_request"> = (qc, raw, e) => {
  putInboxRow(qc, raw ? { ...raw, source: "langgraph" } : null, e);
  if (!raw) return;
  void qc.invalidateQueries({ queryKey: inboxKeys.list() });
  void qc.invalidateQueries({ queryKey: lgKeys.thread(raw.deploymentId, raw.threadId), exact: true });
};

/** LangGraph's part of the stream reducer: entries feed the thread's timeline (applyLgEntries). */
export const lgStream: StreamPart<"langgraph"> = {
  handlers: { lg_input: null, lg_event: null, lg_malformed: null, lg_run: applyLgRun, lg_request: applyLgRequest },
  applyEntries: applyLgEntries,
};
