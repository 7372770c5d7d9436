import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { inboxKeys, upsertInboxRow, type InboxRow } from "@/lib/queries/inbox";

/**
 * A request a test replay met (the server marks its frames, `Entry.replay`): the scripted human
 * answers it, so GET /api/inbox leaves it out — and every live writer of the inbox list does too,
 * or an inbox open in the page would show a replay's pause until the list is read again (issue 24).
 */
export function isReplayFrame(e: Entry): boolean {
  return e.replay === true;
}

/**
 * A human request recorded whole on every change (a peer protocol's request entry: its handler
 * in the protocol's stream part) → the inbox cache: the same path as loupe/inbox,
 * mcp_request and tool_approval. Only a list that exists is updated (a partial list would hide the
 * other rows); an answered or stale row is never reopened by an older copy (upsertInboxRow); a
 * preview cut for transport, or a raw that does not fit its schema (null), never replaces a row:
 * the list is re-read instead. A test replay's request (marked by the server) is never put.
 */
export function putInboxRow(qc: QueryClient, row: InboxRow | null, e: Entry): void {
  if (isReplayFrame(e) || !qc.getQueryState(inboxKeys.list())) return;
  if (!row || e.truncated) {
    void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    return;
  }
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertInboxRow(list, row));
}
