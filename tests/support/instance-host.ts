/**
 * One Loupe instance for the multi-instance tests and bench (issue 25), run in its own process:
 *
 *   LOUPE_DATA_DIR=… LOUPE_DATABASE_URL=postgres://… node --import tsx --conditions react-server tests/support/instance-host.ts
 *
 * Loupe's real route handlers — the live stream, adding an MCP server, calling a tool, the A2A push
 * webhook (`A2aRegistry.receivePush()`, as the launcher's /a2a-push/ hands it over) — behind a
 * node:http server on a free loopback port, as Next's router would hand them a request (the launcher's
 * gate and the pages are left out: what is measured is the store, the hub and the stream). Prints
 * `ready <port>` once listening; SIGTERM closes the store and exits.
 */
import { createServer, type IncomingMessage } from "node:http";
import * as connections from "@/app/api/connections/route";
import * as toolsCall from "@/app/api/connections/[id]/tools/call/route";
import * as stream from "@/app/api/stream/route";
import { getA2a } from "@/lib/server/a2a";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getStore } from "@/lib/server/store";
import { getHub } from "@/lib/server/hub";

async function toRequest(req: IncomingMessage, base: string, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  if (req.method !== "GET") for await (const chunk of req) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(`${base}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, signal });
}

async function route(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const call = /^\/api\/connections\/([^/]+)\/tools\/call$/.exec(url.pathname);
  if (req.method === "GET" && url.pathname === "/api/stream") return stream.GET(req);
  if (req.method === "POST" && url.pathname === "/api/connections") return connections.POST(req);
  if (req.method === "POST" && call) return toolsCall.POST(req, { params: Promise.resolve({ id: call[1]! }) });
  const push = /^\/a2a-push\/([^/]+)$/.exec(url.pathname)?.[1];
  if (req.method === "POST" && push) {
    const answer = getA2a().receivePush(decodeURIComponent(push), Object.fromEntries(req.headers), await req.text());
    return Response.json({ message: answer.message }, { status: answer.status });
  }
  return new Response("not here", { status: 404 });
}

const server = createServer((req, res) => {
  const aborted = new AbortController();
  res.on("close", () => aborted.abort());
  void (async () => {
    const answer = await route(await toRequest(req, base, aborted.signal));
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (!answer.body) return void res.end();
    const reader = answer.body.getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      res.write(value);
    }
    res.end();
  })().catch((error: unknown) => {
    if (!res.headersSent) res.writeHead(500);
    res.end(String(error));
  });
});
let base = "";
await getHub().following();
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  process.stdout.write(`ready ${port}\n`);
});
process.once("SIGTERM", () => {
  void getRegistry()
    .closeAll()
    .finally(() => {
      getStore().close();
      process.exit(0);
    });
});
