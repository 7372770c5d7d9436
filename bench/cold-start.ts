import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Bench, Figure } from "./types";
import { MB, median } from "./types";

const RUNS = 5;
/** A port of its own: the first request must be aimed before Loupe prints where it listens. */
const PORT = Number(process.env.LOUPE_BENCH_COLD_PORT ?? 7219);

/** Resident memory of a process and every descendant (the launcher and what it keeps alive). */
export function treeRss(pid: number): number {
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
  let total = 0;
  const walk = (p: number) => {
    try {
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return total;
}

async function firstOk(url: string, token: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers: { "x-loupe-token": token } });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no 200 from ${url} in time`);
}

/** One `npm start`-style launch (scripts/start.mjs, no demo): spawn → first 200 of the page, and memory then. */
async function coldStart(root: string, dataDir: string, token: string): Promise<{ ms: number; rss: number; processes: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs"), "--no-open", "--no-demo", "--port", String(PORT)], {
    cwd: root,
    env: { ...process.env, LOUPE_TOKEN: token, LOUPE_DATA_DIR: dataDir, CI: "1" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const exited = new Promise((r) => child.once("exit", r));
  try {
    await firstOk(`http://127.0.0.1:${PORT}/?token=${token}`, token, Date.now() + 120_000);
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 200)); // let the first page's work settle before reading memory
    const rss = treeRss(child.pid!);
    const processes = countTree(child.pid!);
    return { ms, rss, processes };
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

function countTree(pid: number): number {
  let n = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const pgid = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);
      if (pgid === pid) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

/**
 * Cold start as a user meets it: `node scripts/start.mjs --no-demo` on an existing build until the
 * first 200 of the page, and the resident memory of every Loupe process then. The first launch
 * (which builds when the build is missing or stale) is not counted.
 */
export const coldStartBench: Bench = {
  name: "cold-start",
  async run({ root, dataDir }) {
    const token = `bench-cold-${process.pid}`;
    const times: number[] = [];
    const rss: number[] = [];
    let processes = 0;
    for (let i = 0; i <= RUNS; i++) {
      const dir = mkdtempSync(path.join(dataDir, "cold-"));
      const r = await coldStart(root, dir, token);
      rmSync(dir, { recursive: true, force: true });
      if (i === 0) continue;
      times.push(r.ms);
      rss.push(r.rss);
      processes = r.processes;
    }
    const note = `median of ${RUNS}, no demo`;
    const figures: Figure[] = [
      { label: "cold start → first 200 of the page", value: median(times), unit: "ms", note: `${note}; target ≤ 1000 ms` },
      { label: "  RSS of Loupe's processes then", value: median(rss) / MB, unit: "MB", note: `${note}; target ≤ 150 MiB` },
      { label: "  Loupe processes (launcher included)", value: processes, unit: "count" },
    ];
    return figures;
  },
};
