/**
 * Loupe's built-in demo MCP server. It speaks MCP 2025-11-25 (initialize handshake, sessions) and
 * 2026-07-28 (stateless, server/discover) at once, over stdio or Streamable HTTP.
 *
 *   stdio (what `npm start` pre-connects):
 *     node --import <repo>/node_modules/tsx/dist/loader.mjs demo/mcp-server.ts
 *   HTTP on 127.0.0.1 (endpoint /mcp):
 *     node --import tsx demo/mcp-server.ts --http --port 7100
 *   with the official conformance suite's fixtures (tools/resources/prompts named test_…):
 *     node --import tsx demo/mcp-server.ts --http --port 7100 --conformance
 *
 * Env: LOUPE_DEMO_EXTRA_TOOLS=N adds N generated tools; LOUPE_DEMO_PAGE_SIZE=K paginates tools/list;
 * LOUPE_DEMO_CONFORMANCE=1 is the same as --conformance; LOUPE_DEMO_SESSION_IDLE_MS ends an idle
 * 2025-11-25 HTTP session after that many ms (default 30 minutes).
 * stdout carries JSON-RPC only on stdio, so diagnostics go to stderr.
 */
import { parseArgs } from "node:util";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createDemoRuntime, demoOptionsFromEnv, demoServerFactory } from "./mcp/server";
import { serveDemoHttp } from "./mcp/serve-http";
import { tasksStdioTransport } from "./mcp/tasks/stdio";

const { values: flags } = parseArgs({
  options: {
    http: { type: "boolean", default: false },
    port: { type: "string" },
    conformance: { type: "boolean", default: false },
  },
  strict: true,
});

const options = demoOptionsFromEnv(process.env);
if (flags.conformance) options.conformance = true;
const runtime = createDemoRuntime(options);
const summary = `extra tools: ${options.extraTools ?? 0}, page size: ${options.pageSize ?? "all"}, conformance fixtures: ${options.conformance ? "on" : "off"}`;

if (flags.http) {
  const port = flags.port === undefined ? 0 : Number.parseInt(flags.port, 10);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`loupe-demo: --port must be a number from 0 to 65535, got "${flags.port}"\n`);
    process.exit(2);
  }
  const idle = Number.parseInt(process.env.LOUPE_DEMO_SESSION_IDLE_MS ?? "", 10);
  const served = await serveDemoHttp(runtime, { port, ...(idle > 0 ? { sessionIdleMs: idle } : {}) });
  // The first stdout line is the URL, so a parent started with --port 0 can read where it landed.
  process.stdout.write(`${served.url}\n`);
  process.stderr.write(`loupe-demo MCP server ready on ${served.url} (2025-11-25 and 2026-07-28; ${summary})\n`);
  const stop = () => void served.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} else {
  // The connection's opening message picks the era; one Server is pinned for its lifetime.
  serveStdio(
    demoServerFactory(runtime, () => true),
    {
      transport: tasksStdioTransport(runtime),
      onerror: (error) => process.stderr.write(`loupe-demo: ${error.message}\n`),
    },
  );
  process.stderr.write(`loupe-demo MCP server ready on stdio (2025-11-25 and 2026-07-28; ${summary})\n`);
}
