import type { QueryClient } from "@tanstack/react-query";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { Entry } from "@/lib/contracts/entries";
import { inboxKeys, toA2aRow, toAguiRow, upsertPeerRequest, type A2aRow, type AguiRow, type InboxRow } from "@/lib/queries/inbox";

/**
 * `a2a/a2a_request_state` and `agui/agui_request` (raw = the whole A2aHumanRequest /
 * AguiHumanRequest, recorded on every change) → the inbox cache: the same path as loupe/inbox,
 * mcp_request and tool_approval. Only a list that exists is updated (a partial list would hide the
 * other rows); an answered or stale row is never reopened by an older copy (upsertPeerRequest); a
 * preview cut for transport, or a raw that does not fit its schema (null), never replaces a row:
 * the list is re-read instead. Wired in ENTRY_HANDLERS (lib/queries/stream-handlers.ts).
 */
function putPeerRow(qc: QueryClient, row: A2aRow | AguiRow | null, e: Entry): void {
  if (!qc.getQueryState(inboxKeys.list())) return;
  if (!row || e.truncated) {
    void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    return;
  }
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertPeerRequest(list, row));
}

export function applyA2aRequestEntry(qc: QueryClient, raw: A2aHumanRequest | null, e: Entry): void {
  putPeerRow(qc, raw ? toA2aRow(raw) : null, e);
}

export function applyAguiRequestEntry(qc: QueryClient, raw: AguiHumanRequest | null, e: Entry): void {
  putPeerRow(qc, raw ? toAguiRow(raw) : null, e);
}
