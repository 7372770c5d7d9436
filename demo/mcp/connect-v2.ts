import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { demoServerLaunch } from "./launch";

/**
 * Connects an SDK v2 client (`@modelcontextprotocol/client`) to the demo server, for tests and
 * benches that need a given era: "auto" probes with server/discover (2026-07-28 against this
 * server), "legacy" runs the 2025-11-25 initialize handshake. `connectDemo` (connect-demo.ts)
 * stays on the v1 SDK client, which is a 2025-11-25 client.
 */
export interface ConnectDemoV2Options {
  era: "auto" | "legacy";
  /** HTTP endpoint (…/mcp); spawns the stdio server when absent. */
  url?: string;
  capabilities?: ClientCapabilities;
  /** Register request handlers (elicitation/create, sampling/createMessage, roots/list) before connecting. */
  setup?: (client: Client) => void;
  extraTools?: number;
  conformance?: boolean;
}

export async function connectDemoV2(opts: ConnectDemoV2Options): Promise<Client> {
  const client = new Client(
    { name: "loupe-demo-test-v2", version: "0.0.0" },
    { capabilities: opts.capabilities ?? {}, versionNegotiation: { mode: opts.era } },
  );
  opts.setup?.(client);
  if (opts.url) {
    await client.connect(new StreamableHTTPClientTransport(new URL(opts.url)));
    return client;
  }
  const launch = demoServerLaunch({ extraTools: opts.extraTools });
  const env = { ...getDefaultEnvironment(), ...launch.env, ...(opts.conformance ? { LOUPE_DEMO_CONFORMANCE: "1" } : {}) };
  await client.connect(new StdioClientTransport({ command: launch.command, args: launch.args, env, stderr: "pipe" }));
  return client;
}
