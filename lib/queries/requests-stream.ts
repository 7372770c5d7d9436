import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { inboxKeys, upsertMcpRequest, type InboxRow } from "@/lib/queries/inbox";

/**
 * `loupe/mcp_request` (raw = McpClientRequest, recorded on every change of a sampling or
 * elicitation request) → the inbox cache. Only a list that exists is updated: a view that has
 * not fetched the inbox yet fetches it whole, and a partial list would hide the other rows.
 * Returns true for that kind even when the entry is unusable, so no other handler guesses at it.
 */
export function applyRequestsEntry(qc: QueryClient, e: Entry): boolean {
  if (e.kind !== "mcp_request") return false;
  // A preview cut for transport (a long reply or large params) may still parse, without the
  // fields that were cut: never let it replace a full row. The full row is one GET away.
  if (e.truncated) {
    if (qc.getQueryState(inboxKeys.list())) void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    return true;
  }
  const request = entryPayload(e, "mcp_request");
  if (!request) return true;
  if (qc.getQueryState(inboxKeys.list())) qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertMcpRequest(list, request));
  return true;
}
