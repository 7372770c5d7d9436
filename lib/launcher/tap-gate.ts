// Runs in the launcher (server.ts, plain Node before Next starts), never in a Next bundle:
// hence no "server-only" import, which throws outside the react-server condition.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GateDecision, GateRequest } from "@/lib/launcher/security";
import { errorMessage } from "@/lib/values";

/**
 * The MCP tap's endpoint, `/mcp/<tap id>` (issue 10), is served outside Next and outside the
 * login-token gate: MCP clients (Claude Desktop, Cursor, an agent's toolset) hold a tap key, never
 * Loupe's token. Its own gate, before the key is even looked at:
 * - Host must be a loopback name with Loupe's port (DNS rebinding);
 * - a browser `Origin` is refused unless it is Loupe's own page (a web page must not drive a tap,
 *   and neither may a page of another local server: other programs on localhost are not trusted),
 *   and so is a cross-site `Sec-Fetch-Site`.
 * The key itself is checked by the tap (lib/server/mcp/tap/endpoint.ts), which owns the store.
 */

export const TAP_PREFIX = "/mcp/";

export function isTapPath(url: string): boolean {
  return url.startsWith(TAP_PREFIX);
}

function header(req: GateRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function gateTap(req: GateRequest, opts: { port: number }): GateDecision {
  const own = new Set(["127.0.0.1", "localhost", "[::1]"].map((h) => `${h}:${opts.port}`));
  const host = header(req, "host")?.toLowerCase();
  if (!host || !own.has(host))
    return { action: "reject", status: 403, message: `Host ${host ?? "(none)"} is not allowed: a tap answers on 127.0.0.1:${opts.port}` };
  const origin = header(req, "origin");
  if (origin !== undefined) {
    let originHost = "";
    try {
      const u = new URL(origin);
      originHost = u.protocol === "http:" ? u.host.toLowerCase() : "";
    } catch {
      originHost = "";
    }
    if (!own.has(originHost))
      return {
        action: "reject",
        status: 403,
        message: `Origin ${origin} may not use a tap: browser pages other than Loupe's own are refused`,
      };
  }
  const site = header(req, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return { action: "reject", status: 403, message: `A request from another site (Sec-Fetch-Site: ${site}) may not use a tap` };
  }
  return { action: "pass" };
}

type TapHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The handler lib/server/mcp/tap/endpoint.ts installed once Next's instance booted, if it did. */
export function tapHandler(): TapHandler | undefined {
  return (globalThis as { [key: symbol]: TapHandler | undefined })[Symbol.for("loupe.tapEndpoint")];
}

function jsonRpc(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...extra });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message } }));
}

/**
 * Serves one `/mcp/*` request: the gate above, then the tap's handler on the Node request and
 * response themselves (no Web Request or Response on the way: issue 23), which streams the answer
 * back (SSE responses stay open as long as the tap writes to them) and cancels a tapped call
 * upstream when the client goes away.
 */
export async function serveTapHttp(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { port: number; ready?: Promise<unknown> },
): Promise<void> {
  const decision = gateTap({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers }, opts);
  if (decision.action === "reject") return jsonRpc(res, decision.status, decision.message);
  await opts.ready;
  const handler = tapHandler();
  if (!handler) return jsonRpc(res, 503, "Loupe's tap endpoint is not ready yet");
  try {
    await handler(req, res);
  } catch (error) {
    if (!res.headersSent) jsonRpc(res, 500, `The tap failed inside Loupe: ${errorMessage(error)}`);
    else res.destroy();
  }
}
