import "server-only";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { ConformanceRevision, ConformanceScenarioList } from "@/lib/contracts/conformance";
import { AppError } from "@/lib/errors";
import { parseScenarioList } from "@/lib/server/mcp/conformance/parse";
import { dataDir } from "@/lib/server/store";
import { isRecord } from "@/lib/values";

/**
 * Where the official suite lives (issue 22: found, never installed by a GET). The suite is
 * `@modelcontextprotocol/conformance` with its own Node 22 (its CLI needs Node >= 22; Loupe runs on
 * 20), as conformance/package.json lists them. It is looked for in the repository's `conformance/`
 * (scripts/conformance.mjs and `npm test` install it there) and in Loupe's data folder
 * (`<LOUPE_DATA_DIR>/conformance`, where the Install button puts it: a package's own folder is not
 * Loupe's to write). LOUPE_CONFORMANCE_DIR replaces both with one place (tests: an empty folder).
 * fs calls carry turbopackIgnore: these are files of the install, not of the build.
 */
export interface SuitePaths {
  dir: string;
  node: string;
  cli: string;
}

const loupeRoot = () => process.env.LOUPE_ROOT ?? process.cwd();

export function suitePathsIn(dir: string): SuitePaths {
  return {
    dir,
    node: path.join(dir, "node_modules/.bin/node"),
    cli: path.join(dir, "node_modules/@modelcontextprotocol/conformance/dist/index.js"),
  };
}

/** Where Install puts the suite. */
export function suiteInstallDir(): string {
  return process.env.LOUPE_CONFORMANCE_DIR || path.join(dataDir(), "conformance");
}

/** Every place the suite is looked for, in order. */
export function suiteDirs(): string[] {
  if (process.env.LOUPE_CONFORMANCE_DIR) return [process.env.LOUPE_CONFORMANCE_DIR];
  return [path.join(loupeRoot(), "conformance"), suiteInstallDir()];
}

/** The suite's runtime as Loupe ships it: conformance/package.json (its package.json and lock are copied by Install). */
export function suiteManifestDir(): string {
  return path.join(loupeRoot(), "conformance");
}

const isInstalled = (p: SuitePaths) => existsSync(/*turbopackIgnore: true*/ p.node) && existsSync(/*turbopackIgnore: true*/ p.cli);

/** The installed suite, or null. Reads the disk only: nothing is spawned or written. */
export function findSuite(): SuitePaths | null {
  for (const dir of suiteDirs()) {
    const p = suitePathsIn(dir);
    if (isInstalled(p)) return p;
  }
  return null;
}

/** The command that installs the suite by hand, with the versions Loupe's manifest pins. */
export function manualInstallCommand(): string {
  let specs = "@modelcontextprotocol/conformance node@22";
  try {
    const manifest: unknown = JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(suiteManifestDir(), "package.json"), "utf8"));
    const deps = isRecord(manifest) && isRecord(manifest.dependencies) ? manifest.dependencies : {};
    const pinned = Object.entries(deps).flatMap(([name, v]) => (typeof v === "string" ? [`${name}@${v}`] : []));
    if (pinned.length) specs = pinned.join(" ");
  } catch {
    /* no manifest beside Loupe: the unpinned names still install a working suite */
  }
  return `npm install --prefix "${suiteInstallDir()}" ${specs}`;
}

/** The installed suite, or a 409 that says it is missing and how to get it. */
export function requireSuite(): SuitePaths {
  const found = findSuite();
  if (found) return found;
  throw new AppError(
    "conflict:conformance_suite_missing",
    `The conformance suite is not installed (looked in ${suiteDirs().join(", ")}). Install it from the Conformance tab, or by hand: ${manualInstallCommand()}`,
  );
}

/**
 * The suite's environment: nothing of Loupe's own (its token, data dir, secrets in env) reaches
 * a process that talks to a server someone else wrote. `also` lets more variables through by name
 * (npm's own settings, for the install).
 */
export function suiteEnv(also: (key: string) => boolean = () => false): NodeJS.ProcessEnv {
  const env: Record<string, string> = { NO_COLOR: "1", FORCE_COLOR: "0" };
  for (const [key, value] of Object.entries(process.env))
    if (value && (["PATH", "HOME", "TMPDIR", "LANG", "SystemRoot"].includes(key) || also(key))) env[key] = value;
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

/** The suite's Node, by real path (the .bin entry is a symlink the CLI does not need to see). */
export function suiteNode(p: SuitePaths): string {
  return realpathSync(/*turbopackIgnore: true*/ p.node);
}

const lists = new Map<ConformanceRevision, Promise<ConformanceScenarioList>>();

/** The server scenarios a revision requires (and those it runs unscored), from the installed suite; cached. */
export function scenarioList(revision: ConformanceRevision): Promise<ConformanceScenarioList> {
  let list = lists.get(revision);
  if (!list) {
    const p = requireSuite(); // throws before anything is cached or spawned
    list = capture(suiteNode(p), [p.cli, "list", "--server", "--requirements", revision], p.dir, 30_000).then((text) =>
      parseScenarioList(revision, text),
    );
    list.catch(() => lists.delete(revision));
    lists.set(revision, list);
  }
  return list;
}
