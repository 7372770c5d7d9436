import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { TapSecret } from "@/lib/contracts/taps";
import type { CallRecord } from "@/lib/contracts/calls";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { SESSION_IDLE_MS, closeAllTapHosts, sweepTapSessions } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import * as tapRoute from "@/app/api/connections/[id]/tap/route";
import * as connectionRoute from "@/app/api/connections/[id]/route";
import { settledCalls, tapExchanges } from "@/tests/support/tapped-calls";

// The singletons read LOUPE_DATA_DIR lazily, on first use below.
const data = tempDir("loupe-tap-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 8650;

let host: TapHostServer;
let everything: string;
let secret: TapSecret;
const clients: Client[] = [];

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (body: unknown) =>
  new Request("http://127.0.0.1/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

async function connectClient(url: string, key: string, era: "legacy" | "modern", name = "tap-test-client"): Promise<Client> {
  const client = new Client(
    { name, version: "9.9.9" },
    { capabilities: {}, versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]));
  everything = view.id;
  expect(getRegistry().get(everything)?.state.status).toBe("connected");
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

describe("the tap store and its routes", () => {
  it("turns a connection's tap on, shows it without the key, and writes taps.json (0600)", async () => {
    const res = await tapRoute.POST(post({}), ctx(everything));
    expect(res.status).toBe(200);
    secret = (await res.json()) as TapSecret;
    expect(secret.url).toBe(`http://127.0.0.1:${PORT}/mcp/${everything}`);
    expect(Buffer.from(secret.key, "base64url").length).toBeGreaterThanOrEqual(32);
    expect(secret.tap).toMatchObject({
      id: everything,
      kind: "connection",
      name: "everything",
      policy: "never",
      keyHint: secret.key.slice(-4),
    });

    const again = (await (await tapRoute.POST(post({}), ctx(everything))).json()) as TapSecret;
    expect(again.key).toBe(secret.key);
    const view = (await (await connectionRoute.GET(new Request("http://x"), ctx(everything))).json()) as Record<string, unknown>;
    expect(view.tap).toMatchObject({ id: everything, url: secret.url });
    expect(JSON.stringify(view)).not.toContain(secret.key);

    const file = path.join(data.dir, "taps.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      port: PORT,
      taps: [{ id: everything, name: "everything", url: secret.url, key: secret.key }],
    });
  });

  it("says a connection is not tapped in a 200 ({ tap: null }: the Tap tab asks each time it opens, and a 404 was an error in the browser's console); 404 for a connection that does not exist", async () => {
    const other = await getRegistry().create(stdioInput("untapped", [EVERYTHING, "stdio"]), { connect: false });
    const res = await tapRoute.GET(new Request("http://x"), ctx(other.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ tap: null });
    await getRegistry().remove(other.id);
    const gone = await tapRoute.GET(new Request("http://x"), ctx(other.id));
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe("not_found:connection");
  });
});

describe("serving a connection over Streamable HTTP (2025-11-25)", () => {
  it("lists the upstream's tools unchanged and calls one through the CallRunner, origin tap", async () => {
    const client = await connectClient(secret.url, secret.key, "legacy");
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    const upstream = await getRegistry().listTools(everything, { refresh: true });
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name).sort()).toEqual(upstream.tools.map((t) => t.name).sort());
    expect(listed.tools.find((t) => t.name === "echo")?.inputSchema).toEqual(upstream.tools.find((t) => t.name === "echo")?.inputSchema);

    const result = await client.callTool({ name: "echo", arguments: { message: "through the tap" } });
    expect(result.content).toEqual([{ type: "text", text: "Echo: through the tap" }]);
    const call = (await settledCalls(everything, { tool: "echo" }))[0]!;
    expect(call).toMatchObject({
      status: "ok",
      origin: { kind: "tap", tapId: everything, client: { name: "tap-test-client", version: "9.9.9" } },
    });
    const exchange = (await tapExchanges(everything, (xs) => xs.some((x) => x.callId === call.id))).find((x) => x.method === "tools/call");
    expect(exchange).toMatchObject({
      tapId: everything,
      era: "legacy",
      name: "echo",
      callId: call.id,
      outcome: "ok",
      client: { name: "tap-test-client" },
    });
    expect(typeof exchange?.totalMs).toBe("number");
    expect(typeof exchange?.upstreamMs).toBe("number");
    expect(getTaps().get(everything)?.clients[0]).toMatchObject({
      name: "tap-test-client",
      version: "9.9.9",
      protocolVersion: "2025-11-25",
    });
  });
});

