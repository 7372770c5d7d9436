import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { EntryHandler } from "@/lib/queries/entry-handler";
import { inboxKeys, upsertMcpRequest, type InboxRow } from "@/lib/queries/inbox";
import { isReplayFrame } from "@/lib/queries/inbox-stream";

/**
 * `loupe/mcp_request` (raw = McpClientRequest, recorded on every change of a sampling or
 * elicitation request) → the inbox cache. Only a list that exists is updated: a view that has
 * not fetched the inbox yet fetches it whole, and a partial list would hide the other rows.
 */
export const applyMcpRequestEntry: EntryHandler<"mcp_request"> = (qc, request, e) => {
  if (isReplayFrame(e)) return;
  // A preview cut for transport (a long reply or large params) may still parse, without the
  // fields that were cut: never let it replace a full row. The full row is one GET away.
  if (e.truncated) {
    if (qc.getQueryState(inboxKeys.list())) void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    return;
  }
  if (!request) return;
  if (qc.getQueryState(inboxKeys.list())) qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertMcpRequest(list, request));
};

/**
 * The same for an entry of any kind, read here: false when the kind is not ours, true for it even
 * when the entry is unusable, so no other reader guesses at it.
 */
export function applyRequestsEntry(qc: QueryClient, e: Entry): boolean {
  if (e.kind !== "mcp_request") return false;
  applyMcpRequestEntry(qc, entryPayload(e, "mcp_request"), e);
  return true;
}
