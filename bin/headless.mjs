// Runs a headless command of lib/cli/ (issue 24). In a checkout, through tsx; in the npm package,
// its bundle app/loupe-cli.mjs (scripts/pack.mjs). The `react-server` condition lets the server
// modules (`import "server-only"`) load outside Next. Node built-ins only.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** Runs `argv` (command first) and answers its exit code. */
export async function runHeadless(argv, { here, app }) {
  const bundled = path.join(app, "loupe-cli.mjs");
  const source = path.join(here, "..", "lib", "cli", "main.ts");
  // tsx resolved from this file (not the user's folder, which has none).
  const entry = existsSync(bundled) ? [bundled] : ["--import", import.meta.resolve("tsx"), source];
  if (!existsSync(bundled) && !existsSync(source)) {
    process.stderr.write("loupe-inspector: this install has no headless commands\n");
    return 2;
  }
  const child = spawnSync(process.execPath, ["--conditions=react-server", "--no-warnings=ExperimentalWarning", ...entry, ...argv], {
    stdio: "inherit",
    cwd: process.cwd(),
    // The repository's tsconfig (its "@/…" paths), wherever the user runs the command from.
    env: existsSync(bundled) ? process.env : { ...process.env, TSX_TSCONFIG_PATH: path.join(here, "..", "tsconfig.json") },
  });
  if (child.error) {
    process.stderr.write(`loupe-inspector: ${child.error.message}\n`);
    return 2;
  }
  return child.status ?? 1;
}
