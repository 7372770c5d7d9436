/**
 * Starts the demo A2A agent as a child process, for tests that need to kill it (`npm start` runs it in
 * Loupe's own process: demo/peers.ts): run-a2a-agent.ts compiled once to plain JavaScript
 * (prebuiltEntryArgs in demo/entry.ts), with demo/adk/parent-watch.cjs preloaded so it exits when
 * its parent is gone, even after a SIGKILL. Its own
 * process group, because tsx runs esbuild's service binary as a child (as start-agent-server.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prebuiltEntryArgs } from "../entry";
import { spawnGroup } from "../process-group";

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

export async function spawnA2aDemo(options: SpawnA2aDemoOptions = {}): Promise<SpawnedA2aDemo> {
  const root = options.repoRoot ?? REPO_ROOT;
  const args = [
    "--require",
    path.join(root, "demo/adk/parent-watch.cjs"),
    ...(await prebuiltEntryArgs(root, "demo/a2a/run-a2a-agent")),
    "--port",
    String(options.port ?? 0),
  ];
  let announce: (at: { url: string; port: number }) => void = () => {};
  const announced = new Promise<{ url: string; port: number }>((resolve) => (announce = resolve));
  const group = spawnGroup(args, {
    cwd: root,
    env: process.env,
    // The agent prints one line with its URL once it listens.
    onLine: (line) => {
      if (!line.startsWith(READY_PREFIX)) return false;
      announce(JSON.parse(line.slice(READY_PREFIX.length)) as { url: string; port: number });
      return true;
    },
    onLog: options.onLog,
  });
  const { child, stop } = group;
  const exitedEarly = group.exited.then((): never => {
    throw new Error(`the demo A2A agent exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${group.tail()}`);
  });
  const ready = Promise.race([announced, exitedEarly]);
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the demo A2A agent was not ready within ${timeoutMs} ms:\n${group.tail()}`)), timeoutMs);
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
