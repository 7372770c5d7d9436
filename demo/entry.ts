import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

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
