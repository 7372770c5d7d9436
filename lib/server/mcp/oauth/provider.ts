import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { UnauthorizedError } from "@modelcontextprotocol/client";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { ConnectionOAuth } from "@/lib/server/mcp/oauth/context";
import { scopeCovers } from "@/lib/server/mcp/oauth/context";
import { dropPendingStates, PENDING_STATE_TTL_MS, registerPendingState } from "@/lib/server/mcp/oauth/pending-states";
import { maskUrl } from "@/lib/server/mcp/oauth/mask";
import type { AddClientAuth } from "@/lib/server/mcp/oauth/client-credentials";
import { clientCredentialsAuth, clientCredentialsForm, isClientCredentials } from "@/lib/server/mcp/oauth/client-credentials";
import type { OAuthRecord } from "@/lib/server/mcp/oauth/record";

/**
 * Thrown by redirectToAuthorization: the SDK's auth() passes it through, so a connect or call that
 * needs the user fails with words instead of a bare "Unauthorized" (still an UnauthorizedError).
 */
export class AuthorizationRequiredError extends UnauthorizedError {
  constructor(
    message: string,
    readonly authorizationUrl: string,
  ) {
    super(message);
    this.name = "AuthorizationRequiredError";
  }
}

/**
 * The SDK's OAuthClientProvider for one connection. Everything it is given is kept in the store
 * (server-side); the browser only ever sees the authorization URL. It redirects nothing itself:
 * the URL goes into the connection's auth state, and the Auth view (or a headless driver) opens it.
 */
/** Flows that saved a verifier and have not shown their URL yet: more than this at once is not a user. */
const MAX_WAITING_VERIFIERS = 4;

/** PKCE S256 (RFC 7636 §4.2): the challenge a verifier answers. */
const s256 = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url");

export class LoupeOAuthProvider implements OAuthClientProvider {
  /**
   * @param exchangeVerifier the PKCE verifier of the authorization whose code this provider
   *   exchanges (`pending.codeVerifier` of the state the callback brought back); none otherwise.
   */
  constructor(
    private readonly ctx: ConnectionOAuth,
    private readonly exchangeVerifier?: string,
  ) {}

  /** True when Loupe asks for tokens as the client itself (client credentials): no user, no redirect. */
  private get machine(): boolean {
    return isClientCredentials(this.ctx.settings);
  }

  /** None for client credentials: the SDK's auth() takes a missing redirect URL as a non-interactive flow. */
  get redirectUrl(): string | undefined {
    return this.machine ? undefined : this.ctx.redirectUrl;
  }

