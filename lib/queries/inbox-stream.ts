import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { inboxKeys, upsertInboxRow, type InboxRow } from "@/lib/queries/inbox";

/**
 * A human request recorded whole on every change (a peer protocol's request entry: its handler
 * in the protocol's stream part) → the inbox cache: the same path as loupe/inbox,
 * mcp_request and tool_approval. Only a list that exists is updated (a partial list would hide the
 * other rows); an answered or stale row is never reopened by an older copy (upsertInboxRow); a
 * preview cut for transport, or a raw that does not fit its schema (null), never replaces a row:
 * the list is re-read instead.
 */
export function putInboxRow(qc: QueryClient, row: InboxRow | null, e: Entry): void {
  if (!qc.getQueryState(inboxKeys.list())) return;
  if (!row || e.truncated) {
    void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    return;
  }
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertInboxRow(list, row));
}
