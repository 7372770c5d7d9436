import http from "node:http";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from "@modelcontextprotocol/server";
import type { DemoRuntime } from "./server";
import { demoServerFactory } from "./server";
import { writeWebResponse } from "../../lib/launcher/web-response";
import { toWebRequest } from "./http-bridge";
import { LegacySessions } from "./legacy-sessions";
import { paramHeaderMismatch, tasksExtensionAnswer } from "./modern-checks";

/**
 * The demo server over Streamable HTTP, both eras on one endpoint (`/mcp`):
 * - 2026-07-28 (requests carrying the `_meta` envelope): the SDK's stateless handler, one Server
 *   per request; subscriptions/listen streams are fed from the shared change hub.
 * - 2025-11-25 (initialize handshake, no envelope): sessions, one Server and transport per
 *   Mcp-Session-Id (legacy-sessions.ts), so server→client requests (elicitation, sampling via the
 *   MRTR shim), resources/subscribe and GET streams work as before. The SDK's own legacy fallback
 *   is stateless and could not carry those.
 * - The Tasks extension (SEP-2663) on 2026-07-28: its messages are answered before the SDK (see
 *   modern-checks.ts and tasks/extension.ts), after the same Mcp-Method / Mcp-Name checks the SDK makes.
 * Host and Origin are checked first (DNS rebinding): only localhost names are served.
 *
 * A 2025-11-25 session ends when its client deletes it, when its transport closes, or after
 * `sessionIdleMs` (default 30 minutes, LOUPE_DEMO_SESSION_IDLE_MS) with no request and no open
 * stream: its Server is closed and later requests with its id get 404, as the spec says for an
 * ended session (the client then initializes again).
 */

/** How long a 2025-11-25 HTTP session may sit with no request and no open stream. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

export interface DemoHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface DemoHttpOptions {
  port?: number;
  host?: string;
  /** Idle time after which a 2025-11-25 session is ended (ms). */
  sessionIdleMs?: number;
}

export async function serveDemoHttp(runtime: DemoRuntime, opts: DemoHttpOptions = {}): Promise<DemoHttpServer> {
  const modern = createMcpHandler(
    demoServerFactory(runtime, () => false),
    { legacy: "reject", onerror: (error) => process.stderr.write(`loupe-demo (2026-07-28): ${error.message}\n`) },
  );
  const offHub = runtime.hub.listen((change) => {
    for (const uri of change.updated) modern.notify.resourceUpdated(uri);
    if (change.listChanged) modern.notify.resourcesChanged();
    if (change.toolsChanged) modern.notify.toolsChanged();
    if (change.promptsChanged) modern.notify.promptsChanged();
  });
  const legacy = new LegacySessions(runtime, opts.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS);
  const tools = new Map(runtime.modules.flatMap((m) => m.tools ?? []).map((t) => [t.definition.name, t.definition]));

  async function route(request: Request): Promise<Response> {
    const rejected =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins());
    if (rejected) return rejected;
    if (new URL(request.url).pathname !== "/mcp") return new Response("Not found: the MCP endpoint is /mcp\n", { status: 404 });
    if (await isLegacyRequest(request)) return legacy.handle(request);
    const tasksAnswer = await tasksExtensionAnswer(request, runtime);
    if (tasksAnswer) return tasksAnswer;
    const mismatch = await paramHeaderMismatch(request, tools);
    return mismatch ?? modern.fetch(request);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      // A session's open requests and streams keep it alive; the idle clock starts when they end.
      const claimed = req.headers["mcp-session-id"];
      const sessionId = typeof claimed === "string" && legacy.has(claimed) ? claimed : undefined;
      if (sessionId) {
        legacy.touch(sessionId, +1);
        res.once("close", () => legacy.touch(sessionId, -1));
      }
      try {
        await writeWebResponse(res, await route(toWebRequest(req, res)));
      } catch (error) {
        process.stderr.write(`loupe-demo http: ${error instanceof Error ? (error.stack ?? String(error)) : String(error)}\n`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end("Internal error\n");
      }
    })();
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error(`The demo server is not listening on a TCP port (${address})`);
  const port = address.port;
  return {
    url: `http://${host}:${port}/mcp`,
    port,
    close: async () => {
      offHub();
      runtime.tasks.close();
      await modern.close();
      await legacy.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
