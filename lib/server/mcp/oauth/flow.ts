import "server-only";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Entry } from "@/lib/contracts/entries";
import { AppError } from "@/lib/errors";
import type { Registry } from "@/lib/server/mcp/registry";
import { getRegistry } from "@/lib/server/mcp/registry";
import { previewEntry } from "@/lib/server/preview";
import { AUTH_ENTRY_KINDS } from "@/lib/contracts/auth";
import type { AuthorizeResponse, AuthSummary, SignOutBody } from "@/lib/contracts/auth";
import { oauthFor } from "@/lib/server/mcp/oauth/connection-auth";
import type { ConnectionOAuth } from "@/lib/server/mcp/oauth/context";
import { consumePendingState, dropPendingStates } from "@/lib/server/mcp/oauth/pending-states";
import { AuthorizationRequiredError, LoupeOAuthProvider } from "@/lib/server/mcp/oauth/provider";
import { errorMessage } from "@/lib/values";
import { oauthByState, saveOAuth } from "@/lib/server/mcp/oauth/oauth-store";

function remoteOAuth(id: string, registry: Registry): ConnectionOAuth {
  const ctx = oauthFor(registry.connection(id));
  if (!ctx.config) throw new AppError("bad_request:oauth_transport", "OAuth applies to remote (HTTP or SSE) connections only");
  return ctx;
}

function enabledOAuth(id: string, registry: Registry): ConnectionOAuth & { config: NonNullable<ConnectionOAuth["config"]> } {
  const ctx = remoteOAuth(id, registry);
  if (!ctx.enabled) {
    throw new AppError("conflict:oauth_disabled", "OAuth 2.1 is off for this connection: turn it on in the connection settings (Edit)");
  }
  return ctx as ConnectionOAuth & { config: NonNullable<ConnectionOAuth["config"]> };
}

/**
 * Starts a browser authorization (the Authorize button): discovery, registration when needed,
 * PKCE, and the URL to send the browser to. With client credentials (the "Get a token" button)
 * the token is fetched at once and there is no URL. A pending URL that has not expired is handed out
 * again rather than replaced. Existing tokens are not used to skip the user: they asked.
 */
export async function startAuthorization(id: string, registry: Registry = getRegistry()): Promise<AuthorizeResponse> {
  const ctx = enabledOAuth(id, registry);
  const r = ctx.read();
  if (r.pending?.authorizationUrl && r.pending.expiresAt > Date.now() + 60_000) {
    return { authorized: false, authorizationUrl: r.pending.authorizationUrl };
  }
  const scope = r.stepUpScope ?? ctx.settings?.scope ?? undefined;
  ctx.forceInteractive = true;
  try {
    const result = await auth(new LoupeOAuthProvider(ctx), { serverUrl: ctx.config.url, scope, fetchFn: ctx.fetch });
    // Client credentials have no callback to reconnect from: a connection the missing token had stopped connects now.
    const stopped = ctx.conn.state.status !== "connected" && ctx.conn.state.status !== "connecting";
    if (result === "AUTHORIZED" && ctx.settings?.grant === "client_credentials" && stopped) await registry.connect(id);
    return { authorized: result === "AUTHORIZED" };
  } catch (error) {
    if (error instanceof AuthorizationRequiredError) return { authorized: false, authorizationUrl: error.authorizationUrl };
    const message = `Starting the authorization failed: ${errorMessage(error)}`;
    ctx.logEvent({ phase: "authorization", event: "error", ok: false, message });
    ctx.publish({ status: "error", message });
    throw new AppError("upstream:oauth", message);
  } finally {
    ctx.forceInteractive = false;
  }
}

/**
 * Finishes a flow with the code the authorization server sent back: finds the connection by
 * `state` (single use, expires), checks the response's issuer (`iss`, RFC 9207; null or omitted
 * when the redirect carried none), exchanges the code (PKCE verifier from the store), and
 * reconnects. For the callback route and for headless drivers (the conformance runner).
 */
export async function completeAuthorization(
  state: string,
  code: string,
  registry: Registry = getRegistry(),
  iss: string | null = null,
): Promise<{ connectionId: string }> {
  const { ctx, pending } = takePending(state, registry);
  const mixUp = issuerProblem(pending, iss);
  if (mixUp) {
    // The state is used up already: a response from the wrong server cannot be replayed either.
    const message = `The authorization response was refused, no token was requested: ${mixUp}`;
    ctx.logEvent({ phase: "authorization", event: "error", ok: false, message });
    ctx.publish({ status: "error", message });
    throw new AppError("bad_request:oauth_issuer", message, { connectionId: ctx.conn.id });
  }
  ctx.logEvent({ phase: "authorization", event: "callback", ok: true, message: "The authorization server sent back a code" });
  ctx.publish({ ...ctx.currentAuthState(), status: "authorizing" });
  try {
    const result = await auth(new LoupeOAuthProvider(ctx, pending.codeVerifier), {
      serverUrl: ctx.config!.url,
      authorizationCode: code,
      fetchFn: ctx.fetch,
    });
    if (result !== "AUTHORIZED") throw new Error("the authorization server did not issue a token");
  } catch (error) {
    const message = `Exchanging the authorization code for a token failed: ${errorMessage(error)}`;
    ctx.logEvent({ phase: "token", event: "error", ok: false, message });
    ctx.publish({ status: "error", message });
    throw new AppError("upstream:oauth_token", message);
  }
  await registry.connect(ctx.conn.id);
  return { connectionId: ctx.conn.id };
}

