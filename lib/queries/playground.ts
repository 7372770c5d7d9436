import { queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { Entry } from "@/lib/contracts/entries";
import type {
  ColumnConfig,
  ColumnInput,
  Conversation,
  ConversationInput,
  ConversationPatch,
  MessageInput,
  PlaygroundColumn,
  PlaygroundProvider,
  ProviderKeyInput,
  ProviderStatus,
} from "@/lib/contracts/playground";
import { mergeEntries } from "@/lib/queries/traffic";
import type { StreamPart } from "@/lib/queries/entry-handler";

/** Keys of the playground (issue 10): conversations, each one's entries, and the providers' key status. */
export const playgroundKeys = {
  all: () => ["playground"] as const,
  conversations: () => ["playground", "conversations"] as const,
  entries: (conversationId: string) => ["playground", "entries", conversationId] as const,
  providers: () => ["playground", "providers"] as const,
  entry: (seq: number) => ["playground", "entry", seq] as const,
};

const base = "/api/playground";
const conv = (id: string) => `${base}/conversations/${encodeURIComponent(id)}`;

export function conversationsQuery() {
  return queryOptions({
    queryKey: playgroundKeys.conversations(),
    queryFn: ({ signal }) => apiFetch<Conversation[]>(`${base}/conversations`, { signal }),
  });
}

/**
 * Every entry of one conversation (all columns). The stream appends to this same cache entry,
 * so the fetch merges history into what is already there (the two overlap), as traffic does.
 */
export function conversationEntriesQuery(conversationId: string) {
  const queryKey = playgroundKeys.entries(conversationId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client, queryKey }) => {
      // The newest 5000 (the route's cap): every turn of any conversation a person would read here.
      const history = await apiFetch<Entry[]>(`${conv(conversationId)}/entries?limit=5000`, { signal });
      return mergeEntries(client.getQueryData<Entry[]>(queryKey), Array.isArray(history) ? history : []);
    },
    staleTime: Infinity,
  });
}

/** One entry whole (its raw was cut to a preview on the stream and in lists). */
export function fullEntryQuery(seq: number) {
  return queryOptions({
    queryKey: playgroundKeys.entry(seq),
    queryFn: ({ signal }) => apiFetch<Entry>(`/api/entries/${seq}`, { signal }),
    staleTime: Infinity,
  });
}

export function providersQuery() {
  return queryOptions({
    queryKey: playgroundKeys.providers(),
    queryFn: ({ signal }) => apiFetch<ProviderStatus[]>(`${base}/providers`, { signal }),
  });
}

export const playgroundApi = {
  create: (input: ConversationInput) => apiFetch<Conversation>(`${base}/conversations`, { method: "POST", body: input }),
  patch: (id: string, patch: ConversationPatch) => apiFetch<Conversation>(conv(id), { method: "PATCH", body: patch }),
  remove: (id: string) => apiFetch<void>(conv(id), { method: "DELETE" }),
  /** 202: the turn runs on the server; its entries arrive on the stream. */
  send: (id: string, input: MessageInput) => apiFetch<unknown>(`${conv(id)}/messages`, { method: "POST", body: input }),
  stop: (id: string, columnIds?: string[]) =>
    apiFetch<unknown>(`${conv(id)}/stop`, { method: "POST", body: columnIds ? { columnIds } : {} }),
  addColumn: (id: string, input: ColumnInput) => apiFetch<unknown>(`${conv(id)}/columns`, { method: "POST", body: input }),
  updateColumn: (id: string, columnId: string, config: ColumnConfig) =>
    apiFetch<unknown>(`${conv(id)}/columns/${encodeURIComponent(columnId)}`, { method: "PATCH", body: { config } }),
  removeColumn: (id: string, columnId: string) =>
    apiFetch<void>(`${conv(id)}/columns/${encodeURIComponent(columnId)}`, { method: "DELETE" }),
  setKey: (provider: PlaygroundProvider, input: ProviderKeyInput) =>
    apiFetch<ProviderStatus>(`${base}/providers/${provider}`, { method: "PUT", body: input }),
  forgetKey: (provider: PlaygroundProvider) => apiFetch<void>(`${base}/providers/${provider}`, { method: "DELETE" }),
};

/** Inserts or replaces one conversation, newest activity first. */
export function upsertConversation(list: Conversation[] | undefined, c: Conversation): Conversation[] | undefined {
  if (!list) return list;
  return [c, ...list.filter((x) => x.id !== c.id)].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Replaces (or adds, or with `removed` drops) one column of a listed conversation. */
export function upsertColumn(
  list: Conversation[] | undefined,
  conversationId: string,
  column: PlaygroundColumn,
  removed = false,
): Conversation[] | undefined {
  if (!list) return list;
  return list.map((c) => {
    if (c.id !== conversationId) return c;
    const others = c.columns.filter((x) => x.id !== column.id);
    if (removed) return { ...c, columns: others };
    const at = c.columns.findIndex((x) => x.id === column.id);
    const columns = at === -1 ? [...c.columns, column] : c.columns.map((x) => (x.id === column.id ? column : x));
    return { ...c, columns };
  });
}

/**
 * The playground half of the stream reducer (playgroundStream below):
 * entries go to their conversation's entry list while that list is cached. (The conversation /
 * column records keep the conversation list current through the reducer's handler table.)
 */
export function applyPlaygroundEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const byConversation = new Map<string, Entry[]>();
  for (const e of entries) {
    const batch = byConversation.get(e.connectionId);
    if (batch) batch.push(e);
    else byConversation.set(e.connectionId, [e]);
  }
  for (const [id, batch] of byConversation) {
    const key = playgroundKeys.entries(id);
    if (!qc.getQueryState(key)) continue;
    qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, batch));
  }
}

/** playground/pg_conversation (its handler in playgroundStream). */
export function applyConversationRecord(qc: QueryClient, raw: { conversation: Conversation; removed?: boolean }): void {
  const key = playgroundKeys.conversations();
  const c = raw.conversation;
  if (raw.removed === true) {
    qc.setQueryData<Conversation[]>(key, (l) => l?.filter((x) => x.id !== c.id));
    qc.removeQueries({ queryKey: playgroundKeys.entries(c.id) });
  } else if (qc.getQueryData<Conversation[]>(key)?.some((x) => x.id === c.id) === false) {
    qc.setQueryData<Conversation[]>(key, (l) => upsertConversation(l, c));
  } else {
    qc.setQueryData<Conversation[]>(key, (l) => l?.map((x) => (x.id === c.id ? c : x)));
  }
}

/** playground/pg_column: `conversationId` is the entry's connectionId. */
export function applyColumnRecord(qc: QueryClient, conversationId: string, raw: { column: PlaygroundColumn; removed?: boolean }): void {
  qc.setQueryData<Conversation[]>(playgroundKeys.conversations(), (l) => upsertColumn(l, conversationId, raw.column, raw.removed === true));
}

/**
 * The playground's part of the stream reducer: entries join their conversation's list
 * (applyPlaygroundEntries); the conversation and column records also keep the conversation list current.
 */
export const playgroundStream: StreamPart<"playground"> = {
  handlers: {
    pg_user: null,
    pg_model_request: null,
    pg_model_stream: null,
    pg_model_response: null,
    pg_tool_call: null,
    pg_turn: null,
    pg_column: (qc, raw, e) => {
      if (raw) applyColumnRecord(qc, e.connectionId, raw);
    },
    pg_conversation: (qc, raw) => {
      if (raw) applyConversationRecord(qc, raw);
    },
    pg_sampling_draft: null,
  },
  applyEntries: applyPlaygroundEntries,
};
