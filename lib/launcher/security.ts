// Runs in the launcher (server.ts, plain Node before Next starts), never in a Next bundle:
// hence no "server-only" import, which throws outside the react-server condition.
import { timingSafeEqual } from "node:crypto";
import { isPendingState, OAUTH_CALLBACK_PATH } from "@/lib/server/mcp/oauth/pending-states";

/**
 * Request gate in front of Next (DESIGN.md "Security model"; the lesson of CVE-2025-49596):
 * a foreign Host or Origin is refused (DNS rebinding, drive-by requests from other pages), and
 * every `/api/*` request and every state-changing request needs the per-launch token in the
 * `x-loupe-token` header. Never in a cookie: browsers send cookies to every port of a host, so a
 * cookie would reach any other local web server the user opens (an OAuth authorization page
 * included). The page keeps the token in its own origin-scoped storage (lib/client-token.ts);
 * page shells and build assets load without it, since they carry no data. Loupe's token never
 * travels in `Authorization`, which belongs to the user's upstream servers.
 *
 * State-changing requests (anything but GET/HEAD) and `/api/*` also refuse a `Sec-Fetch-Site`
 * other than `same-origin` (absent is fine: scripts, curl): a page on another port is
 * `same-site`, and must not drive Loupe even if it somehow held the token.
 *
 * One exemption from the token: the OAuth callback. The authorization server sends the browser
 * back with a cross-site navigation, which carries no header. So `GET /oauth/callback` passes
 * without the token, but only with a `state` that belongs to a flow Loupe started and is still
 * waiting for (single use, expires); Host/Origin still apply.
 */
export interface GateOptions {
  token: string;
  /** The port actually listened on; Host and Origin must name it. */
  port: number;
  /** Extra host names accepted besides the loopback ones (an explicit non-loopback bind). */
  extraHosts?: string[];
  /** Whether an OAuth `state` belongs to a pending flow; default: the flows of this process. */
  isOAuthState?: (state: string) => boolean;
  /**
   * Team mode (issue 25): who may pass is decided after this gate by lib/launcher/team/gate.ts
   * (sessions, service tokens, roles), so this one checks Host, Origin, Sec-Fetch-Site and the path
   * but not the launch token. `publicOrigin`: the address browsers reach Loupe at (LOUPE_PUBLIC_URL,
   * https behind a TLS proxy), accepted as Host and Origin besides the loopback ones.
   */
  team?: { publicOrigin: string };
}

export interface GateRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type GateDecision = { action: "pass" } | { action: "reject"; status: 400 | 401 | 403; message: string };

export const TOKEN_HEADER = "x-loupe-token";

/** Headers on every response, rejections included: no page may frame Loupe (clickjacking). */
export const FRAME_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  // The one-time URL carries the token until the page drops it: never hand it to another origin.
  "Referrer-Policy": "same-origin",
};

/** The cookie names earlier versions of Loupe kept the token in (`loupe_token_<port>`). */
const LEGACY_COOKIE = /^loupe_token_\d+$/;

/**
 * Set-Cookie values that expire the token cookies of earlier versions found on a request: they
 * would otherwise keep travelling to every server on this host. Sent until the browser drops them.
 */
