import "server-only";
import type { TapExchange } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";

/** Records a `loupe/tap_exchange` entry on the upstream connection (a deleted one: nothing to record on). */
export function recordExchange(connectionId: string, exchange: TapExchange): void {
  let conn;
  try {
    conn = getRegistry().connection(connectionId);
  } catch {
    return;
  }
  conn.recordEntry("loupe", "local", "tap_exchange", exchange);
}
