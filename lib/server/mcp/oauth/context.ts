import "server-only";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { AuthState, ConnectionConfig, OAuthSettings } from "@/lib/contracts/connections";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import type { Store } from "@/lib/server/store";
import { AUTH_EVENT_KIND, AUTH_HTTP_KIND } from "@/lib/contracts/auth";
import type { AuthEvent, AuthHttpExchange, AuthSummary } from "@/lib/contracts/auth";
import type { OAuthRecord } from "@/lib/server/mcp/oauth/record";
import { redirectUrl } from "@/lib/server/mcp/oauth/redirect-url";
import { readOAuth, saveOAuth } from "@/lib/server/mcp/oauth/oauth-store";

export type RemoteConfig = Exclude<ConnectionConfig, { transport: "stdio" }>;

/** The store of a connection: OAuth data lives in the same database (tests use their own store). */
function storeOf(conn: ConnectionHandle): Store {
  return conn.hub.store;
}

/** Whether `granted` (space-separated) includes every scope of `wanted`. */
export function scopeCovers(granted: string | undefined, wanted: string | undefined): boolean {
  if (!wanted) return true;
  const have = new Set((granted ?? "").split(/\s+/).filter(Boolean));
  return wanted
    .split(/\s+/)
    .filter(Boolean)
    .every((s) => have.has(s));
}

/** The custom Authorization header of a remote config (any spelling), if it has one. */
export function customAuthorization(config: ConnectionConfig): string | undefined {
  if (config.transport === "stdio") return undefined;
  const key = Object.keys(config.headers).find((k) => k.toLowerCase() === "authorization");
  return key ? config.headers[key] : undefined;
}

/**
 * The OAuth side of one connection: its record in the store, its Auth log entries and the
 * `auth` part of its state. One per live connection object (oauthFor, connection-auth.ts), so the in-memory bits
 * (what was logged, an interactive flow being forced) survive reconnects.
 */
export class ConnectionOAuth {
  readonly fetch: FetchLike;
  /** tokensSavedAt of the token whose first accepted MCP request is already in the log. */
  loggedResourceFor: number | undefined;
  /** While true the provider reports no tokens, so auth() starts a browser flow instead of refreshing. */
  forceInteractive = false;

  /** `makeFetch`: the recording fetch of this context (recording-fetch.ts, given by oauthFor). */
  constructor(
    readonly conn: ConnectionHandle,
    makeFetch: (ctx: ConnectionOAuth) => FetchLike,
  ) {
    this.fetch = makeFetch(this);
  }

  get store(): Store {
    return storeOf(this.conn);
  }

  get config(): RemoteConfig | undefined {
    return this.conn.config.transport === "stdio" ? undefined : this.conn.config;
  }

  get settings(): OAuthSettings | undefined {
    const oauth = this.config?.oauth;
    return oauth?.enabled ? oauth : undefined;
  }

  get enabled(): boolean {
    return this.settings !== undefined;
  }

  get redirectUrl(): string {
    return redirectUrl();
  }

  read(): OAuthRecord {
    return readOAuth(this.store, this.conn.id);
  }

  update(fn: (r: OAuthRecord) => OAuthRecord): OAuthRecord {
    const next = fn(this.read());
    saveOAuth(this.store, this.conn.id, next);
    return next;
  }

  logExchange(exchange: AuthHttpExchange): void {
    this.conn.recordEntry("loupe", "out", AUTH_HTTP_KIND, exchange);
  }

  logEvent(event: AuthEvent): void {
    this.conn.recordEntry("loupe", "local", AUTH_EVENT_KIND, event);
  }

  /** The `auth` part of the connection state as the stored record says it is now. */
  currentAuthState(): AuthState {
    const r = this.read();
    const clientId = this.settings?.clientId || r.client?.client_id;
    if (r.tokens) {
      return {
        status: "authorized",
        scope: r.tokens.scope,
        expiresAt: expiresAt(r),
        ...(clientId ? { clientId } : {}),
      };
    }
    return { status: "none", ...(clientId ? { clientId } : {}) };
  }

  publish(auth: AuthState): void {
    this.conn.setState({ auth });
  }

  summary(): AuthSummary {
    const r = this.read();
    const s = this.settings;
    const preRegistered = Boolean(s?.clientId);
    const machine = s?.grant === "client_credentials";
    const client = preRegistered
      ? {
          clientId: s!.clientId!,
          registration: "pre-registered" as const,
          hasSecret: Boolean(s!.clientSecret || (machine && s?.privateKey)),
        }
      : r.client && r.clientRedirectUrl === this.redirectUrl
        ? { clientId: r.client.client_id, registration: "dynamic" as const, hasSecret: Boolean(r.client.client_secret) }
        : undefined;
    const method = machine
      ? (s?.clientAuth ?? "client_secret_basic")
      : (r.client as { token_endpoint_auth_method?: string } | undefined)?.token_endpoint_auth_method;
    const pending = r.pending && r.pending.expiresAt > Date.now() ? r.pending : undefined;
    return {
      enabled: this.enabled,
      grant: s?.grant ?? "authorization_code",
      redirectUrl: this.redirectUrl,
      ...(client ? { client: { ...client, ...(method ? { authMethod: method } : {}) } } : {}),
      ...(r.tokens
        ? {
            token: {
              tokenType: r.tokens.token_type,
              scope: r.tokens.scope,
              expiresAt: expiresAt(r),
              hasRefreshToken: Boolean(r.tokens.refresh_token),
              obtainedAt: r.tokensSavedAt ?? 0,
            },
          }
        : {}),
      authorizationServer: r.discovery?.authorizationServerUrl,
      resourceMetadataUrl: r.discovery?.resourceMetadataUrl,
      ...(pending ? { pending: { authorizationUrl: pending.authorizationUrl, scope: pending.scope, expiresAt: pending.expiresAt } } : {}),
      conflictingAuthorizationHeader: this.enabled && customAuthorization(this.conn.config) !== undefined,
    };
  }
}

function expiresAt(r: OAuthRecord): number | undefined {
  const seconds = r.tokens?.expires_in;
  return typeof seconds === "number" && r.tokensSavedAt ? r.tokensSavedAt + seconds * 1000 : undefined;
}
