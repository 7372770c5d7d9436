import "server-only";
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import type { ConformanceRevision, ConformanceScenarioList } from "@/lib/contracts/conformance";
import { AppError } from "@/lib/errors";
import { parseScenarioList } from "@/lib/server/mcp/conformance/parse";

/**
 * Where the official suite lives: `conformance/` at Loupe's root, installed apart from Loupe with
 * its own Node 22 (the suite's CLI needs Node >= 22; Loupe runs on 20). scripts/conformance.mjs
 * uses the same install for the client role. fs calls carry turbopackIgnore: these are files
 * of the install, not of the build, and must not make Next trace the whole project.
 */
export function suitePaths(root = process.env.LOUPE_ROOT ?? process.cwd()) {
  const dir = path.join(root, "conformance");
  return {
    dir,
    node: path.join(dir, "node_modules/.bin/node"),
    cli: path.join(dir, "node_modules/@modelcontextprotocol/conformance/dist/index.js"),
  };
}

/**
 * The suite's environment: nothing of Loupe's own (its token, data dir, secrets in env) reaches
 * a process that talks to a server someone else wrote.
 */
export function suiteEnv(): NodeJS.ProcessEnv {
  const env: Record<string, string> = { NO_COLOR: "1", FORCE_COLOR: "0" };
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG", "SystemRoot"]) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  return env as NodeJS.ProcessEnv;
}

/** Runs a short command to its end; stdout, or an AppError with what it printed. */
function capture(command: string, args: string[], cwd: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: suiteEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new AppError("internal:conformance_suite", `Cannot start the conformance suite: ${e.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else
        reject(
          new AppError(
            "internal:conformance_suite",
            `${path.basename(command)} ${args.slice(0, 2).join(" ")} failed (exit ${code}): ${(err || out).slice(-500)}`,
          ),
        );
    });
  });
}

let installing: Promise<void> | null = null;

/** Installs the suite and its Node 22 when missing (a fresh clone): `npm ci --prefix conformance`. */
export function ensureSuite(): Promise<void> {
  const p = suitePaths();
  if (existsSync(/*turbopackIgnore: true*/ p.node) && existsSync(/*turbopackIgnore: true*/ p.cli)) return Promise.resolve();
  installing ??= capture(
    process.platform === "win32" ? "npm.cmd" : "npm",
    ["ci", "--prefix", p.dir, "--no-audit", "--no-fund"],
    path.dirname(p.dir),
    600_000,
  )
    .then(() => {
      if (!existsSync(/*turbopackIgnore: true*/ p.node) || !existsSync(/*turbopackIgnore: true*/ p.cli))
        throw new AppError("internal:conformance_suite", "npm ci --prefix conformance did not install the suite");
    })
    .finally(() => {
      installing = null;
    });
  return installing;
}

/** The suite's Node, by real path (the .bin entry is a symlink the CLI does not need to see). */
export function suiteNode(): string {
  return realpathSync(/*turbopackIgnore: true*/ suitePaths().node);
}

const lists = new Map<ConformanceRevision, Promise<ConformanceScenarioList>>();

/** The server scenarios a revision requires (and those it runs unscored), from the suite itself; cached. */
export function scenarioList(revision: ConformanceRevision): Promise<ConformanceScenarioList> {
  let list = lists.get(revision);
  if (!list) {
    const p = suitePaths();
    list = ensureSuite()
      .then(() => capture(suiteNode(), [p.cli, "list", "--server", "--requirements", revision], p.dir, 30_000))
      .then((text) => parseScenarioList(revision, text));
    list.catch(() => lists.delete(revision));
    lists.set(revision, list);
  }
  return list;
}
