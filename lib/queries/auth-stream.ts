import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { AUTH_ENTRY_KINDS, AUTH_EVENT_KIND } from "@/lib/contracts/auth";
import { authKeys } from "@/lib/queries/auth";
import { mergeEntries } from "@/lib/queries/traffic";

const KINDS: readonly string[] = AUTH_ENTRY_KINDS;

/**
 * Auth log entries (auth_http, auth_event) → the connection's Auth log cache, when the Auth view
 * has fetched it (like traffic: a partial list must not pass for the history). An auth_event
 * changes what the summary says (tokens saved or cleared, a pending authorization): refetch it.
 */
export function applyAuthEntry(qc: QueryClient, e: Entry): boolean {
  if (e.protocol !== "loupe" || !KINDS.includes(e.kind)) return false;
  const key = authKeys.log(e.connectionId);
  if (qc.getQueryState(key)) qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, [e], 2000));
  if (e.kind === AUTH_EVENT_KIND) void qc.invalidateQueries({ queryKey: authKeys.summary(e.connectionId) });
  return true;
}
