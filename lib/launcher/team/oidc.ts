import type { IncomingMessage, ServerResponse } from "node:http";
import * as oidc from "openid-client";
import { cookieValue, type PeopleAccess } from "@/lib/launcher/team/gate";
import { roleFromClaims, type TeamSettings } from "@/lib/launcher/team/settings";

/**
 * Sign-in through OpenID Connect (issue 25): the authorization code flow with PKCE (S256), `state`
 * and `nonce`, by openid-client against the provider LOUPE_OIDC_ISSUER names. What a sign-in under
 * way needs is kept in the store (a callback may reach another instance); what it ends in is a
 * server-side session the browser holds only a reference to, in an HttpOnly, SameSite=Lax cookie.
 * No token of the provider's, and not the client secret, ever reaches the browser.
 */
export const AUTH_PATHS = { login: "/auth/login", callback: "/auth/callback", logout: "/auth/logout" } as const;

export function isAuthPath(url: string): boolean {
  const path = url.split("?")[0];
  return path === AUTH_PATHS.login || path === AUTH_PATHS.callback || path === AUTH_PATHS.logout;
}

export interface SignIn {
  settings: TeamSettings;
  people: () => Promise<PeopleAccess>;
}

/** The provider's configuration, discovered once (again after a failure). */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function configuration(settings: TeamSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let config = discovered.get(key);
  if (!config) {
    // A provider on plain HTTP is one on this machine or a test's: openid-client refuses it by default.
    const insecure = new URL(settings.issuer).protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined;
    const auth = settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None();
    config = oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, insecure);
    config.catch(() => discovered.delete(key));
    discovered.set(key, config);
  }
  return config;
}

function redirectUri(settings: TeamSettings): string {
  return new URL(AUTH_PATHS.callback, settings.publicUrl).toString();
}

/** Only a path of this Loupe: `next` never sends anyone to another site. */
function localPath(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}

function page(res: ServerResponse, status: number, title: string, words: string): void {
  const clean = (s: string) => s.replace(/[<>&"]/g, "");
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(`<!doctype html><meta charset="utf-8"><title>Loupe: ${clean(title)}</title>
<body style="font:15px system-ui;margin:4rem auto;max-width:36rem;color:#222">
<h1 style="font-size:1.3rem" data-testid="auth-page">${clean(title)}</h1><p>${clean(words)}</p>
<p><a href="${AUTH_PATHS.login}">Sign in</a></p></body>`);
}

function sessionCookie(settings: TeamSettings, value: string, maxAgeSeconds: number): string {
  return `${settings.cookieName}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${settings.secureCookie ? "; Secure" : ""}`;
}

async function login(req: IncomingMessage, res: ServerResponse, signIn: SignIn): Promise<void> {
  const { settings } = signIn;
  const config = await configuration(settings);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const next = localPath(new URL(req.url ?? "/", "http://loupe.invalid").searchParams.get("next"));
  (await signIn.people()).startLogin(state, { verifier, nonce, returnTo: next });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(settings),
    scope: settings.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  res.writeHead(302, { Location: url.toString(), "Cache-Control": "no-store" });
  res.end();
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

async function callback(req: IncomingMessage, res: ServerResponse, signIn: SignIn): Promise<void> {
  const { settings } = signIn;
  const current = new URL(req.url ?? "/", settings.publicUrl);
  const refused = current.searchParams.get("error");
  if (refused) {
    const why = current.searchParams.get("error_description") ?? refused;
    return page(res, 400, "Sign-in refused", `The sign-in provider said: ${why.slice(0, 300)}`);
  }
  const state = current.searchParams.get("state");
  const people = await signIn.people();
  const pending = state ? people.takeLogin(state) : undefined;
  if (!state || !pending) {
    return page(res, 400, "This sign-in is no longer pending", "It was used already, it expired (10 minutes), or it was not started here.");
  }
  const config = await configuration(settings);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims: Record<string, unknown> = tokens.claims() ?? {};
    const subject = String(idClaims.sub);
    // The role claim may come in the ID token or only from the userinfo endpoint.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, subject).catch(() => ({}));
    claims = { ...info, ...idClaims };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return page(res, 400, "Sign-in failed", `The provider's answer could not be checked: ${why.slice(0, 300)}`);
  }
  const subject = String(claims.sub);
  const person = {
    subject,
    name: text(claims.name) ?? text(claims.preferred_username) ?? text(claims.email) ?? subject,
    email: text(claims.email),
    role: roleFromClaims(claims, settings),
  };
  const secret = people.createSession(person);
  res.writeHead(302, {
    Location: localPath(pending.returnTo),
    "Set-Cookie": sessionCookie(settings, secret, Math.floor(people.sessionTtlMs / 1000)),
    "Cache-Control": "no-store",
  });
  res.end();
}

async function logout(req: IncomingMessage, res: ServerResponse, signIn: SignIn): Promise<void> {
  const secret = cookieValue(req.headers.cookie, signIn.settings.cookieName);
  if (secret) (await signIn.people()).endSession(secret);
  res.setHeader("Set-Cookie", sessionCookie(signIn.settings, "", 0));
  page(res, 200, "Signed out", "Your Loupe session has ended.");
}

/**
 * Serves /auth/login (GET: starts a sign-in), /auth/callback (GET: the provider sends the browser
 * back) and /auth/logout (POST: ends the session). Host, Origin and Sec-Fetch-Site were checked by
 * the gate before; a provider that does not answer is said in words, not as a 500.
 */
export async function serveAuth(req: IncomingMessage, res: ServerResponse, signIn: SignIn): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  const method = (req.method ?? "GET").toUpperCase();
  const wanted = path === AUTH_PATHS.logout ? "POST" : "GET";
  if (method !== wanted) {
    res.writeHead(405, { Allow: wanted, "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: { code: "method_not_allowed:auth", message: `${method} is not allowed here: use ${wanted}` } }));
    return;
  }
  try {
    if (path === AUTH_PATHS.login) await login(req, res, signIn);
    else if (path === AUTH_PATHS.callback) await callback(req, res, signIn);
    else await logout(req, res, signIn);
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    const why = error instanceof Error ? error.message : String(error);
    page(res, 502, "The sign-in provider does not answer", `${signIn.settings.issuer}: ${why.slice(0, 300)}`);
  }
}
