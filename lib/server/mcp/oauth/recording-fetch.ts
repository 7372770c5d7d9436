import "server-only";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { AuthPhase } from "@/lib/contracts/auth";
import type { ConnectionOAuth } from "@/lib/server/mcp/oauth/context";
import { customAuthorization, scopeCovers } from "@/lib/server/mcp/oauth/context";
import { BODY_LOG_LIMIT, maskBodyText, maskUrl } from "@/lib/server/mcp/oauth/mask";
import { maskWireHeaders } from "@/lib/server/secrets";

/** Loupe's own request header: it authenticates the browser to Loupe and never goes upstream. */
const LOUPE_TOKEN_HEADER = "x-loupe-token";

function bodyText(body: unknown): string | undefined {
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

function sameResource(url: URL, mcpUrl: URL): boolean {
  // The SSE transport posts to an endpoint the server names (same origin, another path).
  return url.origin === mcpUrl.origin;
}

function stripQuery(url: string): string {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  return u.toString();
}

/** Which step of the flow a request belongs to (endpoints from discovery first, then its shape). */
export function classify(ctx: ConnectionOAuth, url: URL, method: string, body: string | undefined): AuthPhase {
  const path = url.pathname;
  if (path.includes("/.well-known/oauth-protected-resource")) return "prm-discovery";
  if (path.includes("/.well-known/oauth-authorization-server") || path.includes("/.well-known/openid-configuration")) {
    return "as-discovery";
  }
  const grant = body && /(^|&)grant_type=/.test(body) ? new URLSearchParams(body).get("grant_type") : null;
  if (grant) return grant === "refresh_token" ? "refresh" : "token";
  const meta = ctx.read().discovery?.authorizationServerMetadata;
  const bare = stripQuery(url.toString());
  if (meta?.token_endpoint && bare === stripQuery(meta.token_endpoint)) return "token";
  if (meta?.registration_endpoint && bare === stripQuery(meta.registration_endpoint)) return "registration";
  if (method === "POST" && body && /"redirect_uris"\s*:/.test(body)) return "registration";
  const mcp = ctx.config ? new URL(ctx.config.url) : undefined;
  if (mcp && sameResource(url, mcp)) return "resource";
  return "other";
}

/** Parses the `WWW-Authenticate: Bearer error=…, scope=…` parameters we act on. */
export function challengeParams(header: string | null): { error?: string; scope?: string } {
  if (!header) return {};
  const out: Record<string, string> = {};
  for (const m of header.matchAll(/(\w+)="([^"]*)"|(\w+)=([^\s,]+)/g)) {
    const key = m[1] ?? m[3];
    const value = m[2] ?? m[4];
    if (key && value !== undefined) out[key] = value;
  }
  return { error: out.error, scope: out.scope };
}

async function readLoggable(res: Response): Promise<unknown> {
  const type = res.headers.get("content-type");
  if (type?.includes("text/event-stream") || !res.body) return undefined;
  try {
    const text = await res.clone().text();
    return maskBodyText(text.length > BODY_LOG_LIMIT * 4 ? text.slice(0, BODY_LOG_LIMIT * 4) : text, type);
  } catch {
    return undefined;
  }
}

/**
 * The fetch given to the transport and used by the SDK's auth() for discovery, registration and
 * token requests. It enforces who owns `Authorization` — with OAuth on, the MCP endpoint gets the
 * provider's token even when the config has its own Authorization header (the SDK lets config
 * headers win), and that custom header never reaches the authorization server — drops Loupe's
 * own token header, and logs every exchange relevant to auth as a masked `auth_http` entry.
 */
