import { queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type {
  A2aAgentInput,
  A2aAgentView,
  A2aAnswerBody,
  A2aHumanRequest,
  A2aPushRegistration,
  A2aSendBody,
  A2aTaskDetail,
  A2aTaskSummary,
} from "@/lib/contracts/a2a";
import { ENTRIES_PER_READ, type EntriesRead, type Entry } from "@/lib/contracts/entries";
import { mergeEntries } from "@/lib/queries/traffic";
import type { EntryHandler, StreamPart } from "@/lib/queries/entry-handler";
import { putInboxRow } from "@/lib/queries/inbox-stream";
import { isRecord } from "@/lib/values";

/** Root of everything cached for one A2A agent: dropped together when it is removed. */
export const a2aScope = (agentId: string) => ["a2a", agentId] as const;

export const a2aKeys = {
  list: () => ["a2a", "agents"] as const,
  tasks: (agentId: string) => [...a2aScope(agentId), "tasks"] as const,
  task: (agentId: string, taskId: string) => [...a2aScope(agentId), "task", taskId] as const,
  taskEntries: (agentId: string, taskId: string) => [...a2aScope(agentId), "task", taskId, "entries"] as const,
  /** Every entry of this agent that arrived on the stream while a view of it was open. */
  live: (agentId: string) => [...a2aScope(agentId), "live"] as const,
};

const enc = encodeURIComponent;
const agentPath = (id: string) => `/api/a2a/agents/${enc(id)}`;
const taskPath = (id: string, taskId: string) => `${agentPath(id)}/tasks/${enc(taskId)}`;

export function a2aAgentsQuery() {
  return queryOptions({
    queryKey: a2aKeys.list(),
    queryFn: ({ signal }) => apiFetch<A2aAgentView[]>("/api/a2a/agents", { signal }),
  });
}

export function a2aTasksQuery(agentId: string) {
  return queryOptions({
    queryKey: a2aKeys.tasks(agentId),
    queryFn: ({ signal }) => apiFetch<A2aTaskSummary[]>(`${agentPath(agentId)}/tasks`, { signal }),
  });
}

export function a2aTaskQuery(agentId: string, taskId: string) {
  return queryOptions({
    queryKey: a2aKeys.task(agentId, taskId),
    queryFn: ({ signal }) => apiFetch<A2aTaskDetail>(taskPath(agentId, taskId), { signal }),
  });
}

/**
 * A task's recorded entries, whole (the timeline must show every raw frame), read ENTRIES_PER_READ
 * seqs at a time (GET /api/entries?seqs=…; a 1,500-chunk task is 8 reads, not 1,506); what a read's
 * byte bound left is asked again. A seq whose entry is gone (retention) is skipped. The stream
 * merges newer ones into the same cache entry (applyA2aEntries), so the fetch merges too.
 */
export function a2aTaskEntriesQuery(agentId: string, taskId: string, seqs: readonly number[]) {
  return queryOptions({
    queryKey: a2aKeys.taskEntries(agentId, taskId),
    queryFn: async ({ signal, client, queryKey }) => {
      const have = new Set((client.getQueryData<Entry[]>(queryKey) ?? []).filter((e) => !e.truncated).map((e) => e.seq));
      let todo = seqs.filter((s) => !have.has(s));
      const fetched: Entry[] = [];
      while (todo.length > 0) {
        const ask = todo.slice(0, ENTRIES_PER_READ);
        const read = await apiFetch<EntriesRead>(`/api/entries?seqs=${ask.join(",")}`, { signal });
        fetched.push(...read.entries);
        // A read returns at least one entry of those that exist: the rest of `ask` comes again.
        todo = [...read.rest, ...todo.slice(ask.length)];
        if (read.entries.length === 0) todo = todo.filter((s) => !read.rest.includes(s));
      }
      return mergeEntries(client.getQueryData<Entry[]>(queryKey), fetched);
    },
    staleTime: Infinity,
  });
}

export function a2aLiveQuery(agentId: string) {
  return queryOptions({
    queryKey: a2aKeys.live(agentId),
    // Nothing to fetch: the stream fills it (applyA2aEntries) from the moment a view subscribes.
    queryFn: ({ client, queryKey }) => client.getQueryData<Entry[]>(queryKey) ?? [],
    staleTime: Infinity,
  });
}

export const a2aApi = {
  create: (input: A2aAgentInput) => apiFetch<A2aAgentView>("/api/a2a/agents", { method: "POST", body: input }),
  update: (id: string, patch: Partial<A2aAgentInput>) => apiFetch<A2aAgentView>(agentPath(id), { method: "PATCH", body: patch }),
  remove: (id: string) => apiFetch<void>(agentPath(id), { method: "DELETE" }),
  refetchCard: (id: string) => apiFetch<A2aAgentView>(`${agentPath(id)}/card`, { method: "POST" }),
  /** 202: the exchange runs on the server; its frames arrive on the stream. */
  send: (id: string, body: A2aSendBody) => apiFetch<{ exchangeId: string }>(`${agentPath(id)}/messages`, { method: "POST", body }),
  refresh: (id: string, taskId: string) => apiFetch<A2aTaskDetail>(`${taskPath(id, taskId)}/refresh`, { method: "POST" }),
  cancel: (id: string, taskId: string) => apiFetch<A2aTaskDetail>(`${taskPath(id, taskId)}/cancel`, { method: "POST" }),
  resubscribe: (id: string, taskId: string) => apiFetch<unknown>(`${taskPath(id, taskId)}/resubscribe`, { method: "POST" }),
  registerPush: (id: string, taskId: string) => apiFetch<A2aPushRegistration>(`${taskPath(id, taskId)}/push`, { method: "POST" }),
  answer: (requestId: string, body: A2aAnswerBody) =>
    apiFetch<A2aHumanRequest>(`/api/a2a/requests/${enc(requestId)}`, { method: "POST", body }),
};

/**
 * One id field of an entry's raw. Read off the raw as recorded, not through parseEntry on
 * purpose: the ids route an entry to its task's view, and an entry that does not fit its kind's
 * schema must still show there (raw, with the parse error), not vanish from the task.
 */
export function entryId(e: Entry, field: "taskId" | "exchangeId" | "contextId"): string | null {
  if (!isRecord(e.raw)) return null;
  const id = e.raw[field];
  return typeof id === "string" && id ? id : null;
}

/** The task an entry is about, when its raw names one (frames, streams, pushes, request states). */
export const entryTaskId = (e: Entry): string | null => entryId(e, "taskId");

export const entryExchangeId = (e: Entry): string | null => entryId(e, "exchangeId");

/** How many live entries of one agent the browser keeps. */
export const A2A_LIVE_CAP = 20_000;

/**
 * The A2A half of the stream reducer. Live entries go to the agent's live cache (only while a
 * view holds it) and to the open task's entries; anything that changes a task or the card
 * re-reads the server's record, which is the truth for summaries (state, artifact counts).
 */
export function applyA2aEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const byAgent = new Map<string, Entry[]>();
  for (const e of entries) {
    const list = byAgent.get(e.connectionId);
    if (list) list.push(e);
    else byAgent.set(e.connectionId, [e]);
  }
  for (const [agentId, batch] of byAgent) {
    if (qc.getQueryState(a2aKeys.live(agentId)))
      qc.setQueryData<Entry[]>(a2aKeys.live(agentId), (prev) => mergeEntries(prev, batch, A2A_LIVE_CAP));
    const tasks = new Set<string>();
    for (const e of batch) {
      const taskId = entryTaskId(e);
      if (taskId) tasks.add(taskId);
      if (e.kind === "a2a_card") void qc.invalidateQueries({ queryKey: a2aKeys.list() });
    }
    for (const taskId of tasks) {
      const mine = batch.filter((e) => entryTaskId(e) === taskId);
      const key = a2aKeys.taskEntries(agentId, taskId);
      if (qc.getQueryState(key)) qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, mine));
      void qc.invalidateQueries({ queryKey: a2aKeys.task(agentId, taskId), exact: true });
    }
    if (tasks.size) void qc.invalidateQueries({ queryKey: a2aKeys.tasks(agentId) });
  }
}

/** `a2a_request_state` (raw = the whole A2aHumanRequest, recorded on every change) → its inbox row. */
export const applyA2aRequestEntry: EntryHandler<"a2a_request_state"> = (qc, raw, e) =>
  putInboxRow(qc, raw ? { ...raw, source: "a2a" } : null, e);

/** A2A's part of the stream reducer: entries feed the agent's tasks (applyA2aEntries); request states, the inbox. */
export const a2aStream: StreamPart<"a2a"> = {
  handlers: {
    a2a_request: null,
    a2a_frame: null,
    a2a_malformed: null,
    a2a_stream: null,
    a2a_push: null,
    a2a_card: null,
    a2a_request_state: applyA2aRequestEntry,
  },
  applyEntries: applyA2aEntries,
};
