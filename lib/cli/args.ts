import { parseArgs } from "node:util";
import type { ParseArgsOptionsConfig } from "node:util";
import { CliError } from "./io";

/** The flags every command that reaches a server takes. */
export const SERVER_OPTIONS = {
  config: { type: "string", multiple: true },
  timeout: { type: "string" },
  help: { type: "boolean", short: "h" },
} satisfies ParseArgsOptionsConfig;

export const SERVER_HELP = `
<server> is one of:
  a name from a --config file      --config .vscode/mcp.json my-server   (repeat --config; mcpServers or VS Code's servers)
  a command line                   "npx -y @modelcontextprotocol/server-everything"
  a URL                            https://example.com/mcp   (Streamable HTTP, falling back to SSE)

  --config <file>    an MCP client config file (Claude Desktop, Cursor, Windsurf, VS Code …), repeatable
  --timeout <ms>     how long to wait for the server to connect and answer (default 30000)
`;

/** Parses `argv` with node's parseArgs; a wrong flag is a CliError in words. */
export function parse<O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
}

export function timeoutOf(value: string | undefined): number {
  if (value === undefined) return 30_000;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`--timeout ${value}: give a number of milliseconds`);
  return n;
}
