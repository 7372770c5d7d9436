// Runs in the launcher (server.ts, plain Node before Next starts), never in a Next bundle:
// hence no "server-only" import, which throws outside the react-server condition.
import { timingSafeEqual } from "node:crypto";
import { isPendingState, OAUTH_CALLBACK_PATH } from "@/lib/server/oauth/pending-states";

/**
 * Request gate in front of Next (DESIGN.md "Security model"; the lesson of CVE-2025-49596):
 * a foreign Host or Origin is refused (DNS rebinding, drive-by requests from other pages), and
 * everything but static assets needs the per-launch token, from the one-time URL (which sets a
 * cookie and is then dropped from the address bar), the cookie, or the `x-loupe-token` header.
 * Loupe's token never travels in `Authorization`, which belongs to the user's upstream servers.
 *
 * One exemption from the token: the OAuth callback. The authorization server sends the browser
 * back with a cross-site navigation, which does not carry Loupe's SameSite=Strict cookie. So
 * `GET /oauth/callback` passes without the token, but only with a `state` that belongs to a
 * flow Loupe started and is still waiting for (single use, expires); Host/Origin still apply.
 */
export interface GateOptions {
  token: string;
  /** The port actually listened on; Host and Origin must name it. */
  port: number;
  /** Extra host names accepted besides the loopback ones (an explicit non-loopback bind). */
  extraHosts?: string[];
  /** Whether an OAuth `state` belongs to a pending flow; default: the flows of this process. */
  isOAuthState?: (state: string) => boolean;
}

export interface GateRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type GateDecision =
  | { action: "pass" }
  | { action: "reject"; status: 401 | 403; message: string }
  | { action: "redirect"; location: string; setCookie: string };

export const TOKEN_HEADER = "x-loupe-token";

export function cookieName(port: number): string {
  // Cookies are not port-scoped: two Loupes on one machine must not read each other's token.
  return `loupe_token_${port}`;
}

function header(req: GateRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sameSecret(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function allowedHosts(opts: GateOptions): Set<string> {
  const names = ["127.0.0.1", "localhost", "[::1]", ...(opts.extraHosts ?? [])];
  return new Set(names.map((n) => `${n}:${opts.port}`.toLowerCase()));
}

export function gate(req: GateRequest, opts: GateOptions): GateDecision {
  const hosts = allowedHosts(opts);
  const host = header(req, "host")?.toLowerCase();
  if (!host || !hosts.has(host)) {
    return { action: "reject", status: 403, message: `Host ${host ?? "(none)"} is not allowed` };
  }
  const origin = header(req, "origin");
  if (origin !== undefined && origin !== "null") {
    let originHost: string;
    try {
      const u = new URL(origin);
      originHost = u.protocol === "http:" ? u.host.toLowerCase() : "";
    } catch {
      originHost = "";
    }
    if (!hosts.has(originHost)) return { action: "reject", status: 403, message: `Origin ${origin} is not allowed` };
  } else if (origin === "null") {
    return { action: "reject", status: 403, message: "Origin null is not allowed" };
  }

  const url = new URL(req.url, "http://loupe.invalid");
  // Build assets are public and carry nothing about the user; they are what the 401 page needs too.
  if (url.pathname.startsWith("/_next/static/") || url.pathname === "/favicon.ico") return { action: "pass" };

  // GET only: Next answers HEAD with the GET handler, which would spend the single-use state.
  if (url.pathname === OAUTH_CALLBACK_PATH && req.method === "GET") {
    const state = url.searchParams.get("state");
    if (state && (opts.isOAuthState ?? isPendingState)(state)) return { action: "pass" };
    // Still refused without Loupe's token, but in words: the authorization server's redirect
    // carries no Loupe cookie, so this is what a user sees for a stale authorization page.
    const presented = header(req, TOKEN_HEADER) ?? readCookie(header(req, "cookie"), cookieName(opts.port));
    if (!sameSecret(presented, opts.token)) {
      return {
        action: "reject",
        status: 401,
        message:
          "This authorization is no longer pending (it was used, it expired, a newer one replaced it, or Loupe restarted). " +
          "Go back to Loupe and authorize again from the connection's Auth tab.",
      };
    }
  }

  const fromQuery = url.searchParams.get("token");
  if (fromQuery !== null && !url.pathname.startsWith("/api/")) {
    if (!sameSecret(fromQuery, opts.token)) return { action: "reject", status: 401, message: "Wrong token" };
    url.searchParams.delete("token");
    const cookie = `${cookieName(opts.port)}=${encodeURIComponent(opts.token)}; Path=/; HttpOnly; SameSite=Strict`;
    return { action: "redirect", location: url.pathname + url.search, setCookie: cookie };
  }

  const presented = header(req, TOKEN_HEADER) ?? readCookie(header(req, "cookie"), cookieName(opts.port));
  if (!sameSecret(presented, opts.token)) {
    return {
      action: "reject",
      status: 401,
      message: presented ? "Wrong token" : "Missing token: open the URL Loupe printed when it started",
    };
  }
  return { action: "pass" };
}
