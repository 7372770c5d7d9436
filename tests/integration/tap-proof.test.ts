import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { tapSnippet } from "@/lib/tap/snippets";
import type { TapsFile } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * A stale port in taps.json (Loupe stopped or crashed, another program took the port): `loupe tap
 * <name>` must not hand that program the tap key. The bin asks the listener to prove it holds the
 * key (GET /mcp/<id>/proof?nonce=…, HMAC) before it sends it; a real Loupe tap still works; a
 * clean stop leaves no port and no key in taps.json.
 */

const BIN = path.resolve(import.meta.dirname, "../../bin/loupe.mjs");
const data = tempDir("loupe-tap-proof-data-");
process.env.LOUPE_DATA_DIR = data.dir;
const LOUPE_PORT = 9001;
const IMPOSTOR_PORT = 9002;
const TAPS = path.join(data.dir, "taps.json");

let host: TapHostServer;
let secret: TapSecret;
let impostor: Server;
/** Everything the impostor received: method, URL, headers and body, as text. */
const received: string[] = [];

beforeAll(async () => {
  host = await startTapHost(LOUPE_PORT);
  const view = await getRegistry().create(stdioInput("proof everything", [EVERYTHING, "stdio"]));
  secret = getTaps().tapConnection(view.id, {});
  // Another user's program: records everything, answers a "proof" it cannot compute and MCP-ish replies.
  impostor = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
      if (req.method === "GET")
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ proof: "0".repeat(64) }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }));
    });
  });
  await new Promise<void>((r) => impostor.listen(IMPOSTOR_PORT, "127.0.0.1", r));
}, 60_000);

afterAll(async () => {
  await closeAllTapHosts();
  await host?.close();
  await new Promise((r) => impostor?.close(r));
  await getRegistry().closeAll();
  data.cleanup();
});

async function rawExchange(args: string[], lines: unknown[]): Promise<{ out: unknown[]; err: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, LOUPE_DATA_DIR: data.dir, LOUPE_TAP_KEY: "" },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  for (const l of lines) child.stdin.write(`${JSON.stringify(l)}\n`);
  const until = Date.now() + 10_000;
  while (!out.trim() && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  child.stdin.end();
  const code = child.exitCode ?? (await new Promise<number | null>((r) => child.once("exit", r)));
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

describe("the proof route", () => {
  const proofUrl = (nonce: string, id = secret.tap.id) => `${host.url(id)}/proof?nonce=${nonce}`;

  it("answers a 64-hex nonce with a proof only, and refuses a bad nonce or another method in words", async () => {
    const nonce = "ab".repeat(32);
    const ok = await fetch(proofUrl(nonce));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["proof"]);
    expect(body.proof).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(body)).not.toContain(secret.key);

    const short = await fetch(proofUrl("abcd"));
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toMatch(/64 lowercase hex/);
    const post = await fetch(proofUrl(nonce), { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("an unknown tap gets an answer of the same shape (the route does not say which taps exist), which is not a proof of the real key", async () => {
    const nonce = "cd".repeat(32);
    const unknown = await fetch(proofUrl(nonce, "no-such-tap"));
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as { proof: string }).proof).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("loupe tap <name> and the port in taps.json", () => {
  it("the offline Claude Desktop snippet as Loupe gives it (node + the absolute path of its bin) reaches the real Loupe, which proves itself; the default one runs the npm package", async () => {
    expect(path.isAbsolute(secret.bin)).toBe(true);
    expect(existsSync(secret.bin)).toBe(true);
    expect(secret.bin).toBe(BIN);
    const entryOf = (kind: "claude" | "claude-node") =>
      Object.values(
        (
          JSON.parse(tapSnippet(kind, { ...secret, name: secret.tap.name })) as {
            mcpServers: Record<string, { command: string; args: string[] }>;
          }
        ).mcpServers,
      )[0]!;
    // The default runs the published package (tests/pack/ runs its tap bridge from the packed tarball).
    expect(entryOf("claude")).toEqual({ command: "npx", args: ["-y", "loupe-inspector", "tap", "proof everything"] });
    const entry = entryOf("claude-node");
    expect(entry).toEqual({ command: "node", args: [BIN, "tap", "proof everything"] });
    const client = new Client({ name: "proof-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: { ...getDefaultEnvironment(), LOUPE_DATA_DIR: data.dir },
        stderr: "pipe",
      }),
    );
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("echo");
    } finally {
      await client.close();
    }
  });

  it("a stale port another program listens on: the key is never sent to it, and the client reads why", async () => {
    const real = readFileSync(TAPS, "utf8");
    const stale: TapsFile = JSON.parse(real) as TapsFile;
    stale.port = IMPOSTOR_PORT;
    stale.taps = stale.taps.map((t) => ({ ...t, url: t.url.replace(`:${LOUPE_PORT}/`, `:${IMPOSTOR_PORT}/`) }));
    writeFileSync(TAPS, JSON.stringify(stale));
    try {
      const r = await rawExchange(["tap", "proof everything"], [INIT]);
      expect(r.out).toHaveLength(1);
      expect(r.out[0]).toMatchObject({
        id: 1,
        error: { message: expect.stringMatching(/did not prove it is the Loupe holding this tap's key .*the key was not sent/) },
      });
      expect(r.err).toMatch(/did not prove/);
      // It was asked (so the test saw the bin talk to it), and never given the key.
      expect(received.length).toBeGreaterThan(0);
      for (const line of received) expect(line).not.toContain(secret.key);
    } finally {
      writeFileSync(TAPS, real);
    }
  });

  it("a clean stop leaves no port and no key in taps.json, and the bin says Loupe is not running", async () => {
    getTaps().markStopped();
    try {
      const file = JSON.parse(readFileSync(TAPS, "utf8")) as TapsFile;
      expect(file.port).toBeNull();
      expect(readFileSync(TAPS, "utf8")).not.toContain(secret.key);
      const r = await rawExchange(["tap", "proof everything"], [INIT]);
      expect(r.err).toMatch(/Loupe is not running: it stopped/);
      expect(r.code).toBe(1);
    } finally {
      getTaps().writeFile();
    }
  });
});
