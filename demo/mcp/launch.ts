import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Repo root, found from this file (demo/mcp/launch.ts) so it works from any cwd. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * How to start the demo MCP server as a child: the current node with tsx as its loader (half the
 * start-up time of tsx's CLI, which spawns a second node). stdio by default; `httpPort` serves
 * Streamable HTTP on 127.0.0.1:<port>/mcp instead (the URL is the child's first stdout line).
 * `conformance` adds the official suite's fixtures. Pass extraTools / pageSize for the benchmark
 * configurations.
 */
export function demoServerLaunch(
  opts: { extraTools?: number; pageSize?: number; repoRoot?: string; httpPort?: number; conformance?: boolean } = {},
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
      "--import",
      pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href,
      path.join(root, "demo/mcp-server.ts"),
      ...(opts.httpPort !== undefined ? ["--http", "--port", String(opts.httpPort)] : []),
      ...(opts.conformance ? ["--conformance"] : []),
    ],
    env,
  };
}
