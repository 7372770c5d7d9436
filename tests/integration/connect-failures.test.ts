import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { HttpExchange } from "@/lib/contracts/network";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { stdioInput, tempDir } from "@/tests/support/servers";

// MCP servers that fail the way real ones do: one that never answers initialize, and a reverse
// proxy in front of one that answers with its own HTML error page.

const data = tempDir("loupe-connect-failures-");
let registry: Registry;
let server: http.Server;
let base = "";
/** Requests the silent endpoint holds open (it never answers them). */
const held = new Set<ServerResponse>();
/** The POSTs the silent endpoint took, in all. */
let silentPosts = 0;

/** nginx's error page, with a long body: the words shown must stay short. */
function proxyPage(status: number, title: string): string {
  const filler = `<p>${"The upstream server is not available. ".repeat(2_000)}</p>`;
  return `<!DOCTYPE html>\n<html>\n<head><title>${status} ${title}</title><style>body{color:red}</style></head>\n<body>\n<center><h1>${status} ${title}</h1></center>\n${filler}\n<hr><center>nginx/1.25.3</center>\n</body>\n</html>\n`;
}

function page(res: ServerResponse, status: number, title: string): void {
  res.writeHead(status, { "content-type": "text/html" }).end(proxyPage(status, title));
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** A 2025-11-25 server answering in JSON whose tools/call meets the proxy's 502 page. */
function behindProxy(req: IncomingMessage, res: ServerResponse, body: string): void {
  if (req.method !== "POST") return void res.writeHead(405).end();
  const message = JSON.parse(body) as { id?: number | string; method: string };
  if (message.id === undefined) return void res.writeHead(202).end();
  if (message.method === "tools/call") return page(res, 502, "Bad Gateway");
  if (message.method === "server/discover") {
    return json(res, { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } });
  }
  const result =
    message.method === "initialize"
      ? { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "behind-proxy", version: "1.0.0" } }
      : message.method === "tools/list"
        ? { tools: [{ name: "echo", inputSchema: { type: "object" } }] }
        : {};
  json(res, { jsonrpc: "2.0", id: message.id, result });
}

