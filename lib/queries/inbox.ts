import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AnswerBody, InboxItem, RunRecord, StoredAnswer } from "@/lib/contracts/agents";

export const inboxKeys = {
  list: () => ["inbox"] as const,
};

/** Every interrupt Loupe knows, all servers and sessions (pending first, as the server sorts). */
export function inboxQuery() {
  return queryOptions({
    queryKey: inboxKeys.list(),
    queryFn: ({ signal }) => apiFetch<InboxItem[]>("/api/inbox", { signal }),
  });
}

export interface AnswerResult {
  answer: StoredAnswer;
  run?: RunRecord;
}

const answersPath = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/answers`;

export const inboxApi = {
  /** Stored first, then sent as a new run; a failed send comes back as `answer.status: "failed"`. */
  answer: (agentId: string, body: AnswerBody) => apiFetch<AnswerResult>(answersPath(agentId), { method: "POST", body }),
  retry: (agentId: string, answerId: string) =>
    apiFetch<AnswerResult>(`${answersPath(agentId)}/${encodeURIComponent(answerId)}/retry`, { method: "POST" }),
};

const RANK: Record<InboxItem["status"], number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/** Pending first, then newest first, like GET /api/inbox. */
export function sortInbox(items: InboxItem[]): InboxItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => RANK[a.item.status] - RANK[b.item.status] || (b.item.createdAt ?? 0) - (a.item.createdAt ?? 0) || a.i - b.i)
    .map((x) => x.item);
}

/** A `loupe/inbox` entry carries all interrupts of one session: they replace that session's rows. */
export function replaceSessionItems(
  list: InboxItem[] | undefined,
  agentId: string,
  sessionKey: string,
  items: InboxItem[],
): InboxItem[] | undefined {
  if (!list) return list;
  const others = list.filter((i) => !(i.agentId === agentId && i.sessionKey === sessionKey));
  return sortInbox([...others, ...items]);
}

export function removeAgentItems(list: InboxItem[] | undefined, agentId: string): InboxItem[] | undefined {
  return list?.filter((i) => i.agentId !== agentId);
}

/** Shows Loupe's answer on its row at once; the stream's loupe/inbox brings the server's view. */
export function setLastAnswer(list: InboxItem[] | undefined, answer: StoredAnswer): InboxItem[] | undefined {
  if (!list) return list;
  return list.map((i) =>
    i.agentId === answer.agentId && i.sessionKey === answer.sessionKey && i.id === answer.interruptId
      ? { ...i, lastAnswer: answer }
      : i,
  );
}

export function pendingCount(items: readonly InboxItem[] | undefined): number {
  return items?.filter((i) => i.status === "pending").length ?? 0;
}
