import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { TapSecret } from "@/lib/contracts/taps";
import { getApprovals } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { tapProof } from "@/lib/server/mcp/tap/proof";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import * as tapRoute from "@/app/api/connections/[id]/tap/route";
import * as tapByIdRoute from "@/app/api/taps/[tapId]/route";

/**
 * The tap seen by a hostile local program or web page, and by a user who turns a tap off or
 * rotates its key: the old key must stop at once, open streams and waiting calls included.
 */
const data = tempDir("loupe-tap-hostile-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 8751;

let host: TapHostServer;
let connectionId: string;

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const tapCtx = (tapId: string) => ({ params: Promise.resolve({ tapId }) });
const json = (method: string, body: unknown) =>
  new Request("http://127.0.0.1/x", { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]));
  connectionId = view.id;
  expect(getRegistry().get(connectionId)?.state.status).toBe("connected");
});

afterAll(async () => {
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

async function turnOn(settings: Record<string, unknown> = {}): Promise<TapSecret> {
  const res = await tapRoute.POST(json("POST", settings), ctx(connectionId));
  expect(res.status).toBe(200);
  return (await res.json()) as TapSecret;
}

const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

/** A raw 2025-11-25 session: initialize, initialized, then its GET stream held open. */
async function openSession(secret: TapSecret): Promise<{ sessionId: string; stream: ReadableStreamDefaultReader<Uint8Array> }> {
  const auth = { authorization: `Bearer ${secret.key}` };
  const init = await fetch(secret.url, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...auth },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "hostile", version: "1" } },
    }),
  });
  expect(init.status).toBe(200);
  const sessionId = init.headers.get("mcp-session-id")!;
  expect(sessionId).toBeTruthy();
  await init.text();
  const initialized = await fetch(secret.url, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...auth, "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  expect(initialized.status).toBe(202);
  const get = await fetch(secret.url, {
    method: "GET",
    headers: { ...auth, accept: "text/event-stream", "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
  });
  expect(get.status).toBe(200);
  return { sessionId, stream: get.body!.getReader() };
}

/** Reads the stream to its end; "open" when it is still open after `ms`. */
async function endsWithin(stream: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<"ended" | "open"> {
  const timer = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms));
  const drained = (async () => {
    for (;;) {
      const { done } = await stream.read().catch(() => ({ done: true }));
      if (done) return "ended" as const;
    }
  })();
  const outcome = await Promise.race([drained, timer]);
  if (outcome === "open") void stream.cancel().catch(() => undefined);
  return outcome;
}

describe("turning a tap off or rotating its key stops the old key at once", () => {
  it("DELETE /api/connections/:id/tap ends the sessions the old key opened (their GET stream closes)", async () => {
    const secret = await turnOn();
    const { stream } = await openSession(secret);
    const res = await tapRoute.DELETE(new Request("http://x", { method: "DELETE" }), ctx(connectionId));
    expect(res.status).toBe(204);
    expect(await endsWithin(stream, 3_000)).toBe("ended");
  });

  it("POST /api/connections/:id/tap with rotate ends the old key's sessions", async () => {
    const secret = await turnOn();
    const { stream } = await openSession(secret);
    const rotated = await turnOn({ rotate: true });
    expect(rotated.key).not.toBe(secret.key);
    expect(await endsWithin(stream, 3_000)).toBe("ended");
  });

  it("PATCH /api/taps/:id with rotate ends the old key's sessions", async () => {
    const secret = await turnOn();
    const { stream } = await openSession(secret);
    const res = await tapByIdRoute.PATCH(json("PATCH", { rotate: true }), tapCtx(connectionId));
    expect(res.status).toBe(200);
    expect(await endsWithin(stream, 3_000)).toBe("ended");
  });

  it("a call waiting for approval when the tap is turned off goes stale: approving it later sends nothing", async () => {
    const secret = await turnOn({ policy: "always" });
    const { sessionId } = await openSession(secret);
    const calls = () => getRegistry().listCalls(connectionId, { tool: "echo" }).length;
    const before = calls();
    const pending = fetch(secret.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: `Bearer ${secret.key}`, "mcp-session-id": sessionId },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "echo", arguments: { message: "after the tap is off" } },
      }),
    }).then(
      (r) => r.text().catch(() => ""),
      () => "",
    );
    let approvalId: string | undefined;
    const deadline = Date.now() + 10_000;
    while (!approvalId && Date.now() < deadline) {
      approvalId = getApprovals()
        .list({ status: "pending" })
        .find(
          (a) =>
            a.origin.kind === "tap" &&
            a.origin.tapId === connectionId &&
            (a.arguments as { message?: string }).message === "after the tap is off",
        )?.id;
      if (!approvalId) await new Promise((r) => setTimeout(r, 25));
    }
    expect(approvalId).toBeTruthy();
    const res = await tapRoute.DELETE(new Request("http://x", { method: "DELETE" }), ctx(connectionId));
    expect(res.status).toBe(204);
    // Closing the session aborts the waiting call: its approval goes stale, and an answer is refused.
    const staleBy = Date.now() + 3_000;
    while (getApprovals().get(approvalId!).status === "pending" && Date.now() < staleBy) await new Promise((r) => setTimeout(r, 25));
    expect(getApprovals().get(approvalId!).status).toBe("stale");
    expect(() => getApprovals().answer(approvalId!, { action: "approve" })).toThrow(/no longer waits/);
    await pending;
    await new Promise((r) => setTimeout(r, 200));
    expect(calls()).toBe(before);
  });
});

