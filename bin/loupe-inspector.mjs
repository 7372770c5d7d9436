#!/usr/bin/env node
// The npm package's bin (`npx loupe-inspector`, laid out by scripts/pack.mjs): `tap …` is the stdio
// bridge to a Loupe tap (bin/loupe.mjs); a CLI command (`snapshot`, `diff`, `call`, `list`, `test`)
// runs headless (lib/cli/, bundled to app/loupe-cli.mjs in the package); anything else starts Loupe
// with the same options as `npm start -- …` (lib/launcher/cli.ts). Node built-ins only until it hands over, so `tap` needs
// none of the app. In the repository (no app/ beside bin/) it hands over to scripts/start.mjs.
import { existsSync, readFileSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const app = path.join(here, "..", "app");
const launcher = path.join(app, "loupe-launcher.mjs");
// The headless commands (issue 24), lib/cli/ (its COMMANDS, by name: the bin loads nothing before it
// knows where to go): no browser, no running Loupe, no Next.
const HEADLESS = new Set(["test", "snapshot", "diff", "call", "list"]);

if (argv[0] === "tap") {
  await import("./loupe.mjs");
} else if (HEADLESS.has(argv[0] ?? "")) {
  const { runHeadless } = await import("./headless.mjs");
  process.exit(await runHeadless(argv, { here, app }));
} else if (!existsSync(launcher)) {
  // A checkout of the repository: its own start script builds when needed.
  await import(pathToFileURL(path.join(here, "..", "scripts", "start.mjs")).href);
} else {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(
      "loupe-inspector [options]          start Loupe (the options below)\n" +
        "loupe-inspector tap <name or id>   bridge a stdio MCP client to a Loupe tap (loupe-inspector tap --help)\n" +
        "loupe-inspector <command> …        snapshot, diff, call, list, test: headless, for CI (loupe-inspector <command> --help)\n\n",
    );
  }
  // Node ≥ 22.1 keeps the compiled code of the modules Loupe loads for the next start (as scripts/start.mjs).
  module.enableCompileCache?.();
  // As .next/standalone/server.js does: Next reads the config the build resolved, not next.config.mjs.
  const { config } = JSON.parse(readFileSync(path.join(app, ".next", "required-server-files.json"), "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  process.env.NODE_ENV = "production";
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  process.env.LOUPE_ROOT = app;
  // The offline Claude Desktop snippet runs this file by its absolute path (lib/server/mcp/tap/store.ts).
  process.env.LOUPE_BIN = fileURLToPath(import.meta.url);
  // Relative paths (`--mcp "node ./server.js"`) stay relative to where the user ran npx: no chdir.
  process.argv = [process.argv[0], launcher, ...argv.map((a) => (a === "-h" ? "--help" : a))];
  await import(pathToFileURL(launcher).href);
}
