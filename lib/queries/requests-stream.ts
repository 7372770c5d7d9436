import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { inboxKeys, upsertMcpRequest, type InboxRow } from "@/lib/queries/inbox";

const KINDS = new Set(["sampling", "elicitation_form", "elicitation_url"]);
const STATUSES = new Set(["pending", "answered", "stale", "failed"]);

/** The entry's McpClientRequest, or null when `raw` is not one (a truncated preview, a newer server). */
export function asMcpRequest(raw: unknown): McpClientRequest | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const ok =
    typeof r.id === "string" &&
    typeof r.connectionId === "string" &&
    typeof r.kind === "string" &&
    KINDS.has(r.kind) &&
    typeof r.status === "string" &&
    STATUSES.has(r.status) &&
    typeof r.createdAt === "number" &&
    typeof r.params === "object" &&
    r.params !== null;
  return ok ? (raw as McpClientRequest) : null;
}

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
  const request = asMcpRequest(e.raw);
  if (!request) return true;
  if (qc.getQueryState(inboxKeys.list())) qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertMcpRequest(list, request));
  return true;
}
