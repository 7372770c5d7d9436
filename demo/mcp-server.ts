/**
 * Loupe's built-in demo MCP server (stdio). `npm start` pre-connects it with
 *   node <repo>/node_modules/tsx/dist/cli.mjs demo/mcp-server.ts
 * Env: LOUPE_DEMO_EXTRA_TOOLS=N adds N generated tools; LOUPE_DEMO_PAGE_SIZE=K paginates tools/list.
 * stdout carries JSON-RPC only, so diagnostics go to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createDemoServer, demoOptionsFromEnv } from "./mcp/server";

const options = demoOptionsFromEnv(process.env);
const server = createDemoServer(options);
await server.connect(new StdioServerTransport());
process.stderr.write(
  `loupe-demo MCP server ready on stdio (extra tools: ${options.extraTools ?? 0}, page size: ${options.pageSize ?? "all"})\n`,
);
