import { createServer } from "node:http";
import type { Server } from "node:http";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { createDemoRuntime } from "@/demo/mcp/server";
import { serveDemoHttp } from "@/demo/mcp/serve-http";
import type { DemoHttpServer } from "@/demo/mcp/serve-http";
import { freePort } from "@/tests/support/servers";

/**
 * `loupe tap` as a client sees it: the SDK v2 client over stdio, through the bin, to a real
 * Streamable HTTP server (the demo server, which speaks both eras), and the failure words when
 * nothing listens or the key is refused. tap-pack.test.ts runs it from a packed tarball against a
 * real Loupe tap.
 */

const BIN = path.resolve(import.meta.dirname, "../../bin/loupe.mjs");
// Ports the system gives (never fixed ones: another program, or another test file, may hold them).
let REFUSING_PORT = 0;
let DEAD_PORT = 0; // a free port taken and let go: nothing listens there
let SESSION_PORT = 0;
const listenAnywhere = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    }),
  );
let demo: DemoHttpServer;
let refusing: Server;
let sessions: Server;
const refusedAuth: string[] = [];
/** What the session server saw: method, session header, JSON-RPC method of the body. */
const seen: { method: string; session?: string; version?: string; rpc?: string }[] = [];

beforeAll(async () => {
  demo = await serveDemoHttp(createDemoRuntime(), { port: 0 });
  DEAD_PORT = await freePort();
  // Answers like a tap given a wrong key: 401 with a JSON-RPC error body without an id.
  refusing = createServer((req, res) => {
    refusedAuth.push(req.headers.authorization ?? "");
    req.resume();
    res
      .writeHead(401, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Unknown tap key" } }));
  });
  REFUSING_PORT = await listenAnywhere(refusing);
  // A minimal 2025-11-25 session server: gives a session id at initialize, no GET stream (405).
  sessions = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const rpc = body ? (JSON.parse(body) as { id?: number; method?: string }) : undefined;
      seen.push({
        method: req.method ?? "",
        session: req.headers["mcp-session-id"] as string | undefined,
        version: req.headers["mcp-protocol-version"] as string | undefined,
        rpc: rpc?.method,
      });
      if (req.method === "GET") return void res.writeHead(405).end();
      if (req.method === "DELETE") return void res.writeHead(200).end();
      if (rpc?.method === "initialize") {
        return void res.writeHead(200, { "content-type": "application/json", "mcp-session-id": "sess-1" }).end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: rpc.id,
            result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } },
          }),
        );
      }
      res.writeHead(202).end();
    });
  });
  SESSION_PORT = await listenAnywhere(sessions);
});
afterAll(async () => {
  await demo?.close();
  await new Promise((r) => refusing?.close(r));
  await new Promise((r) => sessions?.close(r));
});

function bridgeTransport(url: string, key = "test-key") {
  return new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "tap", "--url", url, "--key", key],
    env: { ...getDefaultEnvironment(), LOUPE_DATA_DIR: "/nonexistent-loupe-data" },
    stderr: "pipe",
  });
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

for (const { era, version } of [
  { era: "auto", version: "2026-07-28" },
  { era: "legacy", version: "2025-11-25" },
] as const) {
  describe(`the bridge, client era ${era}`, () => {
    let client: Client;
    const elicited: string[] = [];
    beforeAll(async () => {
      client = new Client(
        { name: "bridge-test", version: "1.0.0" },
        { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: era } },
      );
      client.setRequestHandler("elicitation/create", (request) => {
        elicited.push(String(request.params.message));
        return { action: "accept", content: { fullName: "Ada Lovelace", email: "ada@example.com" } };
      });
      await client.connect(bridgeTransport(`${demo.url}`));
    });
    afterAll(async () => {
      await client?.close();
    });

    it(`passes ${version} through: lists and calls tools`, async () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("plan-trip");
      const result = await client.callTool({ name: "get-forecast", arguments: { city: "Paris" } });
      expect(result.isError).toBeFalsy();
      expect(text(result)).toMatch(/Paris/);
    });

    it("carries a server→client request (elicitation) and the client's answer both ways", async () => {
      const result = await client.callTool({ name: "confirm-guest-details", arguments: { bookingId: "BK-100001" } });
      expect(elicited.some((m) => m.includes("BK-100001"))).toBe(true);
      expect(result.structuredContent).toMatchObject({ bookingId: "BK-100001", details: { fullName: "Ada Lovelace" } });
    });
  });
}

