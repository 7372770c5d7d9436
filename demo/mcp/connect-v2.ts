import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientCapabilities, JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
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
  /**
   * Sees every frame from the server before the client does. The SDK client can drop a progress
   * notification that arrives in the same read as the response, so counts belong on the wire.
   */
  onFrame?: (message: JSONRPCMessage) => void;
}

function tap(transport: Transport, onFrame: ((message: JSONRPCMessage) => void) | undefined): void {
  if (!onFrame) return;
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    onFrame(message);
    deliver?.(message, extra);
  };
}

export async function connectDemoV2(opts: ConnectDemoV2Options): Promise<Client> {
  const client = new Client(
    { name: "loupe-demo-test-v2", version: "0.0.0" },
    { capabilities: opts.capabilities ?? {}, versionNegotiation: { mode: opts.era } },
  );
  opts.setup?.(client);
  if (opts.url) {
    const transport = new StreamableHTTPClientTransport(new URL(opts.url));
    await client.connect(transport);
    tap(transport, opts.onFrame);
    return client;
  }
  const launch = demoServerLaunch({ extraTools: opts.extraTools });
  const env = { ...getDefaultEnvironment(), ...launch.env, ...(opts.conformance ? { LOUPE_DEMO_CONFORMANCE: "1" } : {}) };
  const transport = new StdioClientTransport({ command: launch.command, args: launch.args, env, stderr: "pipe" });
  await client.connect(transport);
  tap(transport, opts.onFrame);
  return client;
}