beforeAll(async () => {
  registry = new Registry(new Hub(openStore(data.dir)));
  server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      if (path === "/silent") {
        // Takes the POST and never answers it (a GET for the event stream is refused).
        if (req.method !== "POST") return void res.writeHead(405).end();
        silentPosts++;
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
      }
      if (path === "/sse-buffered" || path === "/sse-unanswered") {
        // A legacy SSE endpoint behind a proxy that buffers the stream: the GET is answered with
        // the stream's headers and nothing more, or not answered at all.
        if (req.method !== "GET") return void res.writeHead(405).end();
        if (path === "/sse-buffered") res.writeHead(200, { "content-type": "text/event-stream" }).flushHeaders();
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
      }
      if (path === "/bad-gateway") return page(res, 502, "Bad Gateway");
      if (path === "/proxied") return behindProxy(req, res, body);
      page(res, 404, "Not Found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await registry.closeAll();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  registry.hub.store.close();
  data.cleanup();
});

/** A connection's entries of one kind, whole (a large raw is only previewed in the listing). */
function entries(id: string, kind: string): Entry[] {
  return registry
    .traffic(id, { limit: 10_000 })
    .filter((e) => e.kind === kind)
    .map((e) => registry.hub.get(e.seq) ?? e);
}

async function until(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a server that never answers initialize", () => {
  // Before: the probe (up to 15 s), then initialize (the whole request timeout), then the doctor
  // trying again (up to 10 s) — 85 s with the default 60 s timeout, "Request timed out" in the end.
  const TIMEOUT_MS = 2_000;
  // The add answers at the deadline; the slack is for a loaded machine (CI's 2 cores), far below the
  // 15 s probe and the doctor's retry the add used to wait for.
  const ANSWERED_WITHIN_MS = TIMEOUT_MS + 5_000;

  it("over stdio: the add answers within the request timeout, saying which step got no answer, and the process is gone", async () => {
    const silent = `process.stderr.write("pid " + process.pid + "\\n"); process.stdin.resume();`;
    const started = Date.now();
    const view = await registry.create(stdioInput("silent stdio", ["-e", silent], { requestTimeoutMs: TIMEOUT_MS }));
    expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(view.state.status).toBe("error");
    expect(view.state.error).toEqual({
      message: "The server did not answer initialize within 2 s (nor server/discover before it)",
      step: "protocol",
    });
    const line = entries(view.id, "stderr")
      .map((e) => (e.raw as { line: string }).line)
      .find((l) => l.startsWith("pid "));
    const pid = Number(line?.slice(4));
    expect(pid).toBeGreaterThan(0);
    await until("the server process ends", () => !isAlive(pid), 5_000);
    // The connection doctor still runs; its steps follow the answer.
    await until("the doctor's steps", () => registry.view(view.id).state.diagnosis !== undefined, 20_000);
    expect(registry.view(view.id).state.diagnosis?.at(-1)).toMatchObject({ step: "initialize", ok: false });
  }, 30_000);

  it("over Streamable HTTP (the POST is taken and never answered): the same, and no request is left open", async () => {
    const started = Date.now();
    const view = await registry.create({
      name: "silent http",
      transport: "http",
      url: `${base}/silent`,
      headers: {},
      requestTimeoutMs: TIMEOUT_MS,
    });
    expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(view.state.status).toBe("error");
    expect(view.state.error).toEqual({
      message: "The server did not answer initialize within 2 s (nor server/discover before it)",
      step: "protocol",
    });
    const exchanges = entries(view.id, "http_exchange").map((e) => e.raw as HttpExchange);
    expect(exchanges.length).toBeGreaterThan(0);
    expect(exchanges.every((x) => x.state === "aborted")).toBe(true);
    const connectPosts = silentPosts;
    // The doctor's own POST (after the answer) is held until its step times out; then none is left.
    await until("the doctor's steps", () => registry.view(view.id).state.diagnosis !== undefined, 20_000);
    // A silent server is asked once, not again with the other handshake.
    expect(registry.view(view.id).state.diagnosis?.find((s) => !s.ok)?.detail).toBe("No answer to initialize within 2 s");
    expect(silentPosts - connectPosts).toBe(1);
    await until("the held POSTs are closed", () => held.size === 0, 2_000);
  }, 30_000);

  it("over legacy SSE (the event stream never names its endpoint, or never opens): said in words, the stream closed", async () => {
    // Before: the SDK waits for the endpoint event with no time limit, so the add never answered.
    const cases = [
      {
        path: "/sse-buffered",
        message: "The server opened its event stream but sent no endpoint event within 2 s (is a proxy buffering it?)",
      },
      { path: "/sse-unanswered", message: "The server did not answer the event stream's GET within 2 s" },
    ];
    for (const { path, message } of cases) {
      const started = Date.now();
      const view = await Promise.race([
        registry.create({ name: path, transport: "sse", url: `${base}${path}`, headers: {}, requestTimeoutMs: TIMEOUT_MS }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the add of ${path} did not answer in 10 s`)), 10_000)),
      ]);
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      expect(view.state.status).toBe("error");
      expect(view.state.error).toEqual({ message, step: "protocol" });
      // The doctor's own GET reads the stream for a few seconds; after it nothing is held open.
      await until("the doctor's steps", () => registry.view(view.id).state.diagnosis !== undefined, 20_000);
      await until("the held GETs are closed", () => held.size === 0, 2_000);
    }
  }, 60_000);
});

describe("a reverse proxy's HTML error page", () => {
  it("Streamable HTTP answered 502 with a page: the error says so with the page's title; the page stays on record, once per failure", async () => {
    const view = await registry.create({
      name: "502",
      transport: "http",
      url: `${base}/bad-gateway`,
      headers: {},
      requestTimeoutMs: 5_000,
    });
    expect(view.state.status).toBe("error");
    expect(view.state.error).toEqual({ message: "The server answered HTTP 502 with an HTML page, not MCP: 502 Bad Gateway", step: "http" });
    // server/discover, then initialize (a 5xx on the probe is retried with the handshake).
    const refused = entries(view.id, "http_exchange")
      .map((e) => e.raw as HttpExchange)
      .filter((x) => x.status === 502);
    expect(refused).toHaveLength(2);
    expect(refused.every((x) => x.responsePreview?.includes("<title>502 Bad Gateway</title>"))).toBe(true);
    // Before: each failed POST was recorded twice (the transport reports it, then rejects with it).
    const errors = entries(view.id, "transport_error").map((e) => (e.raw as { message: string }).message);
    expect(errors).toHaveLength(2);
    expect(errors.every((m) => m.includes("<!DOCTYPE html>"))).toBe(true);
  });

  it("legacy SSE answered 404 with a page: said in words, and the refused GET is recorded with its body", async () => {
    const view = await registry.create({ name: "sse 404", transport: "sse", url: `${base}/gone`, headers: {}, requestTimeoutMs: 5_000 });
    expect(view.state.error).toEqual({ message: "The server answered HTTP 404 with an HTML page, not MCP: 404 Not Found", step: "http" });
    const get = entries(view.id, "http_exchange")
      .map((e) => e.raw as HttpExchange)
      .find((x) => x.method === "GET");
    // The page is read up to 64 KB (this one is longer): kept in the exchange's preview.
    expect(get).toMatchObject({ status: 404 });
    expect(get?.responsePreview).toContain("<h1>404 Not Found</h1>");
    expect(entries(view.id, "transport_error").map((e) => (e.raw as { message: string }).message)).toEqual([
      "SSE error: Non-200 status code (404)",
    ]);
  });

  it("Streamable HTTP falling back to SSE on a 404 page: the fallback and the error both in words", async () => {
    const view = await registry.create({ name: "http 404", transport: "http", url: `${base}/gone`, headers: {}, requestTimeoutMs: 5_000 });
    expect(view.state.error).toEqual({ message: "The server answered HTTP 404 with an HTML page, not MCP: 404 Not Found", step: "http" });
    expect(entries(view.id, "transport_fallback").map((e) => e.raw)).toEqual([
      { from: "streamable-http", to: "sse", reason: "The server answered HTTP 404 with an HTML page, not MCP: 404 Not Found" },
    ]);
  });

  it("a call that meets the page fails in words; the page is in Traffic", async () => {
    const view = await registry.create({
      name: "proxied",
      transport: "http",
      url: `${base}/proxied`,
      headers: {},
      requestTimeoutMs: 5_000,
    });
    expect(view.state.status).toBe("connected");
    const record = await registry.callTool(view.id, { name: "echo", arguments: {} });
    expect(record.status).toBe("failed");
    expect(record.error).toMatchObject({
      code: "upstream:call_failed",
      message: "The server answered HTTP 502 with an HTML page, not MCP: 502 Bad Gateway",
    });
    const errors = entries(view.id, "transport_error").map((e) => (e.raw as { message: string }).message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("<title>502 Bad Gateway</title>");
  });
});
