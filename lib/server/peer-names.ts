import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";

/** The same command-line peer (--mcp, --mcp-url, --agent) on every launch maps to the same saved id (and its history). */
export function stableId(prefix: string, key: string): string {
  return `${prefix}-${createHash("sha256").update(key).digest("hex").slice(0, 10)}`;
}

const RUNNERS = /^(npx|node|uvx|uv|python3?|deno|bun|tsx|pipx|docker)$/;
const GENERIC_FILE = /^(index|main|cli|server|app)\.(c|m)?(js|ts|py)$/;
const BUILD_DIRS = new Set(["dist", "build", "lib", "src", "bin", "out"]);

/** A readable name for a command line: `node …/server-everything/dist/index.js` → server-everything. */
export function nameFor(words: string[]): string {
  const target = words.find((w) => !w.startsWith("-") && !RUNNERS.test(path.basename(w))) ?? words[0] ?? "server";
  const parts = target.split(/[\\/]/).filter(Boolean);
  while (parts.length > 1 && (GENERIC_FILE.test(parts[parts.length - 1]!) || BUILD_DIRS.has(parts[parts.length - 1]!))) parts.pop();
  return parts[parts.length - 1] ?? target;
}