describe("loupe tap --url never hands a tap's key to another address", () => {
  it("does not send the key taps.json holds for a tap id to a URL that is not that tap's own", async () => {
    const dir = tempDir("loupe-tap-bin-url-");
    const KEY = "the-real-tap-key-of-c1";
    writeFileSync(
      path.join(dir.dir, "taps.json"),
      JSON.stringify({ port: 8799, taps: [{ id: "c1", name: "one", url: "http://127.0.0.1:8799/mcp/c1", key: KEY }] }),
      { mode: 0o600 },
    );
    const seen: string[] = [];
    // Another server, whose URL ends in the same tap id (a config snippet someone shared, a typo'd port).
    const other = http.createServer((req, res) => {
      // Plays the Loupe holding KEY on 8752 for the bin's proof (tap-proof.test.ts: an impostor cannot).
      const proof = /^\/mcp\/c1\/proof\?nonce=([0-9a-f]{64})$/.exec(req.url ?? "");
      if (proof)
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ proof: tapProof(KEY, "8752", "c1", proof[1]!) }));
      seen.push(String(req.headers.authorization ?? ""));
      res.writeHead(401, { "content-type": "application/json" });
      res.end("{}");
    });
    await new Promise<void>((resolve) => other.listen(8752, "127.0.0.1", () => resolve()));
    try {
      const child = spawn(process.execPath, ["bin/loupe.mjs", "tap", "--url", "http://127.0.0.1:8752/mcp/c1", "--data-dir", dir.dir], {
        stdio: ["pipe", "pipe", "pipe"],
        env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "LOUPE_TAP_KEY")) as NodeJS.ProcessEnv,
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } } })}\n`,
      );
      const exited = await Promise.race([
        new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code))),
        new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 5_000)),
      ]);
      if (exited === "running") child.kill();
      expect(seen.join("\n")).not.toContain(KEY);
      expect(exited).toBe(2);
      expect(stderr).toMatch(/no key for http:\/\/127\.0\.0\.1:8752\/mcp\/c1/);

      // The tap's own URL (written with another loopback name) still finds its key in taps.json.
      writeFileSync(
        path.join(dir.dir, "taps.json"),
        JSON.stringify({ port: 8752, taps: [{ id: "c1", name: "one", url: "http://localhost:8752/mcp/c1", key: KEY }] }),
        { mode: 0o600 },
      );
      const own = spawn(process.execPath, ["bin/loupe.mjs", "tap", "--url", "http://127.0.0.1:8752/mcp/c1", "--data-dir", dir.dir], {
        stdio: ["pipe", "pipe", "pipe"],
        env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "LOUPE_TAP_KEY")) as NodeJS.ProcessEnv,
      });
      own.stdin.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } } })}\n`,
      );
      const deadline = Date.now() + 5_000;
      while (!seen.includes(`Bearer ${KEY}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      own.kill();
      expect(seen).toContain(`Bearer ${KEY}`);
    } finally {
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
      dir.cleanup();
    }
  });
});

describe("a web page (another local port, a sandboxed frame, a rebinding name) cannot use a tap", () => {
  const raw = (secret: TapSecret, method: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      void import("node:http").then((http) => {
        const req = http.request(secret.url, { method, headers }, (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        });
        req.on("error", reject);
        req.end(body);
      });
    });
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "page", version: "1" } },
  });

  it("refuses Origin null, a same-site page, a preflight, a text/plain simple POST and foreign Host names, even with the key", async () => {
    const secret = await turnOn();
    const auth = { authorization: `Bearer ${secret.key}`, accept: "application/json, text/event-stream" };
    const refused: [string, string, Record<string, string>][] = [
      ["Origin null (sandboxed frame, file://)", "POST", { ...auth, "content-type": "application/json", origin: "null" }],
      [
        "a page on another local port",
        "POST",
        { ...auth, "content-type": "application/json", origin: "http://127.0.0.1:8753", "sec-fetch-site": "same-site" },
      ],
      ["same-site without Origin", "POST", { ...auth, "content-type": "application/json", "sec-fetch-site": "same-site" }],
      ["a cross-site navigation", "GET", { accept: "text/event-stream", "sec-fetch-site": "cross-site" }],
      [
        "a CORS preflight",
        "OPTIONS",
        {
          origin: "http://evil.test",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,content-type",
        },
      ],
      ["a text/plain simple POST", "POST", { "content-type": "text/plain", origin: "http://evil.test", "sec-fetch-site": "cross-site" }],
      ["an https Origin of Loupe's own port", "POST", { ...auth, "content-type": "application/json", origin: `https://127.0.0.1:${PORT}` }],
      ["DNS rebinding (Host evil.test)", "POST", { ...auth, "content-type": "application/json", host: `evil.test:${PORT}` }],
      ["a Host without the port", "POST", { ...auth, "content-type": "application/json", host: "127.0.0.1" }],
    ];
    for (const [what, method, headers] of refused) {
      const res = await raw(secret, method, headers, method === "POST" ? initialize : undefined);
      expect({ what, status: res.status }).toEqual({ what, status: 403 });
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    }
    // Loupe's own page and a plain MCP client pass the gate.
    const own = await raw(
      secret,
      "POST",
      { ...auth, "content-type": "application/json", origin: `http://localhost:${PORT}`, host: `localhost:${PORT}` },
      initialize,
    );
    expect(own.status).toBe(200);
  });
});

