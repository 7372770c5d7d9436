// `npm start`: builds the app when the build is missing or its sources changed, then runs the
// launcher (server.ts) in this same process with the arguments given after `npm start --`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rebuildReason } from "./build-fingerprint.mjs";

// Node ≥ 22.1 keeps the compiled code of the modules it loads (Next's own and the app's chunks, most
// of a cold start) in the system temp folder for the next start. Node 20 has no such API: nothing happens.
module.enableCompileCache?.();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dev = args.includes("--dev");

// Whether to build is decided without walking the sources: git's view of them against the one the
// build stored (scripts/build-fingerprint.mjs).
const reason = dev ? null : rebuildReason(root, { force: process.env.LOUPE_FORCE_BUILD === "1" });
if (reason) {
  console.log(`Building Loupe (${reason}; LOUPE_FORCE_BUILD=1 forces a build)…`);
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
// process by their own watchdogs (lib/server/mcp/stdio-lifeline.ts), so a SIGKILL here still ends them.
process.env.NODE_ENV = dev ? "development" : "production";
// Relative paths (a `--mcp "node ./server.js"`, tsconfig's `@/`) resolve from the repo, as they did
// when server.ts ran as a child started with cwd = root.
// `--config ./mcp.json` is relative to where the user ran the command (lib/launcher/config-flags.ts).
process.env.LOUPE_CWD ||= process.cwd();
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.LOUPE_ROOT = root;
// As .next/standalone/server.js and the npm package do: Next takes the config the build resolved
// instead of running next.config.mjs and validating it (zod and its schema: about a fifth of
// preparing Next, issue 22).
const serverFiles = path.join(root, ".next", "required-server-files.json");
if (!dev && existsSync(serverFiles))
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(serverFiles, "utf8")).config);
process.argv = [process.argv[0], path.join(root, "server.ts"), ...args];

/**
 * Production runs server.ts compiled once to plain JS (.next/loupe-launcher.mjs, rebuilt when one
 * of its sources is newer): no TypeScript loader at all, so no hooks thread, no esbuild service
 * process, and Node's source maps stay off (with tsx on, Node parsed the map of every chunk Next
 * loads: 13 % of start). `--dev` keeps tsx for readable stack traces.
 */
async function compiledLauncher() {
  const out = path.join(root, ".next", "loupe-launcher.mjs");
  const inputsFile = `${out}.inputs.json`;
  if (existsSync(out) && existsSync(inputsFile)) {
    const built = statSync(out).mtimeMs;
    const inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
    if (inputs.every((f) => existsSync(path.join(root, f)) && statSync(path.join(root, f)).mtimeMs <= built)) return out;
  }
  // esbuild comes with tsx (the same version tsx uses to run server.ts in dev).
  const esbuild = await import(pathToFileURL(path.join(root, "node_modules/esbuild/lib/main.js")).href);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ["server.ts"],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    // Next must stay the one instance the app's bundles talk to; node_modules are loaded as is.
    external: ["next", "next/*"],
    packages: "external",
    metafile: true,
    logLevel: "error",
  });
  writeFileSync(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs)));
  // esbuild's service is a child process that would otherwise live as long as Loupe (its memory counted in Loupe's tree).
  await esbuild.stop();
  return out;
}

if (dev) {
  // tsx only for server.ts and the few lib/ modules it imports: its ESM hook, not its require hook.
  const { register } = await import(pathToFileURL(path.join(root, "node_modules/tsx/dist/esm/api/index.mjs")).href);
  register({ tsconfig: path.join(root, "tsconfig.json") });
  await import(pathToFileURL(path.join(root, "server.ts")).href);
} else {
  await import(pathToFileURL(await compiledLauncher()).href);
}
