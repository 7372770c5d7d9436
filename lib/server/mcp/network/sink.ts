import "server-only";
import { HTTP_EXCHANGE_KIND } from "@/lib/contracts/network";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import type { NetworkSink } from "@/lib/server/mcp/network/recording-fetch";

/**
 * The sink of a remote connection's session: each exchange is a `http_exchange` entry, so it
 * survives a restart and is pruned with the rest of the traffic (retention.ts). The configured
 * header names are secrets whatever their values look like (the API masks them all too).
 */
export function networkSink(conn: ConnectionHandle): NetworkSink | undefined {
  const config = conn.config;
  if (config.transport === "stdio") return undefined;
  return {
    record: (exchange) => {
      conn.recordEntry("loupe", "out", HTTP_EXCHANGE_KIND, exchange);
    },
    secretHeaders: new Set(Object.keys(config.headers).map((k) => k.toLowerCase())),
  };
}
