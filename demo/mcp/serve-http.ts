import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import {
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from "@modelcontextprotocol/server";
import type { DemoRuntime } from "./server";
import { HEADER_MISMATCH, paramHeaderProblem } from "../../lib/protocols/mcp/param-header-check";
import { createDemoServer, demoServerFactory } from "./server";
import { answerTasksRequest, asRequest, isTasksMessage } from "./tasks/extension";
import { LegacyTaskSession } from "./tasks/legacy-tasks";

/**
 * The demo server over Streamable HTTP, both eras on one endpoint (`/mcp`):
 * - 2026-07-28 (requests carrying the `_meta` envelope): the SDK's stateless handler, one Server
 *   per request; subscriptions/listen streams are fed from the shared change hub.
 * - 2025-11-25 (initialize handshake, no envelope): sessions, one Server and transport per
 *   Mcp-Session-Id, so server→client requests (elicitation, sampling via the MRTR shim),
 *   resources/subscribe and GET streams work as before. The SDK's own legacy fallback is
 *   stateless and could not carry those.
 * - The Tasks extension (SEP-2663) on 2026-07-28: its messages are answered before the SDK (see
 *   tasks/extension.ts), after the same Mcp-Method / Mcp-Name checks the SDK makes.
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
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  /** 2025-11-25 tasks per session (legacy-tasks.ts); their questions go out on the session's GET stream. */
  const sessionTasks = new Map<string, LegacyTaskSession>();
  const idleMs = opts.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  /** Per session: when it was last used, and how many of its requests/streams are still open. */
  const activity = new Map<string, { lastSeen: number; open: number }>();
  const touch = (id: string, delta: number) => {
    const entry = activity.get(id) ?? { lastSeen: Date.now(), open: 0 };
    entry.lastSeen = Date.now();
    entry.open = Math.max(0, entry.open + delta);
    if (sessions.has(id)) activity.set(id, entry);
  };
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, transport] of sessions) {
        const entry = activity.get(id);
        if (entry && entry.open === 0 && now - entry.lastSeen >= idleMs) {
          process.stderr.write(`loupe-demo: session ${id} idle for ${Math.round((now - entry.lastSeen) / 1000)} s, ended\n`);
          sessions.delete(id);
          activity.delete(id);
          void transport.close().catch(() => undefined);
        }
      }
    },
    Math.max(50, Math.min(idleMs / 4, 60_000)),
  );
  sweep.unref();

  async function legacy(request: Request): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const transport = sessions.get(sessionId);
      if (!transport) return jsonRpcError(404, -32001, `Unknown or ended session: ${sessionId}`);
      const tasks = sessionTasks.get(sessionId);
      if (tasks && request.method === "POST") {
        const message: unknown = await request
          .clone()
          .json()
          .catch(() => undefined);
        if (tasks.takeResponse(message)) return new Response(null, { status: 202 });
        const parsed = asRequest(message);
        const pending = parsed ? tasks.answer(parsed) : undefined;
        if (pending) return Response.json(await pending);
      }
      return transport.handleRequest(request);
    }
    let body: unknown;
    if (request.method === "POST") {
      const raw = await request.clone().text();
      try {
        body = JSON.parse(raw);
      } catch {
        return jsonRpcError(400, -32700, "Parse error: the request body is not JSON");
      }
    }
    if (!isInitializeRequest(body))
      return jsonRpcError(400, -32000, "Bad Request: no Mcp-Session-Id; a 2025-11-25 client starts with initialize");
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        sessionTasks.set(id, new LegacyTaskSession(runtime.tasks, runtime.toolsByName, (message) => transport.send(message)));
        activity.set(id, { lastSeen: Date.now(), open: 0 });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        sessionTasks.get(id)?.close();
        sessionTasks.delete(id);
        activity.delete(id);
      },
    });
    transport.onclose = () => {
      if (!transport.sessionId) return;
      sessions.delete(transport.sessionId);
      sessionTasks.get(transport.sessionId)?.close();
      sessionTasks.delete(transport.sessionId);
      activity.delete(transport.sessionId);
    };
    const server = createDemoServer(runtime, { era: "legacy", announce: true });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    // A refused initialize (bad Accept, bad version…) opens no session: drop its server.
    if (!transport.sessionId) void server.close().catch(() => undefined);
    return response;
  }

  async function route(request: Request): Promise<Response> {
    const rejected =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins());
    if (rejected) return rejected;
    if (new URL(request.url).pathname !== "/mcp") return new Response("Not found: the MCP endpoint is /mcp\n", { status: 404 });
    if (await isLegacyRequest(request)) return legacy(request);
    const tasksAnswer = await tasksExtension(request);
    if (tasksAnswer) return tasksAnswer;
    const mismatch = await checkParamHeaders(request);
    return mismatch ?? modern.fetch(request);
  }

  /** The Tasks extension's messages (2026-07-28 only), answered as JSON. */
  async function tasksExtension(request: Request): Promise<Response | undefined> {
    if (request.method !== "POST") return undefined;
    // Only a request routed as a task message (by its headers) is parsed here; any other body goes
    // to the SDK, which refuses headers that disagree with it.
    const routed = request.headers.get("mcp-method")?.trim() ?? "";
    const named = request.headers.get("mcp-name")?.trim() ?? "";
    if (!routed.startsWith("tasks/") && !(routed === "tools/call" && runtime.toolsByName.get(named)?.task)) return undefined;
    const message = asRequest(
      await request
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (!message || !isTasksMessage(message, runtime.toolsByName)) return undefined;
    // SEP-2243 as the SDK applies it: Mcp-Method mirrors the method, Mcp-Name the taskId on tasks/*.
    const method = request.headers.get("mcp-method")?.trim();
    const name = request.headers.get("mcp-name")?.trim();
    const taskId = message.params?.taskId;
    // A removed method (tasks/result, tasks/list) is -32601 whatever its headers say.
    const problem =
      method !== message.method && !REMOVED_TASK_METHODS.has(message.method)
        ? `Mcp-Method ${method === undefined ? "is missing" : `"${method}" does not match the body's method "${message.method}"`}`
        : NAMED_TASK_METHODS.has(message.method) && typeof taskId === "string" && name !== taskId
          ? `Mcp-Name ${name === undefined ? "is missing" : `"${name}" does not match params.taskId`}`
          : undefined;
    if (problem) {
      return Response.json(
        { jsonrpc: "2.0", id: message.id, error: { code: HEADER_MISMATCH, message: `Header mismatch: ${problem}` } },
        { status: 400 },
      );
    }
    const answer = answerTasksRequest(message, runtime.tasks, runtime.toolsByName);
    return answer ? Response.json(answer) : undefined;
  }

  const tools = new Map(runtime.modules.flatMap((m) => m.tools ?? []).map((t) => [t.definition.name, t.definition]));
  /** SEP-2243 Mcp-Param-* headers against the body (see lib/protocols/mcp/param-header-check.ts). */
  async function checkParamHeaders(request: Request): Promise<Response | undefined> {
    if (request.method !== "POST" || request.headers.get("mcp-method")?.trim() !== "tools/call") return undefined;
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    const problem = paramHeaderProblem(body, request.headers, (name) => tools.get(name));
    if (!problem) return undefined;
    const id = (body as { id?: unknown }).id ?? null;
    return Response.json({ jsonrpc: "2.0", id, error: { code: HEADER_MISMATCH, message: `Header mismatch: ${problem}` } }, { status: 400 });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      // A session's open requests and streams keep it alive; the idle clock starts when they end.
      const claimed = req.headers["mcp-session-id"];
      const sessionId = typeof claimed === "string" && sessions.has(claimed) ? claimed : undefined;
      if (sessionId) {
        touch(sessionId, +1);
        res.once("close", () => touch(sessionId, -1));
      }
      try {
        await writeResponse(res, await route(toWebRequest(req, res)));
      } catch (error) {
        process.stderr.write(`loupe-demo http: ${(error as Error).stack ?? String(error)}\n`);
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
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/mcp`,
    port,
    close: async () => {
      offHub();
      clearInterval(sweep);
      runtime.tasks.close();
      await modern.close();
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** SEP-2663 routing: these carry `Mcp-Name: <taskId>`. */
const NAMED_TASK_METHODS = new Set(["tasks/get", "tasks/update", "tasks/cancel"]);
const REMOVED_TASK_METHODS = new Set(["tasks/result", "tasks/list"]);

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code, message } }, { status });
}

/** node:http request → web Request; aborted when the client goes away (ends SSE streams). */
function toWebRequest(req: http.IncomingMessage, res: http.ServerResponse): Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  });
}

/** Streams a web Response (JSON or SSE) back through node:http. */
async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream.
  }
  res.end();
}