export function createAuthFetch(ctx: ConnectionOAuth): FetchLike {
  return async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input.toString());
    const method = (init?.method ?? "GET").toUpperCase();
    const headers = new Headers(init?.headers);
    headers.delete(LOUPE_TOKEN_HEADER);
    const text = bodyText(init?.body);
    const phase = classify(ctx, url, method, text);
    const record = ctx.enabled ? ctx.read() : undefined;
    const custom = customAuthorization(ctx.conn.config);
    if (phase === "resource") {
      if (record?.tokens) headers.set("authorization", `${bearer(record.tokens.token_type)} ${record.tokens.access_token}`);
    } else if (custom !== undefined && headers.get("authorization") === custom) {
      // The config's header is for the MCP server; the SDK's own client authentication (Basic) differs.
      headers.delete("authorization");
    }

    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers });
    } catch (error) {
      if (phase !== "resource" || ctx.enabled) {
        ctx.logExchange({
          phase,
          method,
          url: maskUrl(url.toString()),
          status: 0,
          requestHeaders: maskWireHeaders(headers),
          requestBody: text === undefined ? undefined : maskBodyText(text, headers.get("content-type")),
          responseStatus: 0,
          responseHeaders: {},
          ms: Math.round(performance.now() - started),
          error: error instanceof Error ? `${error.message}${causeOf(error)}` : String(error),
        });
      }
      throw error;
    }
    const ms = Math.round(performance.now() - started);

    const challenged = res.status === 401 || res.status === 403;
    const firstWithToken = phase === "resource" && res.ok && record?.tokens !== undefined && ctx.loggedResourceFor !== record.tokensSavedAt;
    if (phase !== "resource" || challenged || firstWithToken) {
      if (firstWithToken) ctx.loggedResourceFor = record?.tokensSavedAt;
      ctx.logExchange({
        phase,
        method,
        url: maskUrl(url.toString()),
        status: res.status,
        requestHeaders: maskWireHeaders(headers),
        requestBody: text === undefined ? undefined : maskBodyText(text, headers.get("content-type")),
        responseStatus: res.status,
        responseHeaders: maskWireHeaders(res.headers),
        responseBody: phase === "resource" && !challenged ? undefined : await readLoggable(res),
        ms,
      });
    }
    if (phase === "resource" && challenged) onChallenge(ctx, res, record?.tokens !== undefined);
    return res;
  };
}

function bearer(tokenType: string | undefined): string {
  // RFC 6750: the scheme is "Bearer" whatever case the token endpoint used for token_type.
  return !tokenType || tokenType.toLowerCase() === "bearer" ? "Bearer" : tokenType;
}

export function causeOf(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? ` (${cause.code ?? cause.message ?? "no detail"})` : "";
}

/** What a 401/403 from the MCP endpoint means for the connection's auth state. */
function onChallenge(ctx: ConnectionOAuth, res: Response, sentToken: boolean): void {
  const { error, scope } = challengeParams(res.headers.get("www-authenticate"));
  if (!ctx.enabled) {
    ctx.publish({
      status: "error",
      message: `The server answered ${res.status}${error ? ` (${error})` : ""}: it wants authorization. Turn on OAuth 2.1 in the connection settings, or set an Authorization header.`,
    });
    return;
  }
  if (res.status === 401 && sentToken && ctx.read().discovery) {
    // The server refused a token it used to take: it may have moved to another authorization
    // server (SEP-2352). Forget the discovery the SDK would otherwise reuse, so the next auth()
    // reads the resource metadata again; credentials stamped for the old issuer then drop out.
    ctx.update((rec) => ({ ...rec, discovery: undefined }));
  }
  if (res.status === 403 && error === "insufficient_scope" && scope) {
    const r = ctx.read();
    if (!scopeCovers(r.tokens?.scope, scope)) {
      ctx.update((rec) => ({ ...rec, stepUpScope: scope }));
      ctx.logEvent({
        phase: "resource",
        event: "step_up",
        ok: false,
        message: `The server needs the scope "${scope}"; the current token has "${r.tokens?.scope ?? "(none)"}". A new authorization is needed (a refresh cannot widen a grant).`,
        scope,
      });
    }
  }
}