export function expireLegacyCookies(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const names = new Set<string>();
  for (const part of cookieHeader.split(";")) {
    const name = part.slice(0, part.indexOf("=")).trim();
    if (LEGACY_COOKIE.test(name)) names.add(name);
  }
  return [...names].map((n) => `${n}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`);
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

/** Built once per port and host list: the gate runs on every request. */
const hostSets = new Map<string, Set<string>>();

function allowedHosts(opts: GateOptions): Set<string> {
  const key = `${opts.port} ${(opts.extraHosts ?? []).join(" ")} ${opts.team?.publicOrigin ?? ""}`;
  let hosts = hostSets.get(key);
  if (!hosts) {
    const names = ["127.0.0.1", "localhost", "[::1]", ...(opts.extraHosts ?? [])];
    hosts = new Set(names.map((n) => `${n}:${opts.port}`.toLowerCase()));
    if (opts.team) hosts.add(new URL(opts.team.publicOrigin).host.toLowerCase());
    hostSets.set(key, hosts);
  }
  return hosts;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * What a browser may load without the token: the page shell (client-rendered, it fetches all
 * data through /api with the header) and build assets. Not `/_next/image`, which fetches URLs.
 */
function isPublicShell(pathname: string): boolean {
  if (pathname === "/" || pathname === "/favicon.ico" || pathname === "/icon.svg") return true;
  return pathname.startsWith("/_next/") && !pathname.startsWith("/_next/image");
}

/** Host and Origin (port included) must be Loupe's own: no DNS rebinding, no other page or port. */
function foreignHostOrOrigin(req: GateRequest, opts: GateOptions): GateDecision | null {
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
      originHost = u.protocol === "http:" || u.origin === opts.team?.publicOrigin ? u.host.toLowerCase() : "";
    } catch {
      originHost = "";
    }
    if (!hosts.has(originHost)) return { action: "reject", status: 403, message: `Origin ${origin} is not allowed` };
  } else if (origin === "null") {
    return { action: "reject", status: 403, message: "Origin null is not allowed" };
  }
  return null;
}

/**
 * WebSocket upgrades never reach gate(): Next attaches its own `upgrade` listener (the dev
 * server's HMR socket), whose cross-site check compares host names only, so a page on another
 * local port passed it. A browser cannot add the token to a WebSocket, so Host, Origin (port
 * included) and Sec-Fetch-Site are what tells Loupe's own page from another.
 */
export function gateUpgrade(req: GateRequest, opts: GateOptions): GateDecision {
  const foreign = foreignHostOrOrigin(req, opts);
  if (foreign) return foreign;
  const site = header(req, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin") {
    return { action: "reject", status: 403, message: `A WebSocket from another site (Sec-Fetch-Site: ${site}) is not allowed` };
  }
  return { action: "pass" };
}

export function gate(req: GateRequest, opts: GateOptions): GateDecision {
  const foreign = foreignHostOrOrigin(req, opts);
  if (foreign) return foreign;

  const url = new URL(req.url, "http://loupe.invalid");
  const method = req.method.toUpperCase();
  const safe = SAFE_METHODS.has(method);
  const api = url.pathname.startsWith("/api/") || url.pathname === "/api";
  const site = header(req, "sec-fetch-site");
  if ((!safe || api) && site !== undefined && site !== "same-origin") {
    return {
      action: "reject",
      status: 403,
      message: `A request from another site (Sec-Fetch-Site: ${site}) cannot ${safe ? "read Loupe's API" : "change anything in Loupe"}`,
    };
  }
  const presented = header(req, TOKEN_HEADER);
  // Team mode: the path is checked here, the person by lib/launcher/team/gate.ts.
  if (opts.team) return decodablePath(url.pathname) ? { action: "pass" } : malformedPath();

  if (safe && isPublicShell(url.pathname)) {
    // The printed one-time URL: the page stores the token itself; a wrong one is said at once.
    const fromQuery = url.searchParams.get("token");
    if (fromQuery !== null && !sameSecret(fromQuery, opts.token)) return { action: "reject", status: 401, message: "Wrong token" };
    return { action: "pass" };
  }

  // GET only: Next answers HEAD with the GET handler, which would spend the single-use state.
  if (url.pathname === OAUTH_CALLBACK_PATH && method === "GET") {
    const state = url.searchParams.get("state");
    if (state && (opts.isOAuthState ?? isPendingState)(state)) return { action: "pass" };
    // A navigation carries no header: this is what a user sees for a stale authorization page.
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

  if (!sameSecret(presented, opts.token)) {
    return {
      action: "reject",
      status: 401,
      message: presented ? "Wrong token" : "Missing token: open the URL Loupe printed when it started",
    };
  }
  // Next decodes each path segment into the route's params and answers a plain 500 when that
  // throws (`%C0`, `%ZZ`): a client mistake, said as one.
  if (!decodablePath(url.pathname)) return malformedPath();
  return { action: "pass" };
}

function malformedPath(): GateDecision {
  return { action: "reject", status: 400, message: "The request path has a malformed percent-encoding" };
}

function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
