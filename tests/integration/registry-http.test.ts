import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { startEverythingHttp, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-http-");
let registry: Registry;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;

function methods(id: string, direction: Entry["direction"]): (string | undefined)[] {
  return registry
    .traffic(id, { limit: 10_000 })
    .filter((e) => e.kind === "message" && e.direction === direction)
    .map((e) => (e.raw as { method?: string }).method);
}

beforeAll(async () => {
  registry = new Registry(new Hub(openStore(data.dir)));
  [http, sse] = await Promise.all([startEverythingHttp("streamableHttp"), startEverythingHttp("sse")]);
});

afterAll(async () => {
  await registry.closeAll();
  await Promise.all([http?.stop(), sse?.stop()]);
  registry.hub.store.close();
  data.cleanup();
});

describe("server-everything over Streamable HTTP", () => {
  let id = "";

  it("connects with custom headers, lists tools after connect, and masks the header", async () => {
    const view = await registry.create({
      name: "everything-http",
      transport: "http",
      url: `http://127.0.0.1:${http.port}/mcp`,
      headers: { "X-Api-Key": "s3cret-value" },
      requestTimeoutMs: 20_000,
    });
    id = view.id;
    expect(view.state.status).toBe("connected");
    expect(view.state.transportUsed).toBe("streamable-http");
    expect(view.state.serverInfo?.name).toBe("mcp-servers/everything");
    expect(view.transport !== "stdio" && view.headers).toEqual({ "X-Api-Key": SECRET_MASK });
    expect(JSON.stringify(registry.list())).not.toContain("s3cret-value");
    // Listed once the handshake is done, whether or not list_changed arrived.
    expect(methods(id, "out")).toContain("tools/list");
    expect((await registry.listTools(id)).tools).toHaveLength(17);
  });

  it("calls get-sum and records progress of a long call", async () => {
    const sum = await registry.callTool(id, { name: "get-sum", arguments: { a: 2, b: 3 } });
    expect(sum.status).toBe("ok");
    expect(JSON.stringify(sum.result)).toContain("5");
    const long = await registry.callTool(id, {
      name: "trigger-long-running-operation",
      arguments: { duration: 2, steps: 4 },
    });
    expect(long.status).toBe("ok");
    const progress = registry
      .traffic(id, { limit: 10_000 })
      .filter((e) => (e.raw as { method?: string }).method === "notifications/progress")
      .filter((e) => (e.raw as { params: { progressToken: unknown } }).params.progressToken === long.requestId);
    expect(progress).toHaveLength(4);
  });

  it("keeps the stored header when an update sends the mask back", async () => {
    const view = await registry.update(id, {
      name: "everything-http renamed",
      transport: "http",
      url: `http://127.0.0.1:${http.port}/mcp`,
      headers: { "X-Api-Key": SECRET_MASK, "X-Other": "plain" },
      requestTimeoutMs: 20_000,
    });
    expect(view.state.status).toBe("connected");
    expect(view.name).toBe("everything-http renamed");
    const stored = registry.table.get(id);
    expect(stored?.transport === "http" && stored.headers).toEqual({ "X-Api-Key": "s3cret-value", "X-Other": "plain" });
  });

  it("fails a call and marks the connection when the server goes away", async () => {
    await http.stop();
    const record = await registry.callTool(id, { name: "get-sum", arguments: { a: 1, b: 1 } });
    expect(record.status).toBe("failed");
    expect(registry.view(id).state.status).toBe("error");
    expect(registry.view(id).state.error?.message).toMatch(/stopped answering/);
    const reconnect = await registry.connect(id);
    expect(reconnect.state.status).toBe("error");
    expect(reconnect.state.error?.step).toBe("network");
  });
});

/** Connects to a server of its own, stops the server, and waits (15 s at most) until the connection is no longer "connected". */
async function connectThenStopServer(kind: "streamableHttp" | "sse") {
  const lone = await startEverythingHttp(kind);
  const view = await registry.create({
    name: `everything-idle-${kind}`,
    transport: kind === "sse" ? "sse" : "http",
    url: `http://127.0.0.1:${lone.port}/${kind === "sse" ? "sse" : "mcp"}`,
    headers: {},
    requestTimeoutMs: 20_000,
  });
  expect(view.state.status).toBe("connected");
  await lone.stop();
  const deadline = Date.now() + 15_000;
  while (registry.view(view.id).state.status === "connected" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return view.id;
}

describe("a Streamable HTTP server that goes away while idle", () => {
  it("ends up in error once the event stream cannot be re-opened", async () => {
    const id = await connectThenStopServer("streamableHttp");
    expect(registry.view(id).state.error).toEqual({
      message: "The server closed the event stream and did not come back",
      step: "network",
    });
    expect(registry.traffic(id).some((e) => e.kind === "transport_error")).toBe(true);
  }, 30_000);
});

describe("a legacy SSE server that goes away while idle", () => {
  it("is marked lost and reconnected, not left 'connected' on a stream that broke", async () => {
    // Before: the SSE client's error was recorded and nothing else: the connection read "connected"
    // for good, calls waited their whole timeout, and a server back on a new stream got calls on a
    // session that never saw initialize.
    const id = await connectThenStopServer("sse");
    const state = registry.view(id).state;
    expect(state.status).not.toBe("connected");
    expect(state.error?.message).toMatch(/^The server's event stream broke \(SSE error: .+\): a legacy SSE session lives on its stream/);
    await registry.disconnect(id);
  }, 30_000);
});

describe("legacy SSE", () => {
  it("connects with transport sse", async () => {
    const view = await registry.create({
      name: "everything-sse",
      transport: "sse",
      url: `http://127.0.0.1:${sse.port}/sse`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    expect(view.state.status).toBe("connected");
    expect(view.state.transportUsed).toBe("sse");
    const sum = await registry.callTool(view.id, { name: "get-sum", arguments: { a: 2, b: 3 } });
    expect(sum.status).toBe("ok");
  });

  it("falls back from Streamable HTTP to SSE when the POST gets a 4xx", async () => {
    const view = await registry.create({
      name: "everything-fallback",
      transport: "http",
      url: `http://127.0.0.1:${sse.port}/sse`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    expect(view.state.status).toBe("connected");
    expect(view.state.transportUsed).toBe("sse");
    const fallback = registry.traffic(view.id).find((e) => e.kind === "transport_fallback");
    expect(fallback?.raw).toMatchObject({ from: "streamable-http", to: "sse" });
    expect((await registry.listTools(view.id)).tools).toHaveLength(17);
  });
});

describe("custom headers", () => {
  it("sends them on the Streamable HTTP POST and the SSE GET, and reports the HTTP failure", async () => {
    const { createServer } = await import("node:http");
    const seen: { method: string; key: string | undefined }[] = [];
    const server = createServer((req, res) => {
      seen.push({ method: req.method ?? "", key: req.headers["x-api-key"] as string | undefined });
      res.writeHead(404).end("nothing here");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const view = await registry.create({
        name: "headers",
        transport: "http",
        url: `http://127.0.0.1:${port}/mcp`,
        headers: { "X-Api-Key": "k-42" },
        requestTimeoutMs: 5_000,
      });
      expect(view.state.status).toBe("error");
      expect(view.state.error?.step).toBe("http");
      // The connect attempt (POST server/discover, POST initialize, then the SSE fallback's GET); the
      // connection doctor probes after it.
      expect(seen.slice(0, 3).map((s) => s.method)).toEqual(["POST", "POST", "GET"]);
      expect(seen.every((s) => s.key === "k-42")).toBe(true);
      expect(view.state.diagnosis?.map((d) => d.step)).toEqual(["dns", "tcp", "http"]);
      expect(view.state.diagnosis?.[2]).toMatchObject({ ok: false, detail: expect.stringMatching(/^HTTP 404 Not Found/) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
