import "server-only";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import type { RemoteAuth } from "@/lib/server/mcp/transports";
import { oauthFor } from "@/lib/server/mcp/oauth/context";
import { LoupeOAuthProvider } from "@/lib/server/mcp/oauth/provider";
import { networkSink } from "@/lib/server/mcp/network/sink";

/**
 * The OAuth provider and recording fetch for a remote connection's transport (called on each
 * open). The fetch is given even without OAuth: it keeps Loupe's token header from going
 * upstream and turns a 401 into an auth state that says what to do. The provider only when the
 * connection has OAuth on. Publishes the auth state the stored tokens give (connect() starts
 * from a fresh state).
 */
export function remoteTransportAuth(conn: ConnectionHandle): RemoteAuth {
  const ctx = oauthFor(conn);
  if (!ctx.config) return {};
  // Every exchange of the transport, OAuth's included, is also recorded for the Network view.
  const network = networkSink(conn);
  if (!ctx.enabled) return { fetch: ctx.fetch, network };
  ctx.publish(ctx.currentAuthState());
  return { authProvider: new LoupeOAuthProvider(ctx), fetch: ctx.fetch, network };
}
