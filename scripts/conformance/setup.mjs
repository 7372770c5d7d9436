// Where the suite lives, the runner's limits and its command-line options (scripts/conformance.mjs).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const confDir = path.join(root, "conformance");
const cliBin = path.join(confDir, "node_modules/.bin/conformance");
export const nodeBin = path.join(confDir, "node_modules/.bin/node");
export const suiteDir = path.join(confDir, "node_modules/@modelcontextprotocol/conformance");
export const cliEntry = path.join(suiteDir, "dist/index.js");
export const baselineFile = path.join(confDir, "baseline.yml");
export const forceLoopback = path.join(confDir, "force-loopback.cjs");
export const tsxLoader = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;

export const REVISIONS = ["2025-11-25", "2026-07-28"];
export const ROLES = ["client", "server"];
/** The demo server's port (the range 7120–7139 is this runner's). */
export const DEMO_PORT = Number(process.env.LOUPE_CONFORMANCE_DEMO_PORT ?? 7120);
/**
 * Client scenarios run one CLI each, this many at a time. Each starts a scenario server and a
 * Loupe client (tsx + Loupe's modules): on 2 cores more than this only adds waiting.
 */
export const CLIENT_JOBS = Math.max(1, Number(process.env.LOUPE_CONFORMANCE_JOBS ?? 6));
/**
 * Client scenarios the requirement files list under `not_scored` that Loupe runs and counts at
 * both revisions all the same: schema preservation (added after the anchor release) and the
 * OAuth client-credentials extension (SEP-1046), which Loupe implements.
 */
export const COUNTED_EXTRAS = ["json-schema-2020-12-preservation", "auth/client-credentials-basic", "auth/client-credentials-jwt"];
/** Timing-sensitive scenarios (sse-retry measures a 500 ms retry delay): run alone, before the rest. */
export const SOLO = new Set(["sse-retry"]);
/** The CLI's own per-client timeout, and the wall-clock limit after which its process group dies. */
export const CLIENT_TIMEOUT_MS = 45_000;
export const CLIENT_WALL_MS = 75_000;
/** A whole server requirement set runs in one CLI (sequentially, about 5 s here). */
export const SERVER_SCENARIO_TIMEOUT_MS = 30_000;
export const SERVER_WALL_MS = 240_000;
export const DEMO_START_MS = 30_000;

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
export const verbose = flag("--verbose");
export const keep = flag("--keep");
export const jsonOut = option("--json");
export const only = option("--only")
  ?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);

export const shellQuote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
export const slug = (s) => s.replace(/[^\w.-]/g, "_");

/** Installs the Node 22 runtime + CLI when they are missing (CI, fresh clone). */
export function ensureRuntime() {
  if (existsSync(cliBin) && existsSync(nodeBin) && existsSync(cliEntry)) return;
  console.log("conformance: installing the suite and its Node 22 (npm ci --prefix conformance)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["ci", "--prefix", confDir, "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0 || !existsSync(cliEntry) || !existsSync(nodeBin)) {
    throw new Error(`npm ci --prefix conformance failed (exit ${r.status ?? r.signal})`);
  }
}

export function checkNode22() {
  const r = spawnSync(nodeBin, ["--version"], { encoding: "utf8" });
  const version = (r.stdout ?? "").trim();
  const major = Number(/^v(\d+)\./.exec(version)?.[1] ?? 0);
  if (major < 22) throw new Error(`conformance/node_modules/.bin/node is ${version || "not runnable"}; the suite needs Node >= 22`);
  return version;
}

/** `--only`: a scenario name, `auth` (every auth/ scenario), a role, or a revision; any one may match. */
export function selected(role, revision, scenario) {
  if (!only) return true;
  return only.some((s) => s === scenario || s === role || s === revision || (s === "auth" && scenario.startsWith("auth/")));
}
