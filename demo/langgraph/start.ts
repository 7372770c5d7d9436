/**
 * Starts the LangGraph demo deployment (`langgraphjs dev`, the in-memory LangGraph API server) on
 * demo/langgraph's graphs and hands back its URL. Used by `npm start` and by tests.
 *
 * The dev server writes its state (`.langgraph_api/`) and appends to a `.gitignore` in the folder
 * of its langgraph.json, so the launcher writes a copy of demo/langgraph/langgraph.json into a fresh
 * temp folder, with graph paths made relative to it, and removes that folder on stop().
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "../adk/start-agent-server";

export interface StartLangGraphDemoOptions {
  /** The repository root, when this module runs bundled (inside Next) and cannot find it itself. */
  root?: string;
  /** 0 or absent = pick a free port. */
  port?: number;
  /** Every output line of the server (stdout and stderr). */
  onLog?: (line: string) => void;
  /** How long to wait for GET /info; the dev server needs 30–60 s on 2 cores. */
  timeoutMs?: number;
}

export interface LangGraphDemo {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HOST = "127.0.0.1";
const cliPath = (root: string) => path.join(root, "node_modules/@langchain/langgraph-cli/dist/cli/cli.mjs");

/** Nothing may leave the machine: no LangSmith tracing, no CLI analytics, no Studio browser tab. */
export const OFFLINE_ENV: Record<string, string> = {
  LANGSMITH_TRACING: "false",
  LANGSMITH_TRACING_V2: "false",
  LANGCHAIN_TRACING: "false",
  LANGCHAIN_TRACING_V2: "false",
  LANGGRAPH_CLI_NO_ANALYTICS: "1",
  BROWSER: "none",
};

/** Writes langgraph.json into `stateDir` with every graph path pointing back at demo/langgraph. */
async function writeConfig(root: string, stateDir: string): Promise<void> {
  const demoDir = path.join(root, "demo/langgraph");
  const config: unknown = JSON.parse(await readFile(path.join(demoDir, "langgraph.json"), "utf8"));
  if (typeof config !== "object" || config === null || !("graphs" in config))
    throw new Error("demo/langgraph/langgraph.json has no graphs");
  const graphs = Object.fromEntries(
    Object.entries(Object(config.graphs)).map(([id, spec]) => {
      const [file, symbol] = String(spec).split(":");
      // Relative, not absolute: the server's module hooks join the first graph path onto its cwd.
      return [id, `${path.relative(stateDir, path.join(demoDir, file ?? ""))}:${symbol ?? "graph"}`];
    }),
  );
  await writeFile(path.join(stateDir, "langgraph.json"), JSON.stringify({ ...config, graphs }, null, 2));
}

/** The CLI runs `tsx watch`, which runs the server: three node processes, so the group is signalled. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* group already gone */
  }
}

/** True for the dev server's error-level log lines (winston, coloured: `error:   ▪ …`). */
export function isErrorLine(line: string): boolean {
  return /^error:/.test(line.replace(/\x1b\[[0-9;]*m/g, ""));
}

interface Progress {
  child: ChildProcess;
  /** Set once the server logged an error: a graph that fails to load leaves the CLI up but no server. */
  failed: () => boolean;
  tail: () => string;
}

/**
 * Pids of the group's members that still run. Killed members are re-parented to init and can stay
 * zombies (dead, not yet reaped) for a second, and `kill(-pgid, 0)` still finds those; Linux's
 * /proc tells them apart (state Z). Elsewhere any member counts.
 */
export function liveGroupMembers(pgid: number): number[] {
  if (process.platform !== "linux") {
    try {
      process.kill(-pgid, 0);
      return [pgid];
    } catch {
      return [];
    }
  }
  return readdirSync("/proc").flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces, so split after ")".
      const [state, , pgrp] = readFileSync(`/proc/${name}/stat`, "utf8").split(")").at(-1)?.trim().split(" ") ?? [];
      return Number(pgrp) === pgid && state !== "Z" ? [Number(name)] : [];
    } catch {
      return []; // exited while we looked
    }
  });
}

async function waitForInfo(url: string, timeoutMs: number, { child, failed, tail }: Progress): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`langgraphjs dev exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail()}`);
    }
    if (failed()) throw new Error(`langgraphjs dev logged an error before it was ready:\n${tail()}`);
    try {
      const res = await fetch(`${url}/info`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`langgraphjs dev did not answer /info within ${timeoutMs} ms:\n${tail()}`);
}

export async function startLangGraphDemo(opts: StartLangGraphDemoOptions = {}): Promise<LangGraphDemo> {
  const root = opts.root ?? REPO_ROOT;
  const port = opts.port || (await findFreePort(HOST));
  const stateDir = await mkdtemp(path.join(tmpdir(), "loupe-langgraph-"));
  await writeConfig(root, stateDir);
  // Every node process of the tree (CLI, tsx watch, server) exits once its own parent is gone, so a
  // parent killed with SIGKILL still takes the whole server down (see demo/adk/parent-watch.cjs).
  const watch = path.join(root, "demo/adk/parent-watch.cjs");
  const nodeOptions = [process.env.NODE_OPTIONS, `--require ${JSON.stringify(watch)}`].filter(Boolean).join(" ");
  const args = [cliPath(root), "dev", "--no-browser", "--port", String(port), "--host", HOST, "--config", stateDir];

  const child = spawn(process.execPath, args, {
    cwd: stateDir,
    env: { ...process.env, ...OFFLINE_ENV, NODE_OPTIONS: nodeOptions },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const lines: string[] = [];
  let failed = false;
  const onData = (buf: Buffer): void => {
    for (const line of buf.toString("utf8").split(/\r?\n/)) {
      if (!line) continue;
      lines.push(line);
      failed ||= isErrorLine(line);
      if (lines.length > 40) lines.shift();
      opts.onLog?.(line);
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A parent that exits without calling stop() must not leave the server running.
  const onExit = (): void => killGroup(child, "SIGKILL");
  process.once("exit", onExit);

  const url = `http://${HOST}:${port}`;
  const stop = async (): Promise<void> => {
    process.off("exit", onExit);
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 3000);
    await exited;
    clearTimeout(timer);
    // The leader can exit before the server it started: finish the group off, and resolve only
    // once no member runs, so a caller may reuse the port at once.
    killGroup(child, "SIGKILL");
    for (let i = 0; i < 50 && child.pid !== undefined && liveGroupMembers(child.pid).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await rm(stateDir, { recursive: true, force: true });
  };

  try {
    await waitForInfo(url, opts.timeoutMs ?? 120_000, { child, failed: () => failed, tail: () => lines.join("\n") });
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, pid: child.pid ?? -1, stop };
}
