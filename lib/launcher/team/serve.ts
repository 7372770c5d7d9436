import type { IncomingMessage, ServerResponse } from "node:http";
import { ACTOR_HEADER, encodeActor, type Actor } from "@/lib/contracts/people";
import { sharedPeople, teamGate, type PeopleAccess } from "@/lib/launcher/team/gate";
import { isAuthPath, serveAuth } from "@/lib/launcher/team/oidc";
import type { TeamSettings } from "@/lib/launcher/team/settings";

/**
 * The launcher's team-mode step (server.ts calls it after the local gate): serves the sign-in paths,
 * finds who the request is and whether their role allows it, and hands the actor to the routes in
 * the `x-loupe-actor` header. In local mode only the last part runs: every request is the local token.
 */
export interface TeamServing {
  settings: TeamSettings;
  /** The launch token. */
  token: string;
  /** Resolves once boot ran (the people directory lives in the store Next's side opens). */
  booted: () => Promise<void>;
}

/** The people directory, once boot made it. */
async function people(booted: () => Promise<void>): Promise<PeopleAccess> {
  await booted();
  const found = sharedPeople();
  if (!found) throw new Error("the people directory was not created at boot");
  return found;
}

function sendRejection(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): void {
  const api = (req.url ?? "").startsWith("/api/");
  res.writeHead(status, { "Content-Type": api ? "application/json" : "text/html; charset=utf-8", "Cache-Control": "no-store" });
  if (api) return void res.end(JSON.stringify({ error: { code, message } }));
  res.end(`<!doctype html><meta charset="utf-8"><title>Loupe: ${status}</title>
<body style="font:15px system-ui;margin:4rem auto;max-width:36rem;color:#222"><h1 style="font-size:1.3rem">Loupe: request refused</h1>
<p>${message.replace(/[<>&]/g, "")}.</p><p><a href="/auth/login">Sign in</a></p></body>`);
}

/** Sets the actor the routes read (the gate removed any header of that name the client sent). */
export function passActor(req: IncomingMessage, actor: Actor): void {
  req.headers[ACTOR_HEADER] = encodeActor(actor);
}

/**
 * Team mode: the actor of a request that may go on to Next, or null when this step answered it (a
 * sign-in path, a redirect to sign in, a refusal).
 */
export async function teamStep(req: IncomingMessage, res: ServerResponse, team: TeamServing): Promise<Actor | null> {
  const signIn = { settings: team.settings, people: () => people(team.booted) };
  if (isAuthPath(req.url ?? "/")) {
    await serveAuth(req, res, signIn);
    return null;
  }
  let decision;
  try {
    decision = teamGate(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, remoteAddress: req.socket.remoteAddress },
      { people: await signIn.people(), cookieName: team.settings.cookieName, token: team.token },
    );
  } catch (error) {
    sendRejection(
      req,
      res,
      503,
      "internal:people",
      `Loupe cannot check who you are: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
  if (decision.action === "redirect") {
    res.writeHead(302, { Location: decision.location, "Cache-Control": "no-store" });
    res.end();
    return null;
  }
  if (decision.action === "reject") {
    sendRejection(req, res, decision.status, decision.code, decision.message);
    return null;
  }
  return decision.actor ?? NOBODY;
}

/** What passes without anyone signed in (build assets, an MCP OAuth callback proven by its state) acts as no one. */
const NOBODY: Actor = { kind: "person", name: "not signed in", role: "viewer" };
