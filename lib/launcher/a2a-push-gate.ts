// Runs in the launcher (server.ts, plain Node before Next starts), never in a Next bundle:
// hence no "server-only" import, which throws outside the react-server condition.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GateRequest } from "@/lib/launcher/security";
import { errorMessage } from "@/lib/values";

type PushGateDecision = { action: "pass" } | { action: "reject"; status: 403 | 405 | 413; message: string };

/**
 * The A2A push webhook, `POST /a2a-push/<pushId>` (issue 11): an A2A agent posts task updates here,
 * so it is served outside Next and outside the login-token gate (the agent never holds Loupe's
 * token). Its own gate, before the per-task token is even looked at:
 * - POST only; Host must be a loopback name with Loupe's port (DNS rebinding);
 * - any browser `Origin` is refused: agents post from servers, and a web page must not forge updates;
 * - the body is capped (a task update is small).
 * The per-task token (X-A2A-Notification-Token, compared in constant time) is checked by the A2A
 * registry (lib/server/a2a/registry.ts receivePush), which owns the registrations.
 */

export const A2A_PUSH_PREFIX = "/a2a-push/";
/** A task update with its artifacts is KBs; 1 MiB is far beyond any honest one. */
export const A2A_PUSH_MAX_BYTES = 1024 * 1024;

export function isA2aPushPath(url: string): boolean {
  return url.startsWith(A2A_PUSH_PREFIX);
}

function header(req: GateRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function gateA2aPush(req: GateRequest, opts: { port: number }): PushGateDecision {
  if (req.method !== "POST") return { action: "reject", status: 405, message: "The A2A push webhook takes POST only" };
  const own = new Set(["127.0.0.1", "localhost", "[::1]"].map((h) => `${h}:${opts.port}`));
  const host = header(req, "host")?.toLowerCase();
  if (!host || !own.has(host))
    return {
      action: "reject",
      status: 403,
      message: `Host ${host ?? "(none)"} is not allowed: the webhook answers on 127.0.0.1:${opts.port}`,
    };
  if (header(req, "origin") !== undefined)
    return { action: "reject", status: 403, message: "Browser pages may not post to the A2A push webhook" };
  const declared = Number(header(req, "content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > A2A_PUSH_MAX_BYTES)
    return { action: "reject", status: 413, message: `The body is over ${A2A_PUSH_MAX_BYTES} bytes` };
  return { action: "pass" };
}

export type A2aPushHandler = (pushId: string, headers: Record<string, string>, body: string) => { status: number; message: string };

/** The handler lib/server/a2a installed once the A2A registry exists, if it does. */
export function a2aPushHandler(): A2aPushHandler | undefined {
  return (globalThis as { [key: symbol]: A2aPushHandler | undefined })[Symbol.for("loupe.a2aPushEndpoint")];
}

/** The error code of each refusal, by its status (any other is the body's fault: 400). */
const CODES: Record<number, string> = {
  401: "unauthorized:a2a_push_token",
  403: "forbidden:a2a_push",
  405: "bad_request:a2a_push_method",
  413: "too_large:a2a_push",
  500: "internal:a2a_push",
  503: "internal:a2a_push_not_ready",
};

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "Content-Type": "application/json", ...(status === 405 ? { Allow: "POST" } : {}) });
  res.end(JSON.stringify(status < 300 ? { ok: true } : { error: { code: CODES[status] ?? "bad_request:a2a_push", message } }));
}

async function readCapped(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > A2A_PUSH_MAX_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The push id the path names, or undefined when it is not valid percent-encoding (`%ZZ`). */
function pushIdOf(url: string): string | undefined {
  try {
    return decodeURIComponent(url.slice(A2A_PUSH_PREFIX.length).split(/[?#]/)[0] ?? "");
  } catch {
    return undefined;
  }
}

/** Serves one `/a2a-push/*` request: the gate above, then the registry's token check and record. */
export async function serveA2aPushHttp(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { port: number; ready?: Promise<unknown> },
): Promise<void> {
  const decision = gateA2aPush({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers }, opts);
  if (decision.action === "reject") return reply(res, decision.status, decision.message);
  // Decoded before any await: a throw here would leave the socket open with no answer.
  const pushId = pushIdOf(req.url ?? "");
  if (pushId === undefined) return reply(res, 400, `The webhook path ${JSON.stringify(req.url)} is not valid percent-encoding`);
  const body = await readCapped(req);
  if (body === undefined) return reply(res, 413, `The body is over ${A2A_PUSH_MAX_BYTES} bytes`);
  await opts.ready;
  const handler = a2aPushHandler();
  if (!handler) return reply(res, 503, "Loupe's A2A webhook is not ready yet");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name.toLowerCase()] = value;
  try {
    const out = handler(pushId, headers, body);
    reply(res, out.status, out.message);
  } catch (error) {
    reply(res, 500, `The webhook failed inside Loupe: ${errorMessage(error)}`);
  }
}
