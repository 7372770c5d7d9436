import { timingSafeEqual } from "node:crypto";
import { LOCAL_ACTOR, type Actor } from "@/lib/contracts/people";
import { isPendingState, OAUTH_CALLBACK_PATH } from "@/lib/server/mcp/oauth/pending-states";
import { authorize } from "@/lib/launcher/team/route-roles";
import type { PendingLogin, SignedInPerson } from "@/lib/server/people/directory";

/**
 * Team mode's identity gate (issue 25), after the local gate's Host, Origin, Sec-Fetch-Site and
 * framing checks (lib/launcher/security.ts) and in place of its token check: who the request is (a
 * sign-in session's cookie, a service token as `Authorization: Bearer`, or the launch token in
 * `x-loupe-token` from a loopback client, an admin), then whether their role may do what it asks
 * (route-roles.ts, the one table).
 */

/** What the gate needs of the people directory (lib/server/people/directory.ts), which Next's side owns. */
export interface PeopleAccess {
  session(secret: string): Actor | undefined;
  serviceToken(secret: string): Actor | undefined;
  createSession(person: SignedInPerson): string;
  endSession(secret: string): void;
  startLogin(state: string, login: PendingLogin): void;
  takeLogin(state: string): PendingLogin | undefined;
  readonly sessionTtlMs: number;
}

const PEOPLE_METHODS = ["session", "serviceToken", "createSession", "endSession", "startLogin", "takeLogin"];

/** The directory Next's side left on globalThis (lib/server/people/index.ts), once boot made it. */
export function sharedPeople(): PeopleAccess | undefined {
  const value: unknown = Reflect.get(globalThis, Symbol.for("loupe.people"));
  return isPeopleAccess(value) ? value : undefined;
}

function isPeopleAccess(value: unknown): value is PeopleAccess {
  return typeof value === "object" && value !== null && PEOPLE_METHODS.every((m) => typeof Reflect.get(value, m) === "function");
}

export interface TeamRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The client's address: the launch token counts only from loopback. */
  remoteAddress?: string;
}

export interface TeamGateContext {
  people: PeopleAccess;
  cookieName: string;
  /** The launch token (LOUPE_TOKEN, or the printed one). */
  token: string;
  isOAuthState?: (state: string) => boolean;
}

export type TeamDecision =
  | { action: "pass"; actor: Actor | null }
  | { action: "redirect"; location: string }
  | { action: "reject"; status: 401 | 403; code: string; message: string };

function header(req: TeamRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const LOOPBACK_ADDRESS = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

type Identity = { actor: Actor } | { refused: string } | null;

function identify(req: TeamRequest, ctx: TeamGateContext): Identity {
  const presented = header(req, "x-loupe-token");
  if (presented && sameSecret(presented, ctx.token) && LOOPBACK_ADDRESS.test(req.remoteAddress ?? "")) return { actor: LOCAL_ACTOR };
  const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, "authorization") ?? "")?.[1];
  if (bearer) {
    const actor = ctx.people.serviceToken(bearer);
    return actor ? { actor } : { refused: "This service token is unknown or was revoked" };
  }
  const session = cookieValue(header(req, "cookie"), ctx.cookieName);
  const actor = session ? ctx.people.session(session) : undefined;
  if (actor) return { actor };
  // A page that once held a local launch token still sends it: a session or a bearer goes first.
  if (presented) return { refused: "The launch token works only from this machine in team mode, and only the one Loupe printed" };
  return null;
}

/** What loads without anyone signed in: build assets and icons (no data in them). */
function isAsset(pathname: string): boolean {
  if (pathname === "/favicon.ico" || pathname === "/icon.svg") return true;
  return pathname.startsWith("/_next/") && !pathname.startsWith("/_next/image");
}

export function teamGate(req: TeamRequest, ctx: TeamGateContext): TeamDecision {
  const url = new URL(req.url, "http://loupe.invalid");
  const method = req.method.toUpperCase();
  const identity = identify(req, ctx);
  if (identity && "refused" in identity) return { action: "reject", status: 401, code: "unauthorized:token", message: identity.refused };
  const actor = identity?.actor ?? null;
  if ((method === "GET" || method === "HEAD") && isAsset(url.pathname)) return { action: "pass", actor };
  // The MCP OAuth callback: a flow an admin started, proven by its pending state (security.ts).
  if (url.pathname === OAUTH_CALLBACK_PATH && method === "GET") {
    const state = url.searchParams.get("state");
    if (state && (ctx.isOAuthState ?? isPendingState)(state)) return { action: "pass", actor };
  }
  if (!actor) {
    const api = url.pathname === "/api" || url.pathname.startsWith("/api/");
    if (!api && method === "GET")
      return { action: "redirect", location: `/auth/login?next=${encodeURIComponent(url.pathname + url.search)}` };
    return {
      action: "reject",
      status: 401,
      code: "unauthorized:signin",
      message: "Sign in first: open Loupe in a browser, or send a service token as Authorization: Bearer <token>",
    };
  }
  const allowed = authorize(actor, method, url.pathname);
  if (!allowed.ok) return { action: "reject", status: allowed.status, code: allowed.code, message: allowed.message };
  return { action: "pass", actor };
}
