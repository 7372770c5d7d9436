import http from "node:http";
import net from "node:net";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { EVERYTHING, freePort, startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-resilience-");
let registry: Registry;

beforeAll(() => {
  registry = new Registry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await registry.closeAll();
  registry.hub.store.close();
  data.cleanup();
});

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

function frames(id: string): Entry[] {
  return registry.traffic(id, { limit: 100_000 }).filter((e) => e.kind === "message");
}

function progressCount(id: string, token: unknown): number {
  return frames(id).filter((e) => {
    const raw = e.raw as { method?: string; params?: { progressToken?: unknown } };
    return raw.method === "notifications/progress" && raw.params?.progressToken === token;
  }).length;
}

/** server-everything over Streamable HTTP on a fixed loopback port, so it can be restarted in place. */
const everythingOn = (port: number) => startEverythingHttp("streamableHttp", { port, kill: "SIGKILL" });

/** A TCP relay in front of a server; dropAll() cuts every connection while the server stays up. */
async function relay(target: number): Promise<{ port: number; dropAll: () => void; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  const close = () => {
    dropAll();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, dropAll, close };
}

/**
 * An HTTP proxy in front of a Streamable HTTP server that answers every GET with 405, as a server
 * without a standalone event stream does. With no GET stream to re-open after a restart, nothing
 * but the test's own requests can find out that the server forgot the session.
 */
async function noGetStreamProxy(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method === "GET") {
      res.writeHead(405, { allow: "POST, DELETE" }).end();
      return;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: target, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, close };
}

describe("a stdio server killed mid-session", () => {
  it("fails the call in flight with the exit, then shows the error with the signal", async () => {
    const view = await registry.create(stdioInput("everything-kill", [EVERYTHING, "stdio"]));
    const id = view.id;
    expect(view.state.status).toBe("connected");
    const pid = view.state.pid!;
    expect(typeof pid).toBe("number");
    const pending = registry.callTool(id, {
      name: "trigger-long-running-operation",
      arguments: { duration: 10, steps: 10 },
    });
    await until(() => {
      const requestId = registry.listCalls(id, { limit: 1 })[0]?.requestId;
      return requestId != null && progressCount(id, requestId) > 0;
    });
    process.kill(pid, "SIGKILL");
    const record = await pending;
    expect(record.status).toBe("failed");
    expect(record.error?.code).toBe("upstream:connection_closed");
    expect(record.error?.message).toBe("The server process was killed by SIGKILL during the call");
    await until(() => registry.view(id).state.status === "error");
    expect(registry.view(id).state.error).toEqual({ message: "The server process was killed by SIGKILL", step: "closed" });
    expect(registry.view(id).state.pid).toBeUndefined();
  });
});

describe("ping", () => {
  it("measures a round trip over stdio and keeps it in state", async () => {
    const view = await registry.create(stdioInput("everything-ping", [EVERYTHING, "stdio"]));
    const result = await registry.ping(view.id);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.ms).toBeLessThan(5_000);
    const state = registry.view(view.id).state;
    expect(state.lastPing?.ms).toBe(result.ms);
    expect(state.lastPing?.at).toBeGreaterThan(Date.now() - 10_000);
    const pings = frames(view.id).filter((e) => (e.raw as { method?: string }).method === "ping");
    expect(pings.map((e) => e.direction)).toContain("out");
    await registry.disconnect(view.id);
    await expect(registry.ping(view.id)).rejects.toMatchObject({ code: "conflict:not_connected" });
  });
});

