import { readFileSync, readdirSync } from "node:fs";

/** Memory of a process and every descendant (by parent pid, so children in process groups of their own count too). */
export interface TreeMemory {
  /** Sum of resident set sizes (shared pages counted once per process). */
  rss: number;
  /** Sum of proportional set sizes (/proc/<pid>/smaps_rollup: a shared page split among its sharers). */
  pss: number;
  processes: number;
  /** Per command name (comm), the PSS: where the memory goes. */
  byName: Record<string, number>;
}

function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/status`, "utf8"))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The pid and every live descendant. */
export function treePids(pid: number): number[] {
  const children = childrenByParent();
  const out: number[] = [];
  const walk = (p: number): void => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** A short name for a process: its script's file name for node ("serve.ts"), else its command ("esbuild"). */
function processName(pid: number): string {
  const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  // The first argument that is neither an option nor the value of --require / --import.
  const script = argv.slice(1).find((a, i, rest) => !a.startsWith("-") && !["--require", "--import", "-r"].includes(rest[i - 1] ?? ""));
  return (script ?? argv[0] ?? "?").split("/").at(-1) ?? "?";
}

const kib = (text: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0) * 1024;

export function treeMemory(pid: number): TreeMemory {
  const memory: TreeMemory = { rss: 0, pss: 0, processes: 0, byName: {} };
  for (const p of treePids(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, "utf8");
      const name = processName(p);
      const pss = kib(rollup, "Pss");
      memory.rss += kib(rollup, "Rss");
      memory.pss += pss;
      memory.processes++;
      memory.byName[name] = (memory.byName[name] ?? 0) + pss;
    } catch {
      // gone meanwhile (or a kernel thread with no smaps)
    }
  }
  return memory;
}

/** True while the process exists (a zombie counts as gone). */
export function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

/**
 * Stops a launched tree: SIGTERM to the leader's group, then waits until every process of the tree
 * as it was is gone (demo servers lead groups of their own), SIGKILL after `graceMs`.
 */
export async function stopTree(pid: number, graceMs = 10_000): Promise<void> {
  const pids = treePids(pid);
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // already gone
  }
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const p of pids.filter(alive)) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}