/**
 * RFC 9207 (authorization server mix-up): an `iss` in the response must be exactly the issuer
 * the authorization was sent to (no case folding, default ports or trailing slashes), whether
 * or not that server advertised it; a server whose metadata promised `iss` must send it.
 */
function issuerProblem(pending: PendingAuthorization, iss: string | null): string | undefined {
  if (iss !== null) {
    if (!pending.issuer) return `it names issuer "${iss}", but Loupe recorded no issuer for this authorization`;
    if (iss !== pending.issuer) return `it comes from issuer "${iss}", not from "${pending.issuer}" where this authorization was sent`;
    return undefined;
  }
  if (pending.issSupported) return `"${pending.issuer ?? "the authorization server"}" promised an iss parameter (RFC 9207) and sent none`;
  return undefined;
}

type PendingAuthorization = NonNullable<ReturnType<ConnectionOAuth["read"]>["pending"]>;

/** The connection waiting for this state, and its pending authorization; the state is used up either way. */
function takePending(state: string, registry: Registry): { ctx: ConnectionOAuth; pending: PendingAuthorization } {
  consumePendingState(state);
  const found = oauthByState(registry.hub.store, state);
  const pending = found?.record.pending;
  if (found) saveOAuth(registry.hub.store, found.connectionId, { ...found.record, pending: undefined });
  if (!found || !pending || pending.expiresAt <= Date.now()) {
    throw new AppError(
      "bad_request:oauth_state",
      found
        ? "This authorization has expired (it is valid for 10 minutes): start it again from the Auth tab"
        : "This authorization is unknown or was already used: start it again from the Auth tab",
      found ? { connectionId: found.connectionId } : undefined,
    );
  }
  const conn = registry.allConnections().find((c) => c.id === found.connectionId);
  if (!conn) throw new AppError("not_found:connection", "The connection of this authorization was removed");
  const ctx = oauthFor(conn);
  if (!ctx.config) throw new AppError("bad_request:oauth_transport", "This connection is no longer a remote one");
  return { ctx, pending };
}

export type CallbackOutcome = { ok: true; connectionId: string } | { ok: false; message: string; connectionId?: string };

/** What `/oauth/callback?code&state` (or `?error&state`) comes to; never throws. */
export async function handleOAuthCallback(params: URLSearchParams, registry: Registry = getRegistry()): Promise<CallbackOutcome> {
  const state = params.get("state") ?? "";
  const code = params.get("code");
  const error = params.get("error");
  if (error) {
    const description = params.get("error_description");
    const message = `The authorization server answered "${error}"${description ? `: ${description}` : ""}`;
    let connectionId: string | undefined;
    try {
      const { ctx } = takePending(state, registry);
      connectionId = ctx.conn.id;
      ctx.logEvent({ phase: "authorization", event: "error", ok: false, message });
      ctx.publish({ status: "error", message });
    } catch (e) {
      connectionId = (AppError.from(e).details as { connectionId?: string } | undefined)?.connectionId;
    }
    return { ok: false, message, connectionId };
  }
  if (!state || !code) {
    return { ok: false, message: "The authorization server came back without a code or state" };
  }
  try {
    return { ok: true, ...(await completeAuthorization(state, code, registry, params.get("iss"))) };
  } catch (e) {
    const err = AppError.from(e);
    const connectionId = (err.details as { connectionId?: string } | undefined)?.connectionId;
    return { ok: false, message: err.message, connectionId };
  }
}

/** Forgets the tokens (and optionally the registered client); the session, if any, is closed. */
export async function signOut(id: string, body: SignOutBody, registry: Registry = getRegistry()): Promise<AuthSummary> {
  const ctx = remoteOAuth(id, registry);
  ctx.update((r) => ({
    ...r,
    tokens: undefined,
    tokensSavedAt: undefined,
    verifiers: undefined,
    pending: undefined,
    stepUpScope: undefined,
    ...(body.forgetClient ? { client: undefined, clientRedirectUrl: undefined, discovery: undefined } : {}),
  }));
  dropPendingStates(id);
  ctx.logEvent({
    phase: "token",
    event: "tokens_cleared",
    ok: true,
    message: body.forgetClient ? "Signed out: tokens and the registered client forgotten" : "Signed out: tokens forgotten",
  });
  if (ctx.conn.state.status === "connected" || ctx.conn.state.status === "connecting") await registry.disconnect(id);
  ctx.publish(ctx.currentAuthState());
  return ctx.summary();
}

export function authSummary(id: string, registry: Registry = getRegistry()): AuthSummary {
  return remoteOAuth(id, registry).summary();
}

/** The Auth log of a connection: auth_http and auth_event entries, ascending, raws previewed. */
export function authLog(id: string, opts: { before?: number; limit: number }, registry: Registry = getRegistry()): Entry[] {
  registry.connection(id);
  return registry.hub.store.connectionEntriesOfKinds(id, AUTH_ENTRY_KINDS, opts.before, opts.limit).map(previewEntry);
}
