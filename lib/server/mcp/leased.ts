import "server-only";
import type { LeasedResources } from "@/lib/server/cluster/leased";
import { whenServing } from "@/lib/launcher/serving";
import { instanceNamed } from "@/lib/server/cluster/service";
import { MCP_LEASE, publishedState } from "@/lib/server/mcp/held-view";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";

/**
 * Routes that act on one saved connection: `/api/connections/<id>` and everything under it. All but
 * its view (GET, answered by any instance with the holder's published state) run on the instance
 * holding the connection: the session, its pending requests and its calls live there.
 */
const CONNECTION_ROUTE = /^\/api\/connections\/([^/]+)(\/.*)?$/;

function route(method: string, pathname: string): string | undefined {
  const match = CONNECTION_ROUTE.exec(pathname);
  const id = match?.[1];
  if (!id || (method === "GET" && !match[2])) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return undefined;
  }
}

/**
 * MCP's saved connections under leases (issue 25): with several instances on one database, each
 * saved server is connected (a stdio server started) by the instance holding `mcp:<id>` only.
 */
export const mcpLeases: LeasedResources = {
  prefix: MCP_LEASE,
  saved: () => getRegistry().syncSaved(),
  async open(id, tookOver) {
    const registry = getRegistry();
    const view = registry.get(id);
    if (!view) return;
    // A demo server starts once Loupe has answered, as it does on one instance (adapter.ts's boot).
    if (view.builtin) await whenServing();
    // What the previous holder left pending was asked of a session that ended with it.
    const reason = tookOver
      ? `${instanceNamed(tookOver)} stopped before it was answered; this instance took the server over, and the session that asked ended with it (if the server asks again, its new request is answerable)`
      : undefined;
    const conn = registry.connection(id);
    for (const closed of getClientRequests().leftBehind(id, registry.hub.store, reason))
      conn.recordEntry("loupe", "local", "mcp_request", closed);
    await conn.connect();
  },
  async close(id) {
    const registry = getRegistry();
    if (registry.get(id)) await registry.connection(id).disconnect();
  },
  state: (id) => {
    const view = getRegistry().get(id);
    return view ? publishedState(view.state) : null;
  },
  route,
};
