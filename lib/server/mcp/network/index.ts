import "server-only";
import type { HttpExchange, NetworkLog } from "@/lib/contracts/network";
import { HTTP_EXCHANGE_KIND } from "@/lib/contracts/network";
import { AppError } from "@/lib/errors";
import { openStreams } from "@/lib/server/mcp/network/recording-fetch";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { Registry } from "@/lib/server/mcp/registry";

export { networkFetch } from "@/lib/server/mcp/network/recording-fetch";
export type { NetworkSink } from "@/lib/server/mcp/network/recording-fetch";
export { networkSink } from "@/lib/server/mcp/network/sink";

/**
 * The Network view of a connection: its exchanges oldest first, each once (an event stream's
 * record at open is replaced by its final one, kept at the open's place in the order).
 */
export function networkLog(id: string, opts: { before?: number; limit: number }, registry: Registry = getRegistry()): NetworkLog {
  const conn = registry.connection(id);
  if (conn.config.transport === "stdio") {
    throw new AppError("bad_request:network_transport", "A stdio connection has no HTTP exchanges: its messages are in the Traffic view");
  }
  const rows = registry.hub.store.connectionEntriesOfKinds(id, [HTTP_EXCHANGE_KIND], opts.before, opts.limit);
  const byId = new Map<string, HttpExchange & { seq: number }>();
  for (const row of rows) {
    const x = row.raw as HttpExchange;
    const first = byId.get(x.id);
    // Open in the record but not in this process: Loupe stopped before the stream ended.
    const cut = x.state === "open" && !openStreams.has(x.id);
    const shown: HttpExchange = cut ? { ...x, state: "aborted", error: "Loupe stopped while this stream was open" } : x;
    byId.set(x.id, { ...shown, seq: first?.seq ?? row.seq });
  }
  const exchanges = [...byId.values()];
  return rows.length >= opts.limit && rows[0] ? { exchanges, before: rows[0].seq } : { exchanges };
}