describe("deleting a connection served by an aggregate tap", () => {
  it("ends the aggregate's sessions: the old key's stream does not keep receiving the other servers' notifications", async () => {
    const a = await getRegistry().create(stdioInput("agg-a", [EVERYTHING, "stdio"]));
    const b = await getRegistry().create(stdioInput("agg-b", [EVERYTHING, "stdio"]));
    const secret = getTaps().createAggregate({ name: "both", connectionIds: [a.id, b.id] });
    const { stream } = await openSession(secret);
    await getRegistry().remove(a.id);
    expect(getTaps().get(secret.tap.id)).toBeUndefined();
    expect(await endsWithin(stream, 3_000)).toBe("ended");
    await getRegistry().remove(b.id);
  });
});

describe("an upstream's log message during a tapped call", () => {
  it("reaches the calling client once, even when another tap (an aggregate) serves the same connection", async () => {
    const fixture = path.join(process.cwd(), "tests/fixtures/log-during-call-server.mjs");
    const conn = await getRegistry().create(stdioInput("logger", [fixture]));
    expect(getRegistry().get(conn.id)?.state.status).toBe("connected");
    const own = getTaps().tapConnection(conn.id);
    const agg = getTaps().createAggregate({ name: "logger-agg", connectionIds: [conn.id] });
    const connect = async (secret: TapSecret, name: string) => {
      const client = new Client({ name, version: "1" }, { capabilities: {}, versionNegotiation: { mode: "legacy" } });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
      );
      return client;
    };
    const caller = await connect(own, "caller");
    const other = await connect(agg, "other");
    const seen: { who: string; data: unknown }[] = [];
    caller.setNotificationHandler("notifications/message", (n) => void seen.push({ who: "caller", data: n.params.data }));
    other.setNotificationHandler("notifications/message", (n) => void seen.push({ who: "other", data: n.params.data }));
    try {
      // The aggregate's client lists once, so its tap is being served (its host watches the connection).
      await other.listTools();
      const result = await caller.callTool({ name: "log-once", arguments: { tag: "one" } });
      expect(JSON.stringify(result.content)).toContain("done one");
      await new Promise((r) => setTimeout(r, 300));
      // Once to the caller (on its call's stream); the aggregate's client, with no call running,
      // gets the server's log on its session's stream as any tap client does.
      expect(seen.filter((s) => s.who === "caller" && s.data === "log of one")).toHaveLength(1);
    } finally {
      await caller.close().catch(() => undefined);
      await other.close().catch(() => undefined);
      await getRegistry().remove(conn.id);
    }
  });
});

