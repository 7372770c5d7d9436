import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoEntryArgs } from "../entry";

/** Repo root, found from this file (demo/mcp/launch.ts) so it works from any cwd. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * How to start the demo MCP server as a child: the current node running it (demo/entry.ts: the
 * source under tsx, or the prebuilt .mjs of the npm package). stdio by default; `httpPort` serves
 * Streamable HTTP on 127.0.0.1:<port>/mcp instead (the URL is the child's first stdout line).
 * `conformance` adds the official suite's fixtures. Pass extraTools / pageSize for the benchmark
 * configurations.
 */
export function demoServerLaunch(
  opts: {
    extraTools?: number;
    pageSize?: number;
    repoRoot?: string;
    httpPort?: number;
    conformance?: boolean;
    /** How node runs the server (default: demoEntryArgs, the source under tsx); `npm start` passes prebuiltEntryArgs'. */
    entry?: string[];
  } = {},
): {
  command: string;
  args: string[];
  env: Record<string, string>;
} {
  const root = opts.repoRoot ?? REPO_ROOT;
  const env: Record<string, string> = {};
  if (opts.extraTools) env.LOUPE_DEMO_EXTRA_TOOLS = String(opts.extraTools);
  if (opts.pageSize) env.LOUPE_DEMO_PAGE_SIZE = String(opts.pageSize);
  return {
    command: process.execPath,
    args: [
      ...(opts.entry ?? demoEntryArgs(root, "demo/mcp-server")),
      ...(opts.httpPort !== undefined ? ["--http", "--port", String(opts.httpPort)] : []),
      ...(opts.conformance ? ["--conformance"] : []),
    ],
    env,
  };
}
