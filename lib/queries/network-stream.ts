import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { HTTP_EXCHANGE_KIND } from "@/lib/contracts/network";
import { mergeExchanges, networkKeys } from "@/lib/queries/network";
import type { ListedExchange } from "@/lib/queries/network";

/**
 * An `http_exchange` entry → the connection's Network cache, when the view has fetched it (like
 * traffic: a partial list must not pass for the history). Returns false for other entries.
 */
export function applyNetworkEntry(qc: QueryClient, e: Entry): boolean {
  if (e.protocol !== "loupe" || e.kind !== HTTP_EXCHANGE_KIND) return false;
  const key = networkKeys.log(e.connectionId);
  const exchange = qc.getQueryState(key) && !e.truncated ? entryPayload(e, HTTP_EXCHANGE_KIND) : null;
  if (exchange) qc.setQueryData<ListedExchange[]>(key, (prev) => mergeExchanges(prev, [{ ...exchange, seq: e.seq }]));
  return true;
}