describe("the tap's gate", () => {
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
  });
  const send = (headers: Record<string, string>, url = secret.url) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: initialize,
    });

  it("refuses no key, a wrong key and Loupe's login token with 401 and a Bearer challenge", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-the-key" },
      { authorization: `Bearer ${host.token}` },
      { "x-loupe-token": host.token },
    ];
    for (const headers of attempts) {
      const res = await send(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("refuses a browser Origin that is not Loupe's own, and a foreign Host, with 403", async () => {
    const auth = { authorization: `Bearer ${secret.key}` };
    expect((await send({ ...auth, origin: "http://evil.example" })).status).toBe(403);
    expect((await send({ ...auth, origin: "http://127.0.0.1:9999" })).status).toBe(403);
    // fetch() does not let a caller set Host: a raw request does, as a DNS-rebinding page's would arrive.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        secret.url,
        { method: "POST", headers: { ...auth, host: `evil.example:${PORT}`, "content-type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(initialize);
    });
    expect(status).toBe(403);
    expect((await send(auth)).status).toBe(200);
  });

  it("takes only a tap's current key: not another tap's, nor its own before a rotate", async () => {
    const view = await getRegistry().create(stdioInput("second-tap", [EVERYTHING, "stdio"]), { connect: false });
    const other = getTaps().tapConnection(view.id);
    const auth = (key: string) => ({ authorization: `Bearer ${key}` });
    try {
      // Each tap's key, in turn (the endpoint keeps the digest of the last key it compared).
      expect((await send(auth(other.key))).status).toBe(401);
      expect((await send(auth(secret.key), other.url)).status).toBe(401);
      expect((await send(auth(other.key), other.url)).status).not.toBe(401);
      expect((await send(auth(secret.key))).status).toBe(200);
      const rotated = getTaps().update(view.id, { rotate: true }).key;
      expect((await send(auth(other.key), other.url)).status).toBe(401);
      expect((await send(auth(rotated), other.url)).status).not.toBe(401);
      expect((await send(auth(other.key), other.url)).status).toBe(401);
    } finally {
      await connectionRoute.DELETE(new Request("http://x", { method: "DELETE" }), ctx(view.id));
    }
  });

  it("does not open /api with the tap key", async () => {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/connections`, { headers: { authorization: `Bearer ${secret.key}` } });
    expect(res.status).toBe(401);
  });

  it("refuses a body over the limit with 413", async () => {
    const big = "x".repeat(9 * 1024 * 1024);
    const res = await fetch(secret.url, {
      method: "POST",
      headers: { authorization: `Bearer ${secret.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { big } }),
    });
    expect(res.status).toBe(413);
  });
});

