import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureScratchPackages } from "./scratch-install";

/**
 * The official MCP Inspector, for the cold-start bench side by side with Loupe: installed by the
 * bench itself into a scratch folder outside the repository (not a dependency), kept there between
 * runs, and started as a user starts it (its CLI, the web UI), with no browser opened.
 */
export const INSPECTOR_VERSION = "2.12.0";
const PACKAGE = "@modelcontextprotocol/inspector";

/** The scratch folder (LOUPE_BENCH_INSPECTOR_DIR, else <tmp>/loupe-bench-inspector-<version>). */
export function inspectorDir(): string {
  return process.env.LOUPE_BENCH_INSPECTOR_DIR ?? path.join(tmpdir(), `loupe-bench-inspector-${INSPECTOR_VERSION}`);
}

/** Installs the pinned Inspector into the scratch folder unless it is there; answers its launcher's path. */
export function ensureInspector(): string {
  const dir = inspectorDir();
  ensureScratchPackages(dir, { [PACKAGE]: INSPECTOR_VERSION });
  return path.join(dir, "node_modules", PACKAGE, "clients/launcher/build/index.js");
}

/**
 * `mcp-inspector` (the web UI, its default) on `port`, its MCP Apps sandbox on `port + 1`, nothing
 * opened, secrets in memory, its storage and home in a fresh temp folder. Its own process group.
 */
export function spawnInspector(
  launcher: string,
  port: number,
  stdout: "ignore" | "pipe" = "ignore",
): { child: ChildProcess; home: string } {
  const home = mkdtempSync(path.join(tmpdir(), "loupe-bench-inspector-home-"));
  const child = spawn(process.execPath, [launcher], {
    cwd: home,
    env: {
      ...process.env,
      HOME: home,
      CLIENT_PORT: String(port),
      MCP_SANDBOX_PORT: String(port + 1),
      MCP_AUTO_OPEN_ENABLED: "false",
      MCP_STORAGE_DIR: home,
      MCP_INSPECTOR_SECRET_STORE: "memory",
    },
    stdio: ["ignore", stdout, "ignore"],
    detached: true,
  });
  return { child, home };
}
