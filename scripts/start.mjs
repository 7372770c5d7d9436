// `npm start`: builds the app when the build is missing or older than the sources, then runs the
// launcher (server.ts) in this same process with the arguments given after `npm start --`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dev = args.includes("--dev");
const SOURCES = ["app", "components", "lib", "hooks", "demo", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json", "instrumentation.ts"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    max = Math.max(max, newestMtime(path.join(p, name)));
  }
  return max;
}

function buildIsStale() {
  const id = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(id)) return true;
  const built = statSync(id).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

if (!dev && (process.env.LOUPE_FORCE_BUILD === "1" || buildIsStale())) {
  console.log("Building Loupe (first start or sources changed)…");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(r.status ?? 1);
  }
}

// server.ts runs in this very process: a parent kept alive only to forward signals cost a whole
// Node (about 49 MiB) and a second copy of every Ctrl-C. Its stdio servers are tied to this
// process by their own watchdogs (lib/server/stdio-lifeline.ts), so a SIGKILL here still ends them.
process.env.NODE_ENV = dev ? "development" : "production";
// Relative paths (a `--mcp "node ./server.js"`, tsconfig's `@/`) resolve from the repo, as they did
// when server.ts ran as a child started with cwd = root.
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";
// tsx only for server.ts and the few lib/ modules it imports: its ESM hook, not its require hook,
// which would sit in front of every require of Next's own (already compiled) code.
const { register } = await import(pathToFileURL(path.join(root, "node_modules/tsx/dist/esm/api/index.mjs")).href);
register({ tsconfig: path.join(root, "tsconfig.json") });
// tsx turns Node's source maps on for the whole process, and Node then parses the map of every
// chunk Next loads (13 % of start). Production keeps them off unless asked for
// (NODE_OPTIONS=--enable-source-maps); `--dev` keeps them for readable stack traces.
const askedForMaps = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].includes("--enable-source-maps");
if (!dev && !askedForMaps) process.setSourceMapsEnabled(false);
process.argv = [process.argv[0], path.join(root, "server.ts"), ...args];
await import(pathToFileURL(path.join(root, "server.ts")).href);
