import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { TapSecret } from "@/lib/contracts/taps";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import { settledCalls, tapExchanges } from "@/tests/support/tapped-calls";

/**
 * The legacy HTTP+SSE transport on the tap (issue 23): a client that speaks only it (the SDK v1's
 * SSEClientTransport: GET opens the stream, whose `endpoint` event names where to POST) lists and
 * calls server-everything's tools through the tap, behind the same key, recording, approval gate
 * and session cap as a Streamable HTTP client.
 */

const data = tempDir("loupe-tap-sse-");
process.env.LOUPE_DATA_DIR = data.dir;
const PORT = 8774;

let host: TapHostServer;
let connectionId: string;
let secret: TapSecret;
const clients: Client[] = [];

async function sseClient(url: string, key: string, name = "sse-only-client"): Promise<Client> {
  const client = new Client({ name, version: "0.1.0" });
  await client.connect(new SSEClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? "").join("\n");

beforeAll(async () => {
  host = await startTapHost(PORT);
  connectionId = (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
  secret = getTaps().tapConnection(connectionId);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
  delete process.env.LOUPE_TAP_MAX_SESSIONS;
});

describe("the legacy HTTP+SSE transport on a tap", () => {
  it("is listed beside the Streamable HTTP URL", () => {
    expect(secret.tap.sseUrl).toBe(`http://127.0.0.1:${PORT}/mcp/${connectionId}/sse`);
  });

  it("an SSEClientTransport lists and calls tools; the call is recorded with the tap as its origin", async () => {
    const client = await sseClient(secret.tap.sseUrl, secret.key);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("echo");
    const result = await client.callTool({ name: "echo", arguments: { message: "over SSE" } });
    expect(textOf(result)).toBe("Echo: over SSE");
    expect((await settledCalls(connectionId, { tool: "echo" }))[0]).toMatchObject({
      status: "ok",
      origin: { kind: "tap", tapId: connectionId, client: { name: "sse-only-client", version: "0.1.0" } },
    });
    const mine = (
      await tapExchanges<{ method: string; client?: { name: string } }>(connectionId, (xs) =>
        xs.some((x) => x.method === "tools/call" && x.client?.name === "sse-only-client"),
      )
    ).filter((x) => x.client?.name === "sse-only-client");
    expect(mine.map((x) => x.method)).toEqual(["tools/list", "tools/call"]);
    expect(
      getTaps()
        .get(connectionId)
        ?.clients.map((c) => c.name),
    ).toContain("sse-only-client");
  });

  it("given the tap's own URL, the SSE-only client's GET opens the same transport (the spec's backwards compatibility)", async () => {
    const client = await sseClient(secret.url, secret.key, "sse-plain-url");
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "plain" } }))).toBe("Echo: plain");
  });

  it("refuses a missing or wrong key (401), and a POST to a session that does not exist (404)", async () => {
    const bare = await fetch(secret.tap.sseUrl, { headers: { accept: "text/event-stream" } });
    expect(bare.status).toBe(401);
    const wrong = await fetch(secret.tap.sseUrl, { headers: { accept: "text/event-stream", authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/Wrong tap key/);
    const lost = await fetch(`${secret.url}/messages?sessionId=gone`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret.key}`, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(lost.status).toBe(404);
    expect(((await lost.json()) as { error: { message: string } }).error.message).toMatch(/Unknown or ended session: gone/);
    const auth = { authorization: `Bearer ${secret.key}` };
    expect((await fetch(secret.tap.sseUrl, { method: "POST", headers: auth, body: "{}" })).status).toBe(405);
    expect((await fetch(`${secret.url}/messages`, { headers: auth })).status).toBe(405);
  });

  it("takes one JSON-RPC message per POST: a batch or a non-message is 400, a reused id while it runs is 400", async () => {
    const stream = await fetch(secret.tap.sseUrl, { headers: { accept: "text/event-stream", authorization: `Bearer ${secret.key}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let head = "";
    while (!head.includes("event: endpoint")) head += new TextDecoder().decode((await reader.read()).value);
    const endpoint = /data: (\S+)/.exec(head.slice(head.indexOf("event: endpoint")))![1]!;
    expect(endpoint).toMatch(new RegExp(`^/mcp/${connectionId}/messages\\?sessionId=`));
    const post = (body: unknown) =>
      fetch(new URL(endpoint, secret.url), {
        method: "POST",
        headers: { authorization: `Bearer ${secret.key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post([{ jsonrpc: "2.0", id: 1, method: "ping" }])).status).toBe(400);
    expect((await post({ hello: "world" })).status).toBe(400);
    const init = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-sse", version: "1" } };
    expect((await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: init })).status).toBe(202);
    while (!head.includes('"id":0')) head += new TextDecoder().decode((await reader.read()).value);
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
    const slow = { name: "trigger-long-running-operation", arguments: { duration: 2, steps: 2 } };
    expect((await post({ jsonrpc: "2.0", id: 7, method: "tools/call", params: slow })).status).toBe(202);
    const again = await post({ jsonrpc: "2.0", id: 7, method: "ping" });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/id 7 is already used/);
    await reader.cancel();
  });

  it("a gated call waits for approval in the desk, as over Streamable HTTP", async () => {
    getTaps().update(connectionId, { policy: "always" });
    try {
      const client = await sseClient(secret.tap.sseUrl, secret.key, "sse-gated");
      const pending = client.callTool({ name: "echo", arguments: { message: "asks first" } });
      let approval: ToolApproval | undefined;
      await expect
        .poll(() => {
          approval = getApprovals()
            .list({ status: "pending" })
            .find((a: ToolApproval) => a.origin.kind === "tap" && a.origin.tapId === connectionId);
          return approval;
        })
        .toBeDefined();
      expect(approval).toMatchObject({ tool: "echo", origin: { client: { name: "sse-gated" } } });
      getApprovals().answer(approval!.id, { action: "approve" });
      expect(textOf(await pending)).toBe("Echo: asks first");
    } finally {
      getTaps().update(connectionId, { policy: "never" });
    }
  });

  it("counts against the tap's session cap: all busy → 503 in words", async () => {
    process.env.LOUPE_TAP_MAX_SESSIONS = String(clients.length);
    const refused = await fetch(secret.tap.sseUrl, { headers: { accept: "text/event-stream", authorization: `Bearer ${secret.key}` } });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/open sessions, all busy/);
    delete process.env.LOUPE_TAP_MAX_SESSIONS;
  });
});
