import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * What a 2025-11-25 client that sends a malformed tools/call (or another malformed request) gets
 * from the tap, against a real tap of server-everything (issue 23): the tap's session dispatches
 * messages by shape and forwards a well-formed tools/call without the SDK's per-message zod parse,
 * so a bad one must still get the SDK's own code and words, and nothing bad may reach the server.
 */

const data = tempDir("loupe-tap-bad-input-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_TAP_JSON_HOLD_MS = "10000";
const PORT = 9013;

let host: TapHostServer;
let tap: TapSecret;
let connectionId: string;

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("bad input", [EVERYTHING, "stdio"]));
  connectionId = view.id;
  tap = getTaps().tapConnection(view.id, {});
}, 60_000);

afterAll(async () => {
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

const headers = (session?: string): Record<string, string> => ({
  authorization: `Bearer ${tap.key}`,
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } : {}),
});
const post = (body: unknown, session?: string) => fetch(tap.url, { method: "POST", headers: headers(session), body: JSON.stringify(body) });

async function openSession(): Promise<string> {
  const init = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bad-input", version: "0" } },
  });
  expect(init.status).toBe(200);
  const session = init.headers.get("mcp-session-id");
  if (!session) throw new Error("initialize opened no session");
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
  return session;
}

/** The tools/call request frames Loupe sent to the server on this connection so far. */
function callsSentUpstream(): unknown[] {
  return getRegistry()
    .connection(connectionId)
    .hub.list(connectionId, { limit: 1000 })
    .filter((e) => e.protocol === "mcp" && e.direction === "out")
    .map((e) => e.raw)
    .filter((raw) => typeof raw === "object" && raw !== null && "method" in raw && raw.method === "tools/call");
}

describe("a malformed request through a 2025-11-25 tap session", () => {
  it("answers a tools/call whose params break the schema with the SDK's code and words, and sends nothing upstream", async () => {
    const session = await openSession();
    const before = callsSentUpstream().length;
    // A bad name or arguments: the tap's own words (tap-sdk-server.ts); a bad task: the SDK's zod words.
    const cases: { params: unknown; code: number; words: RegExp }[] = [
      { params: { name: 7, arguments: {} }, code: -32602, words: /^Invalid tools\/call request: params need a name/ },
      { params: { name: "echo", arguments: ["not", "an", "object"] }, code: -32602, words: /^Invalid tools\/call request/ },
      { params: { name: "echo", arguments: { message: "x" }, task: { ttl: "soon" } }, code: -32603, words: /ttl/ },
    ];
    let id = 10;
    for (const c of cases) {
      id += 1;
      const res = await post({ jsonrpc: "2.0", id, method: "tools/call", params: c.params }, session);
      expect(res.status, JSON.stringify(c.params)).toBe(200);
      const error = { code: c.code, message: expect.stringMatching(c.words) };
      expect(await res.json(), JSON.stringify(c.params)).toMatchObject({ jsonrpc: "2.0", id, error });
    }
    // A bad _meta makes it no JSON-RPC message to the SDK's schema: refused as the SDK's transport
    // refuses one (it was let through, then dropped by the SDK's Server unanswered: the client hung).
    for (const meta of [{ progressToken: { no: 1 } }, "not an object", { "io.modelcontextprotocol/related-task": {} }]) {
      id += 1;
      const params = { name: "echo", arguments: { message: "x" }, _meta: meta };
      const res = await post({ jsonrpc: "2.0", id, method: "tools/call", params }, session);
      expect(res.status, JSON.stringify(meta)).toBe(400);
      expect(await res.json()).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32700, message: "Parse error: Invalid JSON-RPC message" },
      });
    }
    expect(callsSentUpstream()).toHaveLength(before);
    // A well-formed call after them still goes through, unchanged.
    const ok = await post(
      { jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "echo", arguments: { message: "fine" } } },
      session,
    );
    expect(await ok.json()).toEqual({ jsonrpc: "2.0", id: 99, result: { content: [{ type: "text", text: "Echo: fine" }] } });
  }, 30_000);

  it("answers other malformed requests as the SDK does: unknown method, bad params of a handled method", async () => {
    const session = await openSession();
    const unknown = await post({ jsonrpc: "2.0", id: 2, method: "tools/frobnicate", params: {} }, session);
    expect(await unknown.json()).toEqual({ jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found" } });
    const badRead = await post({ jsonrpc: "2.0", id: 3, method: "resources/read", params: { uri: 5 } }, session);
    expect(await badRead.json()).toMatchObject({ id: 3, error: { code: -32603, message: expect.stringMatching(/uri/) } });
    const badPrompt = await post({ jsonrpc: "2.0", id: 4, method: "prompts/get", params: {} }, session);
    expect(await badPrompt.json()).toMatchObject({ id: 4, error: { code: -32603, message: expect.stringMatching(/name/) } });
  }, 30_000);
});
