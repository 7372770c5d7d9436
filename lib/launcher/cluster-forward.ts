// Runs in the launcher (server.ts, plain Node), never in a Next bundle.
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hostname } from "node:os";
import { decodeActor, encodeActor, LOCAL_ACTOR, type Actor } from "@/lib/contracts/people";
import { clusterLink, forwardTimedOut, writeForwarded, type ForwardedAnswer, type ForwardedRequest } from "@/lib/launcher/cluster-link";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** Set on a request this instance sends itself to run what another instance forwarded. */
const FORWARDED = "x-loupe-forwarded";
const FORWARDED_ACTOR = "x-loupe-forwarded-actor";
/** A forwarded body or answer larger than this is refused in words (it travels through the database). */
export const MAX_FORWARDED_BYTES = 16 * 1024 * 1024;
/** The request headers the holder's route may read; the rest (cookies, the token) stay on this instance. */
const PASSED = ["content-type", "accept", "last-event-id"];
/** The answer headers that come back with its status and body (a tap's session id and challenge: lib/server/mcp/tap/relay.ts). */
const RETURNED = ["content-type", "mcp-session-id", "www-authenticate", "retry-after"];

export interface ClusterServing {
  /** The actor of a request this instance sent itself for another instance, or undefined (headers removed either way). */
  forwardedActor(req: IncomingMessage): Actor | undefined;
  /** Sends the request to the instance holding its resource and writes that answer: false when it is served here. */
  forwardIfHeldElsewhere(req: IncomingMessage, res: ServerResponse, actor: Actor): boolean;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORWARDED_BYTES) return reject(new Error("too large"));
      chunks.push(chunk);
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

function answerError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * The launcher's part in a cluster (issue 25). A request that acts on a resource another live
 * instance holds (what the adapters declare, lib/server/cluster/keeper.ts) goes there through the
 * database's mailbox, with who asked; the holder runs it as a request to itself carrying a secret only
 * this process knows (so no client can pass an actor), and its status and body come back as they are.
 */
export function installClusterServing(options: { host: string; port: number; token: string }): ClusterServing {
  const secret = randomBytes(32).toString("hex");
  const any = ["0.0.0.0", "::", ""].includes(options.host);
  const host = any ? "127.0.0.1" : options.host.includes(":") ? `[${options.host}]` : options.host;
  const link = clusterLink();
  // What lib/server/inbox/answer-claims.ts' thisInstance() says on this instance.
  const here = process.env.LOUPE_INSTANCE_NAME?.trim() || `Loupe on ${hostname()}:${options.port}`;
  link.serveHere = async (request: ForwardedRequest): Promise<ForwardedAnswer> => {
    const headers: Record<string, string> = { ...request.headers, "x-loupe-token": options.token };
    headers[FORWARDED] = secret;
    headers[FORWARDED_ACTOR] = request.actor;
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const res = await fetch(`http://${host}:${options.port}${request.url}`, {
      method: request.method,
      headers,
      body: hasBody ? Buffer.from(request.body, "base64") : undefined,
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_FORWARDED_BYTES)
      throw new Error(`its answer (${body.length} bytes) is over the ${MAX_FORWARDED_BYTES} bytes an instance forwards`);
    const returned: Record<string, string> = { "content-type": "application/json" };
    for (const name of RETURNED) {
      const value = res.headers.get(name);
      if (value !== null) returned[name] = value;
    }
    return { status: res.status, headers: returned, body: body.toString("base64") };
  };
  return {
    forwardedActor(req) {
      const given = headerText(req.headers[FORWARDED]);
      const actor = headerText(req.headers[FORWARDED_ACTOR]);
      delete req.headers[FORWARDED];
      delete req.headers[FORWARDED_ACTOR];
      if (!given || given.length !== secret.length || !timingSafeEqual(Buffer.from(given), Buffer.from(secret))) return undefined;
      return decodeActor(actor);
    },
    forwardIfHeldElsewhere(req, res, actor) {
      const to = link.route?.(req.method ?? "GET", req.url ?? "/");
      const forward = link.forward;
      if (!to || !forward) return false;
      void (async () => {
        let body: Buffer;
        try {
          body = await readBody(req);
        } catch {
          return answerError(
            res,
            413,
            "too_large:body",
            `The request body is over the ${MAX_FORWARDED_BYTES / 1024 / 1024} MB an instance forwards to another`,
          );
        }
        const headers: Record<string, string> = {};
        for (const name of PASSED) {
          const value = headerText(req.headers[name]);
          if (value) headers[name] = value;
        }
        // The local token names no one: the holder records the instance it was used on, as that one would have.
        const who = actor.kind === "local" && actor.name === LOCAL_ACTOR.name ? { ...actor, name: here } : actor;
        const request = {
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers,
          body: body.toString("base64"),
          actor: encodeActor(who),
        };
        try {
          writeForwarded(res, to, await forward(to, request));
        } catch (error) {
          logLine("[loupe] forwarding to another instance failed:", errorMessage(error));
          const timedOut = forwardTimedOut(errorMessage(error));
          answerError(
            res,
            timedOut ? 504 : 502,
            timedOut ? "timeout:instance" : "upstream:instance",
            `Another Loupe instance holds this and could not run the request: ${errorMessage(error)}`,
          );
        }
      })();
      return true;
    },
  };
}