describe("a Streamable HTTP server restarted on the same port", () => {
  let port = 0;
  let server: { stop: () => Promise<void> };

  beforeAll(async () => {
    port = await freePort();
    server = await everythingOn(port);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("pings over HTTP", async () => {
    const view = await registry.create({
      name: "everything-http-ping",
      transport: "http",
      url: `http://127.0.0.1:${port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    const { ms } = await registry.ping(view.id);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(registry.view(view.id).state.lastPing?.ms).toBe(ms);
    await registry.disconnect(view.id);
  });

  it("fails the call in flight clearly, re-initializes once, and the next tools/list just works", async () => {
    const view = await registry.create({
      name: "everything-restart",
      transport: "http",
      url: `http://127.0.0.1:${port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    const id = view.id;
    expect(view.state.status).toBe("connected");
    const oldSession = registry.connection(id).recording?.sessionId;
    expect(oldSession).toBeTruthy();
    const pending = registry.callTool(id, {
      name: "trigger-long-running-operation",
      arguments: { duration: 30, steps: 30 },
    });
    await until(() => {
      const requestId = registry.listCalls(id, { limit: 1 })[0]?.requestId;
      return requestId != null && progressCount(id, requestId) > 0;
    });
    await server.stop();
    server = await everythingOn(port);
    const record = await pending;
    expect(record.status).toBe("failed");
    expect(record.error).toMatchObject({
      code: "upstream:session_lost",
      message: "The server restarted and the session was lost; the call was not retried",
    });
    expect(record.endedAt! - record.startedAt).toBeLessThan(20_000);

    const listing = await registry.listTools(id, { refresh: true });
    expect(listing.tools).toHaveLength(17);
    expect(registry.view(id).state.status).toBe("connected");
    const resets = registry.traffic(id, { limit: 100_000 }).filter((e) => e.kind === "session_reset");
    expect(resets).toHaveLength(1);
    expect(resets[0]!.raw).toMatchObject({
      reason: expect.stringContaining(String(oldSession)),
      failed: [{ id: record.requestId, method: "tools/call" }],
    });
    const newSession = registry.connection(id).recording?.sessionId;
    expect(newSession).toBeTruthy();
    expect(newSession).not.toBe(oldSession);
    // The new session was opened by repeating Loupe's own initialize, visible in the traffic.
    const inits = frames(id).filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "initialize");
    expect(inits).toHaveLength(2);
    const sum = await registry.callTool(id, { name: "get-sum", arguments: { a: 20, b: 22 } });
    expect(sum.status).toBe("ok");
    expect(JSON.stringify(sum.result)).toContain("42");
  }, 60_000);

  it("voids what the lost session asked: a pending sampling request goes stale, the session key and tool list change", async () => {
    const view = await registry.create({
      name: "everything-restart-sampling",
      transport: "http",
      url: `http://127.0.0.1:${port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    const id = view.id;
    const conn = registry.connection(id);
    const oldKey = conn.sessionKey;
    const toolsVersion = registry.view(id).state.toolsVersion;
    const call = registry.callTool(id, { name: "trigger-sampling-request", arguments: { prompt: "hello" } });
    await until(() =>
      getClientRequests()
        .list({ connectionId: id })
        .some((r) => r.status === "pending"),
    );
    await server.stop();
    server = await everythingOn(port);
    await call;
    await registry.listTools(id, { refresh: true });
    const request = getClientRequests().list({ connectionId: id })[0]!;
    expect(request.status).toBe("stale");
    expect(request.reason).toMatch(/^The session ended: the server restarted and forgot the session/);
    expect(conn.sessionKey).not.toBe(oldKey);
    expect(registry.view(id).state.toolsVersion).toBe(toolsVersion + 1);
  }, 60_000);

  it("re-initializes on a tools/list whose session is gone, and fails a tools/call sent to a dead session", async () => {
    // No GET stream: its re-open after a restart would renew the session before the call is
    // sent (then the call rightly succeeds), and this test is about the call meeting the dead session.
    const proxy = await noGetStreamProxy(port);
    onTestFinished(() => proxy.close());
    const view = await registry.create({
      name: "everything-restart-idle",
      transport: "http",
      url: `http://127.0.0.1:${proxy.port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    const id = view.id;
    await server.stop();
    server = await everythingOn(port);
    // Straight after the restart: the first request itself meets the forgotten session.
    const listing = await registry.listTools(id, { refresh: true });
    expect(listing.tools).toHaveLength(17);
    expect(registry.traffic(id, { limit: 100_000 }).filter((e) => e.kind === "session_reset")).toHaveLength(1);
    expect(registry.view(id).state.status).toBe("connected");

    await server.stop();
    server = await everythingOn(port);
    const record = await registry.callTool(id, { name: "get-sum", arguments: { a: 1, b: 2 } });
    expect(record.status).toBe("failed");
    expect(record.error?.message).toBe("The server restarted and the session was lost; the call was not retried");
    // The session was renewed all the same: the next call works.
    await until(() => registry.traffic(id, { limit: 100_000 }).filter((e) => e.kind === "session_reset").length === 2);
    const again = await registry.callTool(id, { name: "get-sum", arguments: { a: 1, b: 2 } });
    expect(again.status).toBe("ok");
  }, 60_000);
});

describe("Streamable HTTP resumption", () => {
  it("re-opens dropped streams with Last-Event-ID and records each replayed event once", async () => {
    const port = await freePort();
    const upstream = await everythingOn(port);
    const proxy = await relay(port);
    try {
      const view = await registry.create({
        name: "everything-resume",
        transport: "http",
        url: `http://127.0.0.1:${proxy.port}/mcp`,
        headers: {},
        requestTimeoutMs: 20_000,
      });
      const id = view.id;
      expect(view.state.status).toBe("connected");
      // Responses on POST streams are stored in the server's event store after the GET stream's
      // last event; a resume of the GET stream replays them (server-everything's store does).
      for (let i = 0; i < 3; i++) {
        expect((await registry.callTool(id, { name: "get-sum", arguments: { a: i, b: 1 } })).status).toBe("ok");
      }
      await registry.setLogLevel(id, "debug");
      await until(() => frames(id).some((e) => (e.raw as { method?: string }).method === "notifications/message"), 20_000);
      proxy.dropAll();
      await until(() => registry.traffic(id, { limit: 100_000 }).some((e) => e.kind === "stream_resumed"), 20_000);
      const resumed = registry.traffic(id, { limit: 100_000 }).find((e) => e.kind === "stream_resumed")!;
      expect(resumed.raw).toMatchObject({ lastEventId: expect.any(String), status: 200 });
      // Give the replay time to arrive, then check every response id appears once.
      await new Promise((r) => setTimeout(r, 1_000));
      const responses = frames(id)
        .filter((e) => e.direction === "in" && "id" in (e.raw as object) && !("method" in (e.raw as object)))
        .map((e) => (e.raw as { id: unknown }).id);
      expect(responses.length).toBeGreaterThanOrEqual(5);
      expect(new Set(responses).size).toBe(responses.length);
      expect(registry.view(id).state.status).toBe("connected");
      expect((await registry.callTool(id, { name: "get-sum", arguments: { a: 2, b: 2 } })).status).toBe("ok");
      await registry.disconnect(id);
    } finally {
      await proxy.close();
      await upstream.stop();
    }
  }, 60_000);
});
