import "server-only";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { ConformanceSuiteState } from "@/lib/contracts/conformance";
import { AppError } from "@/lib/errors";
import {
  findSuite,
  manualInstallCommand,
  suiteDirs,
  suiteEnv,
  suiteInstallDir,
  suiteManifestDir,
  suitePathsIn,
} from "@/lib/server/mcp/conformance/suite";
import { errorMessage } from "@/lib/values";

/** npm's output kept for the page: the last lines, each cut (a stuck install never grows memory). */
export const INSTALL_LIMITS = { lines: 200, lineChars: 500, wallMs: 10 * 60_000 };
const STAGING = ".installing-";

/** npm's words for "the network is not there" (fetch errors as npm prints them). */
const NETWORK = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)\b/;

/** Why an install failed, in words: an unreachable registry is said as such, anything else quotes npm. */
export function installFailure(lines: readonly string[], exit: string): string {
  const net = lines.find((l) => NETWORK.test(l));
  if (net) {
    const detail = net.replace(/^npm (error|ERR!)\s*/i, "").trim();
    return `npm could not reach the registry (${detail}): the suite needs a network connection once; or install it by hand with: ${manualInstallCommand()}`;
  }
  const said = lines.filter((l) => /^npm (error|ERR!)/i.test(l)).slice(-3);
  return `npm could not install the suite (${exit})${said.length ? `: ${said.join(" ")}` : ""}. Install it by hand with: ${manualInstallCommand()}`;
}

/** Only npm's own settings reach it (registry, proxy, cache, retries), beside the bare suite env. */
const npmEnv = () => suiteEnv((key) => /^(npm_config_|https?_proxy$|no_proxy$)/i.test(key));

/**
 * Installs the suite into Loupe's data folder on an explicit request (POST /api/conformance/suite),
 * one install at a time. npm works in a staging folder beside the target, renamed into place only
 * when the suite is whole: a failed or interrupted install leaves nothing a later GET would take
 * as installed.
 */
export class SuiteInstaller {
  private running: Promise<void> | null = null;
  private lines: string[] = [];
  private error: string | null = null;

  state(): ConformanceSuiteState {
    const found = findSuite();
    const status = this.running ? "installing" : found ? "installed" : this.error ? "failed" : "missing";
    return {
      status,
      dir: found?.dir ?? null,
      looked: suiteDirs(),
      installDir: suiteInstallDir(),
      lines: [...this.lines],
      error: status === "failed" ? this.error : null,
      manual: manualInstallCommand(),
    };
  }

  /** Starts the install (sync, so two POSTs never both pass the one-at-a-time check). */
  start(): ConformanceSuiteState {
    if (this.running) throw new AppError("conflict:conformance_installing", "The conformance suite is being installed already");
    if (findSuite()) return this.state();
    this.lines = [];
    this.error = null;
    this.running = this.install()
      .catch((e: unknown) => {
        this.error = errorMessage(e);
      })
      .finally(() => {
        this.running = null;
      });
    return this.state();
  }

  /** Resolves when the install going now ends (tests). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private push(text: string): void {
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trimEnd();
      if (line) this.lines.push(line.length > INSTALL_LIMITS.lineChars ? `${line.slice(0, INSTALL_LIMITS.lineChars)}…` : line);
    }
    if (this.lines.length > INSTALL_LIMITS.lines) this.lines.splice(0, this.lines.length - INSTALL_LIMITS.lines);
  }

  private async install(): Promise<void> {
    const target = suiteInstallDir();
    const parent = path.dirname(target);
    mkdirSync(/*turbopackIgnore: true*/ parent, { recursive: true });
    // What an earlier install left when Loupe died mid-way.
    for (const name of readdirSync(/*turbopackIgnore: true*/ parent))
      if (name.startsWith(`${path.basename(target)}${STAGING}`)) rmSync(path.join(parent, name), { recursive: true, force: true });
    const staging = `${target}${STAGING}${process.pid}-${Date.now()}`;
    mkdirSync(/*turbopackIgnore: true*/ staging);
    try {
      for (const file of ["package.json", "package-lock.json"])
        copyFileSync(/*turbopackIgnore: true*/ path.join(suiteManifestDir(), file), path.join(staging, file));
      this.push(`npm ci --prefix ${staging}`);
      await this.npm(["ci", "--prefix", staging, "--no-audit", "--no-fund", "--loglevel=http"], staging);
      const p = suitePathsIn(staging);
      if (!existsSync(/*turbopackIgnore: true*/ p.node) || !existsSync(/*turbopackIgnore: true*/ p.cli))
        throw new Error("npm finished, but the suite's CLI or its Node is not there");
      // An empty folder (the tests' override) is replaced; anything else in the way is not Loupe's to delete.
      if (existsSync(/*turbopackIgnore: true*/ target)) {
        if (readdirSync(/*turbopackIgnore: true*/ target).length > 0)
          throw new Error(`${target} exists and is not an installed suite: remove it, then install again`);
        rmSync(target, { recursive: true });
      }
      renameSync(staging, target);
      this.push(`Installed in ${target}`);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }

  private npm(args: string[], cwd: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", args, {
        cwd,
        env: npmEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (c: Buffer) => this.push(c.toString()));
      child.stderr.on("data", (c: Buffer) => this.push(c.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), INSTALL_LIMITS.wallMs);
      child.on("error", (e) => {
        clearTimeout(timer);
        reject(new Error(`npm could not start: ${e.message}. Install the suite by hand with: ${manualInstallCommand()}`));
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(installFailure(this.lines, signal ? `stopped by ${signal}` : `exit ${code}`)));
      });
    });
  }
}

const KEY = Symbol.for("loupe.conformanceSuiteInstaller");
type WithInstaller = typeof globalThis & { [KEY]?: SuiteInstaller };

/** The one installer of this process (on globalThis: one across route bundles and dev reloads). */
export function getSuiteInstaller(): SuiteInstaller {
  const g: WithInstaller = globalThis;
  return (g[KEY] ??= new SuiteInstaller());
}
