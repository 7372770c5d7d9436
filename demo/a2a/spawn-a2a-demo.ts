/**
 * Starts the demo A2A agent as a child process (`npm start`): run-a2a-agent.ts under tsx, with
 * demo/adk/parent-watch.cjs preloaded so it exits when Loupe is gone, even after a SIGKILL. Its own
 * process group, because tsx runs esbuild's service binary as a child (as start-agent-server.ts).
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface SpawnA2aDemoOptions {
  /** 0 or absent = a free port. */
  port?: number;
  /** The repository root, when this module runs bundled (inside Next) and cannot find it itself. */
  repoRoot?: string;
  timeoutMs?: number;
  onLog?: (line: string) => void;
}

export interface SpawnedA2aDemo {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const READY_PREFIX = "LOUPE_A2A_READY ";
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* group already gone */
  }
}

export async function spawnA2aDemo(options: SpawnA2aDemoOptions = {}): Promise<SpawnedA2aDemo> {
  const root = options.repoRoot ?? REPO_ROOT;
  const args = [
    "--require",
    path.join(root, "demo/adk/parent-watch.cjs"),
    "--import",
    "tsx",
    path.join(root, "demo/a2a/run-a2a-agent.ts"),
    "--port",
    String(options.port ?? 0),
  ];
  const child = spawn(process.execPath, args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const onExit = (): void => killGroup(child, "SIGKILL");
  process.once("exit", onExit);
  const stop = async (): Promise<void> => {
    process.off("exit", onExit);
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 3000);
    await exited;
    clearTimeout(timer);
    killGroup(child, "SIGKILL");
  };

  const tail: string[] = [];
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    const onLine = (line: string): void => {
      if (line.startsWith(READY_PREFIX)) return resolve(JSON.parse(line.slice(READY_PREFIX.length)) as { url: string; port: number });
      tail.push(line);
      if (tail.length > 40) tail.shift();
      options.onLog?.(line);
    };
    const reader = (buf: Buffer): void => buf.toString("utf8").split(/\r?\n/).filter(Boolean).forEach(onLine);
    child.stdout?.on("data", reader);
    child.stderr?.on("data", reader);
    void exited.then(() =>
      reject(new Error(`the demo A2A agent exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail.join("\n")}`)),
    );
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the demo A2A agent was not ready within ${timeoutMs} ms:\n${tail.join("\n")}`)), timeoutMs);
  });
  try {
    const { url, port } = await Promise.race([ready, timeout]);
    return { url, port, pid: child.pid ?? -1, stop };
  } catch (e) {
    await stop();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
