import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ClientCapabilities, JSONRPCMessage, Tool } from "@modelcontextprotocol/sdk/types.js";
import { demoServerLaunch } from "./launch";

export interface ConnectDemoOptions {
  extraTools?: number;
  pageSize?: number;
  /** Sees every frame from the server before the client does. */
  onFrame?: (message: JSONRPCMessage) => void;
  /** Declared in initialize; register the matching request handlers before connecting via `setup`. */
  capabilities?: ClientCapabilities;
  setup?: (client: Client) => void;
}

/** Spawns the demo server over stdio and connects a bare SDK client to it (tests and bench). */
export async function connectDemo(opts: ConnectDemoOptions = {}): Promise<Client> {
  const launch = demoServerLaunch(opts);
  const client = new Client({ name: "loupe-demo-test", version: "0.0.0" }, { capabilities: opts.capabilities ?? {} });
  opts.setup?.(client);
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    // The same environment Loupe gives stdio servers, so bench comparisons are like for like.
    env: { ...getDefaultEnvironment(), ...launch.env },
    stderr: "pipe",
  });
  await client.connect(transport);
  const { onFrame } = opts;
  if (onFrame) {
    // The SDK client drops a progress notification that lands in the same read as the response
    // (its handler runs a microtask later), so tests that count frames must look at the wire.
    const deliver = transport.onmessage;
    transport.onmessage = (message: JSONRPCMessage) => {
      onFrame(message);
      deliver?.(message);
    };
  }
  return client;
}

/** Follows nextCursor to the end; returns every tool and how many pages it took. */
export async function listAllTools(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { tools, pages };
}
