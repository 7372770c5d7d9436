import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prebuilt } from "./prebuilt";

/**
 * The node arguments that run one of the demo's entry points as a child process: in the
 * repository its TypeScript source under tsx's loader (the current node with a hook: half the
 * start-up time of tsx's CLI, which spawns a second node); in the npm package, which has neither the
 * sources nor tsx, the plain JavaScript scripts/pack.mjs prebuilt beside where the source would be.
 * `entry` is the path under the root without extension: "demo/mcp-server".
 */
export function demoEntryArgs(root: string, entry: string): string[] {
  const source = path.join(root, `${entry}.ts`);
  const prebuilt = path.join(root, `${entry}.mjs`);
  if (!existsSync(source) && existsSync(prebuilt)) return [prebuilt];
  return ["--import", pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href, source];
}

/**
 * The node arguments `npm start` runs a demo entry point with: in the repository, its source
 * compiled once to plain ESM (demo/prebuilt.ts, reused while no input is newer); in the npm
 * package, the .mjs prebuilt beside it. No TypeScript loader at run time: tsx's hooks thread and
 * esbuild's service were about half of a demo server's memory (demo MCP server 70 → 36 MiB PSS,
 * demo A2A agent 51 → 23 MiB, measured idle here; issue 22).
 */
export async function prebuiltEntryArgs(root: string, entry: string): Promise<string[]> {
  const source = path.join(root, `${entry}.ts`);
  if (!existsSync(source)) return demoEntryArgs(root, entry);
  const dir = await prebuilt(root, entry.replaceAll("/", "-"), { [entry]: source });
  return [path.join(dir, `${entry}.mjs`)];
}
