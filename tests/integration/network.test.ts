import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { HttpExchange } from "@/lib/contracts/network";
import { AppError } from "@/lib/errors";
import { Hub } from "@/lib/server/hub";
import { networkLog } from "@/lib/server/mcp/network";
import { openStreams } from "@/lib/server/mcp/network/recording-fetch";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { startEverythingHttp, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-network-");
let registry: Registry;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
let id = "";

const log = (r: Registry = registry) => networkLog(id, { limit: 1000 }, r).exchanges;
const carrying = (xs: HttpExchange[], method: string) => xs.find((x) => x.messages.some((m) => m.dir === "out" && m.method === method));

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  registry = new Registry(new Hub(openStore(data.dir)));
  http = await startEverythingHttp("streamableHttp");
  const view = await registry.create({
    name: "everything-network",
    transport: "http",
    url: `http://127.0.0.1:${http.port}/mcp`,
    headers: { "X-Api-Key": "s3cret-value" },
    requestTimeoutMs: 20_000,
  });
  id = view.id;
  expect(view.state.status).toBe("connected");
});

afterAll(async () => {
  await registry.closeAll();
  await http?.stop();
  registry.hub.store.close();
  data.cleanup();
});

describe("the Network view of server-everything over Streamable HTTP", () => {
  it("records the initialize POST with the Mcp-Session-Id the server answered", () => {
    const init = carrying(log(), "initialize");
    expect(init).toMatchObject({ method: "POST", status: 200, state: "done" });
    const session = init!.responseHeaders["mcp-session-id"];
    expect(session).toMatch(/\S{8,}/);
    expect(init!.requestHeaders["x-api-key"]).toBe(SECRET_MASK);
    expect(init!.messages).toEqual(
      expect.arrayContaining([
        { dir: "out", id: 0, method: "initialize" },
        { dir: "in", id: 0, response: true },
      ]),
    );
    expect(init!.headersMs).toBeGreaterThan(0);
    expect(init!.requestBytes).toBeGreaterThan(50);
    // Every later request carries the session and the negotiated version.
    const later = carrying(log(), "tools/list")!;
    expect(later.requestHeaders["mcp-session-id"]).toBe(session);
    expect(later.requestHeaders["mcp-protocol-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(log())).not.toContain("s3cret-value");
  });

  it("lists the GET event stream while it is open", async () => {
    const stream = await until(() => log().find((x) => x.method === "GET" && x.stream));
    expect(stream).toMatchObject({ status: 200, state: "open" });
    expect(stream.requestHeaders.accept).toContain("text/event-stream");
    expect(stream.responseHeaders["content-type"]).toContain("text/event-stream");
  });

  it("records a tools/call with its id, status and the response it carried", async () => {
    const call = await registry.callTool(id, { name: "get-sum", arguments: { a: 2, b: 3 } });
    expect(call.status).toBe("ok");
    // server-everything answers a POST with an event stream: listed open, then final once it ends.
    const x = await until(() =>
      log().find(
        (e) => e.state !== "open" && e.messages.some((m) => m.dir === "out" && m.id === call.requestId && m.method === "tools/call"),
      ),
    );
    expect(x.messages).toContainEqual({ dir: "out", id: call.requestId, method: "tools/call", name: "get-sum" });
    expect(x).toMatchObject({ status: 200, state: "done" });
    // A priming event (id, no data) may come before the one carrying the result.
    expect(x.stream?.events).toBeGreaterThanOrEqual(1);
    expect(x.messages).toContainEqual({ dir: "in", id: call.requestId, response: true });
    expect(x.responseBytes).toBeGreaterThan(0);
    expect(x.durationMs).toBeGreaterThanOrEqual(x.headersMs!);
  });

  it("keeps the exchanges across a restart, the stream's final record replacing its open one", async () => {
    await registry.disconnect(id);
    const stream = await until(() => log().find((x) => x.method === "GET" && x.stream && x.state !== "open"));
    expect(["aborted", "done", "error"]).toContain(stream.state);
    const before = log();
    expect(new Set(before.map((x) => x.id)).size).toBe(before.length);
    // Another process over the same data dir: a new store sees the same log.
    const again = new Registry(new Hub(openStore(data.dir)));
    try {
      expect(log(again).map((x) => [x.id, x.state])).toEqual(before.map((x) => [x.id, x.state]));
    } finally {
      again.hub.store.close();
    }
  });

  it("shows a stream cut by Loupe stopping as aborted, not open forever", async () => {
    const view = await registry.connect(id);
    expect(view.state.status).toBe("connected");
    const stream = await until(() =>
      log()
        .filter((x) => x.method === "GET" && x.state === "open")
        .at(-1),
    );
    // What a restarted Loupe sees: the open record, and no such stream alive in the process.
    openStreams.delete(stream.id);
    const after = log().find((x) => x.id === stream.id);
    expect(after).toMatchObject({ state: "aborted", error: "Loupe stopped while this stream was open" });
    openStreams.add(stream.id);
  });

  it("answers 400 for a stdio connection", async () => {
    const stdio = await registry.create({
      name: "no-http",
      transport: "stdio",
      command: "true",
      args: [],
      env: {},
      requestTimeoutMs: 2_000,
    });
    expect(() => networkLog(stdio.id, { limit: 10 }, registry)).toThrow(AppError);
    try {
      networkLog(stdio.id, { limit: 10 }, registry);
    } catch (error) {
      expect((error as AppError).code).toBe("bad_request:network_transport");
    }
  });
});
