import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { HTTP_EXCHANGE_KIND } from "@/lib/contracts/network";
import type { EntryHandler } from "@/lib/queries/entry-handler";
import { mergeExchanges, networkKeys } from "@/lib/queries/network";
import type { ListedExchange } from "@/lib/queries/network";

/**
 * An `http_exchange` entry → the connection's Network cache, when the view has fetched it (like
 * traffic: a partial list must not pass for the history); a preview never replaces a row.
 */
export const applyExchangeEntry: EntryHandler<typeof HTTP_EXCHANGE_KIND> = (qc, exchange, e) => {
  const key = networkKeys.log(e.connectionId);
  if (exchange && !e.truncated && qc.getQueryState(key))
    qc.setQueryData<ListedExchange[]>(key, (prev) => mergeExchanges(prev, [{ ...exchange, seq: e.seq }]));
};

/** The same for an entry of any kind, read here; false for other entries. */
export function applyNetworkEntry(qc: QueryClient, e: Entry): boolean {
  if (e.protocol !== "loupe" || e.kind !== HTTP_EXCHANGE_KIND) return false;
  applyExchangeEntry(qc, entryPayload(e, HTTP_EXCHANGE_KIND), e);
  return true;
}
