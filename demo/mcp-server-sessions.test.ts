import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoRuntime } from "./mcp/server";
import { serveDemoHttp } from "./mcp/serve-http";
import type { DemoHttpServer } from "./mcp/serve-http";

/**
 * 2025-11-25 sessions over HTTP end after an idle time (here 400 ms instead of the default 30
 * minutes): a later request with the ended session's id gets 404, as the spec says for an
 * unknown session. A session in use, or with its GET stream open, stays.
 */

const IDLE_MS = 400;
let http: DemoHttpServer;
beforeAll(async () => {
  http = await serveDemoHttp(createDemoRuntime(), { port: 7113, sessionIdleMs: IDLE_MS });
});
afterAll(async () => {
  await http?.close();
});

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openSession(): Promise<string> {
  const response = await fetch(http.url, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "idle-test", version: "0" } },
    }),
  });
  const id = response.headers.get("mcp-session-id");
  await response.body?.cancel();
  expect(id).toBeTruthy();
  await fetch(http.url, {
    method: "POST",
    headers: { ...HEADERS, "mcp-session-id": id!, "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  return id!;
}

const listTools = (session: string) =>
  fetch(http.url, {
    method: "POST",
    headers: { ...HEADERS, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
  });

describe("demo MCP server over HTTP: idle 2025-11-25 sessions", () => {
  it("ends a session nobody used for the idle time: its id then gets 404", async () => {
    const session = await openSession();
    expect((await listTools(session)).status).toBe(200);
    await sleep(IDLE_MS * 3);
    const after = await listTools(session);
    expect(after.status).toBe(404);
    expect(((await after.json()) as { error: { code: number } }).error.code).toBe(-32001);
  });

  it("keeps a session that keeps being used, and one whose GET stream is open", async () => {
    const busy = await openSession();
    for (let i = 0; i < 6; i++) {
      await sleep(IDLE_MS / 2);
      const response = await listTools(busy);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const listening = await openSession();
    const stream = await fetch(http.url, {
      headers: { accept: "text/event-stream", "mcp-session-id": listening, "mcp-protocol-version": "2025-11-25" },
    });
    expect(stream.status).toBe(200);
    await sleep(IDLE_MS * 3);
    expect((await listTools(listening)).status).toBe(200);
    await stream.body?.cancel();
  });

  it("ends a session its client deletes", async () => {
    const session = await openSession();
    const deleted = await fetch(http.url, {
      method: "DELETE",
      headers: { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
    });
    expect(deleted.status).toBe(200);
    expect((await listTools(session)).status).toBe(404);
  });
});
