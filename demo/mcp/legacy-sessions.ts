import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport, isInitializeRequest } from "@modelcontextprotocol/server";
import type { DemoRuntime } from "./server";
import { createDemoServer } from "./server";
import { jsonRpcError } from "./http-bridge";
import { asRequest } from "./tasks/extension";
import { LegacyTaskSession } from "./tasks/legacy-tasks";

/**
 * The 2025-11-25 side of the demo server over HTTP (serve-http.ts): one Server and transport per
 * Mcp-Session-Id, so server→client requests (elicitation, sampling via the MRTR shim),
 * resources/subscribe and GET streams work. A session ends when its client deletes it, when its
 * transport closes, or after `idleMs` with no request and no open stream: its Server is closed
 * and later requests with its id get 404, as the spec says for an ended session.
 */
export class LegacySessions {
  private readonly sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  /** 2025-11-25 tasks per session (legacy-tasks.ts); their questions go out on the session's GET stream. */
  private readonly sessionTasks = new Map<string, LegacyTaskSession>();
  /** Per session: when it was last used, and how many of its requests/streams are still open. */
  private readonly activity = new Map<string, { lastSeen: number; open: number }>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly runtime: DemoRuntime,
    private readonly idleMs: number,
  ) {
    this.sweep = setInterval(() => this.endIdle(), Math.max(50, Math.min(idleMs / 4, 60_000)));
    this.sweep.unref();
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  /** A request (+1) or stream of the session opened, or one ended (-1): the idle clock starts when none is open. */
  touch(id: string, delta: number): void {
    const entry = this.activity.get(id) ?? { lastSeen: Date.now(), open: 0 };
    entry.lastSeen = Date.now();
    entry.open = Math.max(0, entry.open + delta);
    if (this.sessions.has(id)) this.activity.set(id, entry);
  }

  private endIdle(): void {
    const now = Date.now();
    for (const [id, transport] of this.sessions) {
      const entry = this.activity.get(id);
      if (entry && entry.open === 0 && now - entry.lastSeen >= this.idleMs) {
        process.stderr.write(`loupe-demo: session ${id} idle for ${Math.round((now - entry.lastSeen) / 1000)} s, ended\n`);
        this.sessions.delete(id);
        this.activity.delete(id);
        void transport.close().catch(() => undefined);
      }
    }
  }

  private forget(id: string): void {
    this.sessions.delete(id);
    this.sessionTasks.get(id)?.close();
    this.sessionTasks.delete(id);
    this.activity.delete(id);
  }

  async handle(request: Request): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const transport = this.sessions.get(sessionId);
      if (!transport) return jsonRpcError(404, -32001, `Unknown or ended session: ${sessionId}`);
      const tasks = this.sessionTasks.get(sessionId);
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
    return this.open(request, body);
  }

  /** An initialize without a session: a new Server and transport, kept once the SDK names the session. */
  private async open(request: Request, body: unknown): Promise<Response> {
    const { runtime } = this;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        this.sessions.set(id, transport);
        this.sessionTasks.set(id, new LegacyTaskSession(runtime.tasks, runtime.toolsByName, (message) => transport.send(message)));
        this.activity.set(id, { lastSeen: Date.now(), open: 0 });
      },
      onsessionclosed: (id) => this.forget(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) this.forget(transport.sessionId);
    };
    const server = createDemoServer(runtime, { era: "legacy", announce: true });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    // A refused initialize (bad Accept, bad version…) opens no session: drop its server.
    if (!transport.sessionId) void server.close().catch(() => undefined);
    return response;
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.sessions.values()].map((t) => t.close().catch(() => undefined)));
  }
}
