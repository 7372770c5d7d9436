// `npm start`: builds the app when the build is missing or older than the sources, then runs the
// launcher (server.ts) with the arguments given after `npm start --`.
import { spawn, spawnSync } from "node:child_process";
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

// tsx as a loader in this very process (not its CLI, which adds a second process to signal).
const tsx = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
// fd 3: a pipe Loupe watches; when this process dies, even by SIGKILL, Loupe stops too (server.ts).
const lifeline = process.platform === "win32" ? {} : { LOUPE_LIFELINE_FD: "3" };
const child = spawn(process.execPath, ["--import", tsx, path.join(root, "server.ts"), ...args], {
  cwd: root,
  stdio: process.platform === "win32" ? "inherit" : ["inherit", "inherit", "inherit", "pipe"],
  env: { ...process.env, ...lifeline, NODE_ENV: dev ? "development" : "production", NEXT_TELEMETRY_DISABLED: "1" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