describe("an approval that lands just as its caller gives up", () => {
  it("sends nothing upstream when the caller's signal is already aborted as the call starts", async () => {
    const sentBefore = getRegistry()
      .traffic(connectionId, { limit: 5000 })
      .filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "tools/call").length;
    const record = await getRegistry().callTool(
      connectionId,
      { name: "echo", arguments: { message: "too late" } },
      { origin: { kind: "tap", tapId: connectionId }, signal: AbortSignal.abort("the client left") },
    );
    expect(record.status).not.toBe("ok");
    await new Promise((r) => setTimeout(r, 200));
    const sentAfter = getRegistry()
      .traffic(connectionId, { limit: 5000 })
      .filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "tools/call").length;
    expect(sentAfter).toBe(sentBefore);
    // The count does see a call that is sent.
    expect((await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "in time" } })).status).toBe("ok");
    const sentLater = getRegistry()
      .traffic(connectionId, { limit: 5000 })
      .filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "tools/call").length;
    expect(sentLater).toBe(sentBefore + 1);
  });
});

describe("a 2026-07-28 call waiting for approval when its tap is turned off", () => {
  it("goes stale: the old key's waiting call cannot be approved afterwards", async () => {
    const secret = await turnOn({ policy: "always" });
    const client = new Client(
      { name: "modern-hostile", version: "1" },
      { capabilities: {}, versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
    );
    try {
      const pending = client.callTool({ name: "echo", arguments: { message: "modern, tap off" } }).then(
        () => "answered",
        () => "failed",
      );
      let approvalId: string | undefined;
      const deadline = Date.now() + 10_000;
      while (!approvalId && Date.now() < deadline) {
        approvalId = getApprovals()
          .list({ status: "pending" })
          .find((a) => (a.arguments as { message?: string }).message === "modern, tap off")?.id;
        if (!approvalId) await new Promise((r) => setTimeout(r, 25));
      }
      expect(approvalId).toBeTruthy();
      expect((await tapRoute.DELETE(new Request("http://x", { method: "DELETE" }), ctx(connectionId))).status).toBe(204);
      const staleBy = Date.now() + 3_000;
      while (getApprovals().get(approvalId!).status === "pending" && Date.now() < staleBy) await new Promise((r) => setTimeout(r, 25));
      expect(getApprovals().get(approvalId!).status).toBe("stale");
      expect(await pending).toBe("failed");
    } finally {
      await client.close().catch(() => undefined);
    }
  });
});

describe("one tap's key", () => {
  it("opens no other tap: an aggregate's key on the connection's tap (and the reverse) is 401", async () => {
    const own = await turnOn();
    const agg = getTaps().createAggregate({ name: "key-swap", connectionIds: [connectionId] });
    const init = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "swap", version: "1" } },
    });
    const send = (url: string, key: string) =>
      fetch(url, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` }, body: init });
    expect((await send(own.url, agg.key)).status).toBe(401);
    expect((await send(agg.url, own.key)).status).toBe(401);
    expect((await send(agg.url, agg.key)).status).toBe(200);
    getTaps().delete(agg.tap.id);
  });
});
