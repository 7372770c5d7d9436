import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { AnswerBody, InboxItem, RunRecord, StoredAnswer } from "@/lib/contracts/agents";
import { orderInbox, type InboxRow } from "@/lib/contracts/inbox";
import type { McpAnswerBody, McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { ToolApproval } from "@/lib/contracts/approvals";

export type { InboxRow };
/** An ADK interrupt row of the shared inbox. */
export type AdkRow = Extract<InboxRow, { source: "adk" }>;
/** A sampling / elicitation request of an MCP server. */
export type McpRow = Extract<InboxRow, { source: "mcp" }>;
/** A gated tool call (playground model or tap client) waiting for approval. */
export type ApprovalRow = Extract<InboxRow, { source: "approval" }>;

/** The inbox cache holds rows as GET /api/inbox lists them: every row names its source. */
type AnyRow = InboxRow;

export const inboxKeys = {
  list: () => ["inbox"] as const,
};

/** Every interrupt and client request Loupe knows, all servers and sessions (pending first, as the server sorts). */
export function inboxQuery() {
  return queryOptions({
    queryKey: inboxKeys.list(),
    queryFn: ({ signal }) => apiFetch<InboxRow[]>("/api/inbox", { signal }),
  });
}

export const isMcpRow = (row: AnyRow): row is McpRow => row.source === "mcp";
export const isApprovalRow = (row: AnyRow): row is ApprovalRow => row.source === "approval";

/** The ADK interrupt of a row, or null for any other source's request. */
export function adkItemOf(row: AnyRow): InboxItem | null {
  return row.source === "adk" ? row : null;
}

export const toMcpRow = (request: McpClientRequest): McpRow => ({ ...request, source: "mcp" });
export const toApprovalRow = (approval: ToolApproval): ApprovalRow => ({ ...approval, source: "approval" });
export const toAdkRow = (item: InboxItem): AdkRow => ({ ...item, source: "adk" });

export interface AnswerResult {
  answer: StoredAnswer;
  run?: RunRecord;
}

const answersPath = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/answers`;

export const adkAnswersApi = {
  /** Stored first, then sent as a new run; a failed send comes back as `answer.status: "failed"`. */
  answer: (agentId: string, body: AnswerBody) => apiFetch<AnswerResult>(answersPath(agentId), { method: "POST", body }),
  retry: (agentId: string, answerId: string) =>
    apiFetch<AnswerResult>(`${answersPath(agentId)}/${encodeURIComponent(answerId)}/retry`, { method: "POST" }),
};

export const mcpRequestsApi = {
  /**
   * Answers a sampling / elicitation request; returns the request as it is now. 409 when it no
   * longer waits (stale or answered elsewhere); 400 with `details` when the content is invalid.
   */
  answer: (connectionId: string, requestId: string, body: McpAnswerBody) =>
    apiFetch<McpClientRequest>(`/api/connections/${encodeURIComponent(connectionId)}/requests/${encodeURIComponent(requestId)}`, {
      method: "POST",
      body,
    }),
};

/** Pending first, then newest first, like GET /api/inbox (one order: orderInbox); every source interleaves by time. */
export function sortInbox<T extends AnyRow>(items: T[]): T[] {
  return orderInbox(items);
}

/**
 * A `loupe/inbox` entry carries all interrupts of one session: they replace that session's rows.
 * MCP rows are left alone. Generic so callers that still type the cache as InboxItem[] compile;
 * the rows added are ADK rows either way.
 */
export function replaceSessionItems<T extends AnyRow>(
  list: T[] | undefined,
  agentId: string,
  sessionKey: string,
  items: InboxItem[],
): (T | AdkRow)[] | undefined {
  if (!list) return list;
  const others = list.filter((row) => {
    const item = adkItemOf(row);
    return !(item && item.agentId === agentId && item.sessionKey === sessionKey);
  });
  return sortInbox<T | AdkRow>([...others, ...items.map(toAdkRow)]);
}

export function removeAgentItems<T extends AnyRow>(list: T[] | undefined, agentId: string): T[] | undefined {
  return list?.filter((row) => adkItemOf(row)?.agentId !== agentId);
}

/**
 * Shows Loupe's answer on its row at once; the stream's loupe/inbox brings the server's view. By
 * the interrupt's key: another request that reuses the call id never gets this answer.
 */
export function setLastAnswer<T extends AnyRow>(list: T[] | undefined, answer: StoredAnswer): T[] | undefined {
  if (!list) return list;
  return list.map((row) => {
    const i = adkItemOf(row);
    if (!i || i.agentId !== answer.agentId || i.sessionKey !== answer.sessionKey || i.id !== answer.interruptId) return row;
    return answer.interruptKey === undefined || i.key === answer.interruptKey ? { ...row, lastAnswer: answer } : row;
  });
}

/**
 * Puts one MCP request (from the stream or an answer POST) into the list, replacing the row of the
 * same connection and id. An older copy never overwrites a newer one: an answered or stale request
 * does not reopen (a stream entry that arrives after the POST's answer must not undo it).
 */
const CLOSED: ReadonlySet<McpClientRequest["status"]> = new Set(["answered", "stale"]);

export function upsertMcpRequest<T extends AnyRow>(list: T[] | undefined, request: McpClientRequest): (T | McpRow)[] | undefined {
  if (!list) return list;
  const at = list.findIndex((row) => isMcpRow(row) && row.connectionId === request.connectionId && row.id === request.id);
  if (at < 0) return sortInbox<T | McpRow>([...list, toMcpRow(request)]);
  const known = list[at];
  if (known && CLOSED.has(known.status) && !CLOSED.has(request.status)) return list;
  const next: (T | McpRow)[] = [...list];
  next[at] = toMcpRow(request);
  return sortInbox(next);
}

/**
 * Puts one tool approval (from the stream or an answer POST) into the list, replacing the row with
 * its id. As for MCP requests, an answered or stale copy is never reopened by an older pending one.
 */
export function upsertApproval<T extends AnyRow>(list: T[] | undefined, approval: ToolApproval): (T | ApprovalRow)[] | undefined {
  if (!list) return list;
  const at = list.findIndex((row) => isApprovalRow(row) && row.id === approval.id);
  if (at < 0) return sortInbox<T | ApprovalRow>([...list, toApprovalRow(approval)]);
  const known = list[at];
  if (known && known.status !== "pending" && approval.status === "pending") return list;
  const next: (T | ApprovalRow)[] = [...list];
  next[at] = toApprovalRow(approval);
  return sortInbox(next);
}

/**
 * Puts one human request recorded whole (a stream entry of its protocol) into the list, replacing
 * the row of the same source and id. As for MCP requests, an answered or stale copy is never
 * reopened by an older pending one.
 */
export function upsertInboxRow<T extends AnyRow>(list: T[] | undefined, row: InboxRow): (T | InboxRow)[] | undefined {
  if (!list) return list;
  const at = list.findIndex((r) => r.source === row.source && r.id === row.id);
  if (at < 0) return sortInbox<T | InboxRow>([...list, row]);
  const known = list[at];
  if (known && CLOSED.has(known.status) && !CLOSED.has(row.status)) return list;
  const next: (T | InboxRow)[] = [...list];
  next[at] = row;
  return sortInbox(next);
}