/** The tap client with sampling and elicitation declared and answered (by this test, as a model/user would). */
async function answeringClient(era: "legacy" | "modern", seen: { method: string; params: unknown }[]): Promise<Client> {
  const client = new Client(
    { name: `answering-${era}`, version: "1.0.0" },
    {
      capabilities: { sampling: {}, elicitation: { form: {} } },
      versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } },
    },
  );
  client.setRequestHandler("sampling/createMessage", async (request) => {
    seen.push({ method: request.method, params: request.params });
    return { role: "assistant", content: { type: "text", text: `sampled by ${era}` }, model: "test-model", stopReason: "endTurn" };
  });
  client.setRequestHandler("elicitation/create", async (request) => {
    seen.push({ method: request.method, params: request.params });
    return { action: "decline" };
  });
  const transport = new StreamableHTTPClientTransport(new URL(secret.url), {
    requestInit: { headers: { Authorization: `Bearer ${secret.key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");

describe.each(["legacy", "modern"] as const)("the %s era", (era) => {
  it("speaks the era and calls a tool", async () => {
    const client = await connectClient(secret.url, secret.key, era, `plain-${era}`);
    expect(client.getNegotiatedProtocolVersion()).toBe(era === "legacy" ? "2025-11-25" : "2026-07-28");
    const result = await client.callTool({ name: "get-sum", arguments: { a: 2, b: 40 } });
    expect(textOf(result)).toContain("42");
    const call = getRegistry().listCalls(everything, { tool: "get-sum" })[0]!;
    expect(call.origin).toMatchObject({ kind: "tap", client: { name: `plain-${era}` } });
  });

  it("forwards the upstream's sampling and elicitation to a client that declared them", async () => {
    const seen: { method: string; params: unknown }[] = [];
    const client = await answeringClient(era, seen);
    const inboxBefore = getClientRequests().list({ connectionId: everything }).length;
    const sampled = await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "hello", maxTokens: 5 } });
    expect(textOf(sampled)).toContain(`sampled by ${era}`);
    expect(seen[0]).toMatchObject({ method: "sampling/createMessage" });
    const elicited = await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    expect(textOf(elicited)).toContain("declined");
    expect(seen[1]).toMatchObject({ method: "elicitation/create" });
    // Nothing went to Loupe's inbox: the tap's client answered.
    expect(getClientRequests().list({ connectionId: everything }).length).toBe(inboxBefore);
    const forwards = getRegistry()
      .traffic(everything, { limit: 500 })
      .filter((e) => e.kind === "tap_forward")
      .map((e) => e.raw as { method: string; client?: { name: string } });
    expect(forwards.filter((f) => f.client?.name === `answering-${era}`).map((f) => f.method)).toEqual([
      "sampling/createMessage",
      "elicitation/create",
    ]);
  });

  it("sends a server request to Loupe's inbox when the client did not declare the capability", async () => {
    const client = await connectClient(secret.url, secret.key, era, `bare-${era}`);
    const before = new Set(
      getClientRequests()
        .list({ connectionId: everything })
        .map((r) => r.id),
    );
    const pending = client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "inbox", maxTokens: 5 } });
    let request: McpClientRequest | undefined;
    await until(
      () =>
        (request = getClientRequests()
          .list({ connectionId: everything })
          .find((r) => !before.has(r.id))) !== undefined,
    );
    expect(request).toMatchObject({ kind: "sampling", status: "pending" });
    await getClientRequests().answer(everything, request!.id, { action: "accept", text: "from the inbox" });
    expect(textOf(await pending)).toContain("from the inbox");
  });

  it("forwards progress with the client's token", async () => {
    const client = await connectClient(secret.url, secret.key, era, `progress-${era}`);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 3 } },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(textOf(result)).toContain("Long running operation completed");
    expect(progress).toEqual([1, 2, 3]);
  });

  it("cancels the upstream call when the client aborts", async () => {
    const client = await connectClient(secret.url, secret.key, era, `abort-${era}`);
    const controller = new AbortController();
    let gotProgress = false;
    const pending = client.callTool(
      { name: "trigger-long-running-operation", arguments: { duration: 30, steps: 30 } },
      { signal: controller.signal, onprogress: () => (gotProgress = true) },
    );
    await until(() => gotProgress);
    controller.abort("the test aborts");
    await expect(pending).rejects.toThrow();
    let call: CallRecord | undefined;
    await until(() => (call = getRegistry().listCalls(everything, { tool: "trigger-long-running-operation" })[0])?.status === "cancelled");
    const cancelled = getRegistry()
      .traffic(everything, { limit: 500 })
      .filter((e) => e.direction === "out" && (e.raw as { method?: string }).method === "notifications/cancelled")
      .map((e) => (e.raw as { params: { requestId: unknown } }).params.requestId);
    expect(cancelled).toContain(call!.requestId);
  });
});

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("a deleted connection", () => {
  it("takes its tap along: the key stops working and taps.json forgets it", async () => {
    const view = await getRegistry().create(stdioInput("short-lived", [EVERYTHING, "stdio"]), { connect: false });
    const tap = getTaps().tapConnection(view.id);
    const file = path.join(data.dir, "taps.json");
    expect((JSON.parse(readFileSync(file, "utf8")) as { taps: { id: string }[] }).taps.map((t) => t.id)).toContain(view.id);
    await connectionRoute.DELETE(new Request("http://x", { method: "DELETE" }), ctx(view.id));
    expect(getTaps().get(view.id)).toBeUndefined();
    expect((JSON.parse(readFileSync(file, "utf8")) as { taps: { id: string }[] }).taps.map((t) => t.id)).not.toContain(view.id);
    const res = await fetch(tap.url, {
      method: "POST",
      headers: { authorization: `Bearer ${tap.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(res.status).toBe(401);
  });
});

describe("a client whose HTTP request closes mid-call", () => {
  it("cancels the upstream call although it sent no notifications/cancelled", async () => {
    const headers = {
      authorization: `Bearer ${secret.key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const init = await fetch(secret.url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw-http", version: "1" } },
      }),
    });
    const session = { ...headers, "mcp-session-id": init.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    await init.text();
    await (
      await fetch(secret.url, {
        method: "POST",
        headers: session,
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      })
    ).text();
    const before = getRegistry().listCalls(everything, { tool: "trigger-long-running-operation" }).length;
    const controller = new AbortController();
    const res = await fetch(secret.url, {
      method: "POST",
      headers: session,
      signal: controller.signal,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "trigger-long-running-operation", arguments: { duration: 30, steps: 30 } },
      }),
    });
    expect(res.status).toBe(200);
    let call: CallRecord | undefined;
    await until(() => getRegistry().listCalls(everything, { tool: "trigger-long-running-operation" }).length > before);
    controller.abort();
    await until(() => (call = getRegistry().listCalls(everything, { tool: "trigger-long-running-operation" })[0])?.status === "cancelled");
    expect(call?.origin).toMatchObject({ kind: "tap", client: { name: "raw-http" } });
  });
});

describe("upstream notifications", () => {
  it("reach a 2025-11-25 client that subscribed to a resource through the tap", async () => {
    const client = await connectClient(secret.url, secret.key, "legacy", "subscriber");
    const updated: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (n) => {
      updated.push(n.params.uri);
    });
    const uri = (await client.listResources()).resources[0]!.uri;
    await client.subscribeResource({ uri });
    expect(getRegistry().get(everything)?.state.subscriptions).toContain(uri);
    await client.callTool({ name: "toggle-subscriber-updates", arguments: {} });
    try {
      await until(() => updated.includes(uri), 20_000);
    } finally {
      await client.callTool({ name: "toggle-subscriber-updates", arguments: {} });
    }
    await client.unsubscribeResource({ uri });
    expect(getRegistry().get(everything)?.state.subscriptions ?? []).not.toContain(uri);
  });
});

describe("an idle 2025-11-25 session", () => {
  it("is ended after SESSION_IDLE_MS without requests: the client gets 404 and initializes again", async () => {
    const headers = {
      authorization: `Bearer ${secret.key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const init = await fetch(secret.url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "idle", version: "1" } },
      }),
    });
    const session = { ...headers, "mcp-session-id": init.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    await init.text();
    const ping = () =>
      fetch(secret.url, { method: "POST", headers: session, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) });
    const first = await ping();
    expect(first.status).toBe(200);
    await first.text();
    sweepTapSessions(Date.now() + 1_000);
    expect((await ping()).status).toBe(200);
    sweepTapSessions(Date.now() + SESSION_IDLE_MS + 1);
    expect((await ping()).status).toBe(404);
  });
});
