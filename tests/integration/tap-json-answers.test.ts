import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * The tap's 2025-11-25 answers on the wire (issue 23, node-transport.ts), against a real tap of
 * server-everything: a request answered at once goes back as one JSON body; a call that has
 * something to say before its result (progress, or its server asking the client a question) turns
 * into an SSE stream with a priming event, and the client's answer to that question, POSTed on its
 * own, reaches the server and the call ends on the same stream. A malformed request gets the SDK's
 * code and words (the session dispatches by shape and forwards a well-formed tools/call without
 * the SDK's zod parse), and nothing bad reaches the server.
 */

const data = tempDir("loupe-tap-json-");
process.env.LOUPE_DATA_DIR = data.dir;
// "Ready at once" must not depend on how loaded the machine is: a call answered within 10 s leaves
// as JSON here (200 ms by default). The streams below open because something must go first, not on time.
process.env.LOUPE_TAP_JSON_HOLD_MS = "10000";
const PORT = 9011;

let host: TapHostServer;
let tap: TapSecret;
let connectionId: string;

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("json answers", [EVERYTHING, "stdio"]));
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

async function openSession(capabilities: Record<string, unknown> = {}): Promise<string> {
  const init = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "json-answers", version: "0" } },
  });
  expect(init.status).toBe(200);
  expect(init.headers.get("content-type")).toBe("application/json");
  expect(await init.json()).toMatchObject({ id: 1, result: { protocolVersion: "2025-11-25" } });
  const session = init.headers.get("mcp-session-id");
  if (!session) throw new Error("initialize opened no session");
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
  return session;
}

/** The SSE events of a stream as they come: each event's fields. */
async function* events(res: Response): AsyncGenerator<{ id?: string; retry?: string; data: string }> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split("\n")
          .filter((line) => line && !line.startsWith(":"))
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
      );
      if (Object.keys(fields).length > 0) yield { ...fields, data: fields.data ?? "" };
    }
  }
}

describe("a 2025-11-25 tap session's answers", () => {
  it("answers a call ready at once in JSON, with the session id", async () => {
    const session = await openSession();
    const res = await post(
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { message: "json please" } } },
      session,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("mcp-session-id")).toBe(session);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: { content: [{ type: "text", text: "Echo: json please" }] },
    });
    // A batch of requests answered at once: one JSON array, in the order of the answers.
    const batch = await post(
      [
        { jsonrpc: "2.0", id: 3, method: "ping" },
        { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "echo", arguments: { message: "b" } } },
      ],
      session,
    );
    expect(batch.headers.get("content-type")).toBe("application/json");
    const answers = (await batch.json()) as { id: number }[];
    expect(answers.map((a) => a.id).sort()).toEqual([3, 4]);
  }, 30_000);

  it("streams a call whose progress comes before its result: priming event, progress, then the result", async () => {
    const session = await openSession();
    const res = await post(
      {
        jsonrpc: "2.0",
        id: 5,
        method: "tools/call",
        params: { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 2 }, _meta: { progressToken: "p5" } },
      },
      session,
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const seen: { id?: string; retry?: string; data: string }[] = [];
    for await (const event of events(res)) seen.push(event);
    expect(seen[0]).toMatchObject({ retry: "1000", data: "" });
    expect(seen[0]!.id).toBeTruthy();
    const messages = seen.slice(1).map((e) => JSON.parse(e.data) as Record<string, unknown>);
    expect(messages.filter((m) => m.method === "notifications/progress").length).toBeGreaterThanOrEqual(1);
    expect(messages.at(-1)).toMatchObject({ id: 5, result: { content: [expect.objectContaining({ type: "text" })] } });
  }, 30_000);

  it("turns a call into a stream when its server asks the client mid-call, and finishes it with the client's answer", async () => {
    const session = await openSession({ sampling: {} });
    const res = await post(
      {
        jsonrpc: "2.0",
        id: 6,
        method: "tools/call",
        params: { name: "trigger-sampling-request", arguments: { prompt: "mid-call", maxTokens: 5 } },
      },
      session,
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    let result: Record<string, unknown> | undefined;
    for await (const event of events(res)) {
      if (!event.data) continue;
      const message = JSON.parse(event.data) as { id?: number | string; method?: string; result?: Record<string, unknown> };
      if (message.method === "sampling/createMessage") {
        // The client answers the server's question on a POST of its own: accepted, no body.
        const answer = await post(
          {
            jsonrpc: "2.0",
            id: message.id,
            result: { role: "assistant", content: { type: "text", text: "sampled mid-call" }, model: "m", stopReason: "endTurn" },
          },
          session,
        );
        expect(answer.status).toBe(202);
      } else if (message.id === 6) result = message.result;
    }
    expect(JSON.stringify(result)).toContain("sampled mid-call");
  }, 30_000);

  it("keeps the SDK transport's checks: a wrong session is 404, an unsupported version 400, a bad Accept 406", async () => {
    const session = await openSession();
    const ping = { jsonrpc: "2.0", id: 7, method: "ping" };
    const wrongVersion = await fetch(tap.url, {
      method: "POST",
      headers: { ...headers(session), "mcp-protocol-version": "1999-01-01" },
      body: JSON.stringify(ping),
    });
    expect(wrongVersion.status).toBe(400);
    expect(((await wrongVersion.json()) as { error: { message: string } }).error.message).toMatch(
      /Unsupported protocol version: 1999-01-01/,
    );
    const jsonOnly = await fetch(tap.url, {
      method: "POST",
      headers: { ...headers(session), accept: "application/json" },
      body: JSON.stringify(ping),
    });
    expect(jsonOnly.status).toBe(406);
    const notRpc = await post({ jsonrpc: "2.0", id: 8, method: "ping", extra: true }, session);
    expect(notRpc.status).toBe(400);
    const unknown = await post(ping, "not-a-session");
    expect(unknown.status).toBe(404);
  }, 30_000);
});

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
    // Arguments nested deeper than 512 levels: refused in words (8,000 levels overflowed the stack, a -32603).
    for (const depth of [3_000, 8_000]) {
      id += 1;
      const deep = "[".repeat(depth) + "]".repeat(depth);
      const text = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"message":${deep}}}}`;
      const res = await fetch(tap.url, { method: "POST", headers: headers(session), body: text });
      expect(res.status, `${depth} levels`).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: -32600, message: "Invalid request: the JSON is nested deeper than 512 levels" },
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
