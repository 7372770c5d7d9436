import "server-only";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import type { RemoteAuth } from "@/lib/server/mcp/transports";
import { ConnectionOAuth } from "@/lib/server/mcp/oauth/context";
import { dropPendingStates } from "@/lib/server/mcp/oauth/pending-states";
import { LoupeOAuthProvider } from "@/lib/server/mcp/oauth/provider";
import { createAuthFetch } from "@/lib/server/mcp/oauth/recording-fetch";
import { networkSink } from "@/lib/server/mcp/network/sink";

const contexts = new WeakMap<ConnectionHandle, ConnectionOAuth>();

/** The OAuth side of a live connection, made once per connection object (it survives reconnects). */
export function oauthFor(conn: ConnectionHandle): ConnectionOAuth {
  let ctx = contexts.get(conn);
  if (!ctx) {
    ctx = new ConnectionOAuth(conn, createAuthFetch);
    contexts.set(conn, ctx);
  }
  return ctx;
}

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

/** The server a remote config points at, for comparing an edit with what OAuth data was issued for. */
function oauthTarget(config: ConnectionConfig): string | null {
  if (config.transport === "stdio") return null;
  const url = new URL(config.url);
  url.hash = "";
  return `${url.href} ${config.oauth?.clientId ?? ""} ${config.oauth?.grant ?? "authorization_code"}`;
}

/**
 * An edit that points the connection at another server URL, another client id or another grant: the stored
 * tokens, client, discovery and any pending authorization were issued for the old one and are
 * forgotten, so a token never travels to a server it was not issued for. True when it forgot.
 */
export function forgetOAuthIfRetargeted(conn: ConnectionHandle, before: ConnectionConfig, after: ConnectionConfig): boolean {
  const was = oauthTarget(before);
  if (was === null || was === oauthTarget(after)) return false;
  const ctx = oauthFor(conn);
  const r = ctx.read();
  if (!r.tokens && !r.client && !r.discovery && !r.pending) return false;
  ctx.update(() => ({}));
  dropPendingStates(conn.id);
  ctx.logEvent({
    phase: "token",
    event: "tokens_cleared",
    ok: true,
    message: "The server URL, client id or grant changed: tokens and the registered client were forgotten",
  });
  return true;
}
