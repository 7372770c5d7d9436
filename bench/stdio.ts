import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { ClientCapabilitiesConfig, ConnectionInput } from "@/lib/contracts/connections";

/** A stdio server the benches start: the same command for the bare SDK client and for Loupe. */
export interface StdioServer {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

export function everythingServer(root: string): StdioServer {
  return {
    name: "bench everything",
    args: [path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  };
}

/** bench/fixtures/resource-server.mjs serving a `megabytes` MiB text resource. */
export function resourceFixture(root: string, megabytes = 0): StdioServer {
  return {
    name: "bench resources",
    args: [path.join(root, "bench/fixtures/resource-server.mjs")],
    env: { BENCH_RESOURCE_MB: String(megabytes) },
  };
}

/** Spawns the server and connects a bare SDK client (environment as Loupe gives stdio servers). */
export async function connectBare(
  server: StdioServer,
  opts: { capabilities?: ClientCapabilities; setup?: (client: Client) => void } = {},
): Promise<Client> {
  const client = new Client({ name: "loupe-bench", version: "0.0.0" }, { capabilities: opts.capabilities ?? {} });
  opts.setup?.(client);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: server.args,
    env: { ...getDefaultEnvironment(), ...server.env },
    stderr: "pipe",
  });
  await client.connect(transport);
  return client;
}

/** The same server as a Loupe stdio connection. */
export function loupeInput(root: string, server: StdioServer, clientCapabilities?: ClientCapabilitiesConfig): ConnectionInput {
  return {
    name: server.name,
    transport: "stdio",
    command: process.execPath,
    args: server.args,
    env: server.env ?? {},
    cwd: root,
    requestTimeoutMs: 60_000,
    ...(clientCapabilities ? { clientCapabilities } : {}),
  };
}

/** Polls `check` every 20 ms until it holds (server-everything registers some tools after initialize). */
export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
