/**
 * A demo server spawned as a child Node process in its own process group (the demo ADK, A2A and
 * LangGraph servers): servers run children of their own (esbuild's service, `tsx watch`), so stopping
 * only the leader would leave them behind. Stopped with SIGTERM, then SIGKILL; a parent that exits
 * without stopping it takes the group down; the last output lines are kept for an error message.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

/** Output lines kept for an error message. */
const TAIL_LINES = 40;

/**
 * The niceness of a demo server (and what it forks, which inherits it): below Loupe's, so its
 * start-up never takes the CPU from Loupe's answers (issue 22).
 */
export const DEMO_NICENESS = 10;

/**
 * Node flags for every demo server: a 1 MiB young generation (V8's default is up to 16 MiB per semi
 * space) cut the idle PSS of the four demo servers from 343 to 247 MiB here (issue 22); they are
 * demos, not hot paths, and more frequent scavenges cost them little.
 */
export const DEMO_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=1"];

/** Lowers a process's priority to DEMO_NICENESS; where that is refused, it simply keeps its own. */
export function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, DEMO_NICENESS);
  } catch {
    // not permitted here: the server runs at normal priority
  }
}

export interface ProcessGroup {
  child: ChildProcess;
  /** Resolves when the leader exited. */
  exited: Promise<void>;
  /** The last output lines, for an error message. */
  tail(): string;
  /** Resolves once no member of the group runs (so a caller may reuse its port at once). */
  stop(): Promise<void>;
}

export interface SpawnGroupOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Each output line (stdout and stderr); answer true to keep it out of the tail and the log. */
  onLine?: (line: string) => boolean | void;
  onLog?: (line: string) => void;
}

/** Signals the whole group; members can outlive the leader. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* group already gone */
  }
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

/** Runs `node <DEMO_NODE_FLAGS> <args>` as the leader of a new process group, at DEMO_NICENESS. */
export function spawnGroup(args: string[], opts: SpawnGroupOptions): ProcessGroup {
  const child = spawn(process.execPath, [...DEMO_NODE_FLAGS, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  lowerPriority(child.pid);
  const lines: string[] = [];
  const onData = (buf: Buffer): void => {
    for (const line of buf.toString("utf8").split(/\r?\n/)) {
      if (!line || opts.onLine?.(line) === true) continue;
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
      opts.onLog?.(line);
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A parent that exits without calling stop() must not leave the server running.
  const onExit = (): void => killGroup(child, "SIGKILL");
  process.once("exit", onExit);
  const stop = async (): Promise<void> => {
    process.off("exit", onExit);
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 3000);
    await exited;
    clearTimeout(timer);
    // The leader can exit before the servers it started: finish the group off.
    killGroup(child, "SIGKILL");
    for (let i = 0; i < 50 && child.pid !== undefined && liveGroupMembers(child.pid).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, tail: () => lines.join("\n"), stop };
}

/**
 * Polls `url` until it answers 2xx. Fails with the group's last lines when the leader exits first,
 * when `failed()` says the server reported an error, or after `timeoutMs`.
 */
export async function waitUntilAnswers(
  url: string,
  group: ProcessGroup,
  opts: { name: string; timeoutMs: number; pollMs?: number; failed?: () => boolean },
): Promise<void> {
  const { child } = group;
  const deadline = Date.now() + opts.timeoutMs;
  const pollMs = opts.pollMs ?? 100;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${opts.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${group.tail()}`);
    }
    if (opts.failed?.()) throw new Error(`${opts.name} logged an error before it was ready:\n${group.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, pollMs * 8)) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`${opts.name} did not answer ${new URL(url).pathname} within ${opts.timeoutMs} ms:\n${group.tail()}`);
}