  /**
   * Client credentials: the token request's grant. Undefined for the authorization code grant, so
   * the SDK builds its code exchange itself.
   */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    return this.machine ? clientCredentialsForm(scope) : undefined;
  }

  /**
   * Client credentials: the configured client authentication (secret or signed assertion).
   * Undefined otherwise, so the SDK picks the method from the server's metadata as before.
   */
  get addClientAuthentication(): AddClientAuth | undefined {
    const settings = this.ctx.settings;
    return settings && this.machine ? clientCredentialsAuth(settings) : undefined;
  }

  /** CIMD: the SDK uses it as client_id when the authorization server supports URL client ids. */
  get clientMetadataUrl(): string | undefined {
    return this.ctx.settings?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    // Dynamic registration asks for a public client ("none") unless the authorization server
    // says it does not take those; then for a secret, in the SDK's own order of preference.
    const supported = this.ctx.read().discovery?.authorizationServerMetadata?.token_endpoint_auth_methods_supported;
    const method =
      !supported || supported.length === 0 || supported.includes("none")
        ? "none"
        : supported.includes("client_secret_basic")
          ? "client_secret_basic"
          : "client_secret_post";
    const scope = this.ctx.settings?.scope;
    if (this.machine) {
      return {
        client_name: "Loupe",
        redirect_uris: [],
        grant_types: ["client_credentials"],
        token_endpoint_auth_method: this.ctx.settings?.clientAuth ?? "client_secret_basic",
        ...(scope ? { scope } : {}),
      };
    }
    return {
      client_name: "Loupe",
      redirect_uris: [this.ctx.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: method,
      ...(scope ? { scope } : {}),
    };
  }

  /** A new flow's state; it becomes the pending one when its URL is shown (redirectToAuthorization). */
  state(): string {
    return randomBytes(24).toString("base64url");
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const settings = this.ctx.settings;
    const r = this.ctx.read();
    if (settings?.clientId) {
      // Pre-registered: the config is the source of truth; the store only remembers which
      // authorization server the SDK bound it to.
      const bound = r.client?.client_id === settings.clientId ? r.client.issuer : undefined;
      return {
        client_id: settings.clientId,
        ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}),
        ...(bound ? { issuer: bound } : {}),
      };
    }
    // A client registered for another redirect URL (Loupe moved to another port) is useless.
    return r.client && r.clientRedirectUrl === this.redirectUrl ? r.client : undefined;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.ctx.update((r) => ({ ...r, client: info, clientRedirectUrl: this.redirectUrl }));
  }

  tokens(): OAuthTokens | undefined {
    if (this.ctx.forceInteractive) return undefined;
    const r = this.ctx.read();
    if (!r.tokens) return undefined;
    if (r.stepUpScope && !scopeCovers(r.tokens.scope, r.stepUpScope)) {
      // See OAuthRecord.stepUpScope: without a refresh token the SDK asks the user again.
      const { refresh_token: _held, ...rest } = r.tokens;
      return rest;
    }
    return r.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    // A code exchange consumes the stored verifier; without one these came from a refresh
    // (client credentials have neither: each token is a new grant).
    const fromCode = Boolean(this.exchangeVerifier) || this.machine;
    this.ctx.update((rec) => ({
      ...rec,
      tokens,
      tokensSavedAt: Date.now(),
      pending: undefined,
      stepUpScope: scopeCovers(tokens.scope, rec.stepUpScope) ? undefined : rec.stepUpScope,
    }));
    dropPendingStates(this.ctx.conn.id);
    this.ctx.logEvent({
      phase: fromCode ? "token" : "refresh",
      event: "tokens_saved",
      ok: true,
      message: `Got a ${tokens.token_type} token${this.machine ? " (client credentials)" : ""}${tokens.scope ? ` for "${tokens.scope}"` : ""}${
        tokens.expires_in !== undefined ? `, valid ${tokens.expires_in} s` : ""
      }${tokens.refresh_token ? ", with a refresh token" : ""}`,
      scope: tokens.scope,
    });
    this.ctx.publish(this.ctx.currentAuthState());
  }

  redirectToAuthorization(authorizationUrl: URL): never {
    const url = authorizationUrl.toString();
    const scope = authorizationUrl.searchParams.get("scope") ?? undefined;
    // This URL is now the one the user is sent to: its state, and the verifier of its challenge
    // (another flow may have saved its own since this one saved), replace any earlier authorization.
    const state = authorizationUrl.searchParams.get("state");
    const challenge = authorizationUrl.searchParams.get("code_challenge");
    const expiresAt = Date.now() + PENDING_STATE_TTL_MS;
    const r = this.ctx.update((rec) => {
      const codeVerifier = rec.verifiers?.find((v) => s256(v) === challenge);
      return {
        ...rec,
        verifiers: rec.verifiers?.filter((v) => v !== codeVerifier),
        pending: state ? { state, expiresAt, authorizationUrl: url, scope, codeVerifier, ...issuerExpectation(rec) } : undefined,
      };
    });
    if (state) registerPendingState(state, this.ctx.conn.id, expiresAt);
    const stepUp = Boolean(r.stepUpScope && r.tokens);
    const message = stepUp
      ? `More access needed (scope "${r.stepUpScope}"): open the authorization page to grant it`
      : "Authorization needed: open the authorization page";
    this.ctx.logEvent({
      phase: "authorization",
      event: "authorization_needed",
      ok: true,
      message,
      url: maskUrl(url),
      scope,
    });
    this.ctx.publish({
      status: "needs_authorization",
      authorizationUrl: url,
      ...(scope ? { scope } : {}),
      ...(this.clientInformation()?.client_id ? { clientId: this.clientInformation()!.client_id } : {}),
      message,
    });
    throw new AuthorizationRequiredError(message, url);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.ctx.update((r) => ({ ...r, verifiers: [...(r.verifiers ?? []), codeVerifier].slice(-MAX_WAITING_VERIFIERS) }));
  }

  codeVerifier(): string {
    if (!this.exchangeVerifier) throw new Error("No PKCE code verifier is stored for this authorization: start it again");
    return this.exchangeVerifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    this.ctx.update((r) => {
      const next = { ...r };
      if (scope === "all" || scope === "client") {
        next.client = undefined;
        next.clientRedirectUrl = undefined;
      }
      if (scope === "all" || scope === "tokens") {
        next.tokens = undefined;
        next.tokensSavedAt = undefined;
      }
      if (scope === "all" || scope === "verifier") next.verifiers = undefined;
      if (scope === "all" || scope === "discovery") next.discovery = undefined;
      return next;
    });
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.ctx.update((r) => ({ ...r, discovery: state }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.ctx.read().discovery;
  }
}

/**
 * What the authorization response must say about its issuer (RFC 9207): the `issuer` of the
 * authorization server metadata this authorization was built from (the server URL discovery used
 * when the metadata has none), and whether that metadata promised `iss` in every response.
 */
function issuerExpectation(rec: OAuthRecord): { issuer?: string; issSupported?: boolean } {
  const metadata = rec.discovery?.authorizationServerMetadata as
    { issuer?: unknown; authorization_response_iss_parameter_supported?: unknown } | undefined;
  const issuer = typeof metadata?.issuer === "string" ? metadata.issuer : rec.discovery?.authorizationServerUrl;
  return {
    ...(issuer ? { issuer } : {}),
    ...(metadata?.authorization_response_iss_parameter_supported === true ? { issSupported: true } : {}),
  };
}