/** Raw lines through the bin, to see exactly what a client receives on failures. */
/** `settled`: also wait for this before closing stdin (the replies alone are awaited otherwise). */
async function rawExchange(
  args: string[],
  lines: unknown[],
  settled?: () => boolean,
): Promise<{ out: unknown[]; err: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, LOUPE_DATA_DIR: "/nonexistent-loupe-data" },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  for (const l of lines) child.stdin.write(`${JSON.stringify(l)}\n`);
  const want = lines.filter((l) => typeof l === "object" && l !== null && "id" in l).length;
  const until = Date.now() + 10_000;
  while ((out.split("\n").filter(Boolean).length < want || (settled && !settled())) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 50));
  child.stdin.end();
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  return {
    out: out
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as unknown),
    err,
    code,
  };
}

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};

describe("the bridge's failures, in words", () => {
  it("Loupe not running: the request gets a JSON-RPC error saying so, stderr too, and stdout stays JSON", async () => {
    const r = await rawExchange(["tap", "--url", `http://127.0.0.1:${DEAD_PORT}/mcp/c1`, "--key", "k"], [INIT]);
    expect(r.out).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32000,
          message: `Loupe is not running at http://127.0.0.1:${DEAD_PORT} (connection refused). Start Loupe (npm start) and turn the tap on.`,
        },
      },
    ]);
    expect(r.err).toMatch(/Loupe is not running/);
    expect(r.code).toBe(0);
  });

  it("a refused key: the client reads that the key was refused, with the tap's own words; the key went as a bearer token", async () => {
    const r = await rawExchange(["tap", "--url", `http://127.0.0.1:${REFUSING_PORT}/mcp/c1`, "--key", "wrong-key"], [INIT]);
    expect(r.out).toHaveLength(1);
    expect(r.out[0]).toMatchObject({
      id: 1,
      error: { message: expect.stringMatching(/^The tap refused the key \(HTTP 401: Unknown tap key\)/) },
    });
    expect(refusedAuth).toContain("Bearer wrong-key");
  });

  it("keeps the session id and revision; a notification written just before stdin closes still goes out, then the session is DELETEd", async () => {
    seen.length = 0;
    // stdin closes as soon as initialize is answered, while notifications/initialized may still be on its way.
    const r = await rawExchange(
      ["tap", "--url", `http://127.0.0.1:${SESSION_PORT}/mcp/c1`, "--key", "k"],
      [INIT, { jsonrpc: "2.0", method: "notifications/initialized" }],
    );
    expect(r.out).toEqual([
      { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } } },
    ]);
    await expect.poll(() => seen.map((x) => x.method)).toContain("DELETE");
    expect(seen.find((x) => x.rpc === "initialize")?.session).toBeUndefined();
    expect(seen.find((x) => x.rpc === "notifications/initialized")).toMatchObject({ session: "sess-1", version: "2025-11-25" });
    expect(seen.find((x) => x.method === "DELETE")).toMatchObject({ session: "sess-1" });
  });

  it("asks for the GET stream with the session id once initialized is sent", async () => {
    seen.length = 0;
    await rawExchange(
      ["tap", "--url", `http://127.0.0.1:${SESSION_PORT}/mcp/c1`, "--key", "k"],
      [INIT, { jsonrpc: "2.0", method: "notifications/initialized" }],
      () => seen.some((x) => x.method === "GET"),
    );
    expect(seen.find((x) => x.method === "GET")).toMatchObject({ session: "sess-1" });
  });

  it("no such tap in taps.json: exits 1 with the reason, nothing on stdout", async () => {
    const r = await rawExchange(["tap", "weather"], []);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toMatch(/No taps.json in \/nonexistent-loupe-data/);
  });

  it("--help prints the usage", async () => {
    const r = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [BIN, "--help"]);
      let s = "";
      child.stdout.on("data", (d) => (s += d));
      child.once("exit", () => resolve(s));
    });
    expect(r).toMatch(/loupe tap <connection name or id>/);
    expect(r).toMatch(/"command": "node", "args": \["\/path\/to\/loupe\/bin\/loupe.mjs", "tap", "my-server"\]/);
    expect(r).toMatch(/"command": "npx", "args": \["-y", "loupe-inspector", "tap", "my-server"\]/);
    expect(r).toMatch(/not npx loupe: the npm package named "loupe" is an unrelated one/);
  });
});
