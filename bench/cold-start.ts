import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { ensureInspector, INSPECTOR_VERSION, spawnInspector } from "./inspector";
import { stopTree, treeMemory, type TreeMemory } from "./process-tree";
import { launchChromium, usableRun, type UsableCase, type UsableRun } from "./usable";
import type { Bench, Figure } from "./types";
import { MB, median } from "./types";

/** Runs of each variant (after one warm-up round that is not counted: it may build). */
const RUNS = Number(process.env.LOUPE_BENCH_COLD_RUNS ?? 5);
/** Ports of its own: the first request must be aimed before a server prints where it listens. */
const PORT = Number(process.env.LOUPE_BENCH_COLD_PORT ?? 7219);
const INSPECTOR_PORT = Number(process.env.LOUPE_BENCH_INSPECTOR_PORT ?? 7221);
/** How long a server is left alone after it is ready (or after the page loaded) before its memory is read. */
const SETTLE_MS = 3_000;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

/**
 * The peers `npm start` starts with the demo, by the API that lists them (demo/peers.ts's ids). The
 * demo LangGraph deployment is not among them: it starts on request (DemoPeer.onRequest).
 */
const DEMO_LISTS: Record<string, string[]> = {
  "/api/connections": ["demo-mcp"],
  "/api/agents": ["demo-agent"],
  "/api/a2a/agents": ["demo-a2a", "demo-adk-a2a"],
  "/api/agui/agents": ["demo-agui"],
};
const READY = new Set(["ok", "connected", "unknown"]);

async function firstOk(url: string, headers: Record<string, string>, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no 200 from ${url} in time`);
}

function statusOf(peer: unknown): unknown {
  if (typeof peer !== "object" || peer === null || !("state" in peer)) return undefined;
  const { state } = peer;
  return typeof state === "object" && state !== null && "status" in state ? state.status : undefined;
}

/** Every demo peer listed and up (saved once its server answered; MCP's connected). */
async function demoReady(base: string, token: string, deadline: number): Promise<void> {
  const pending = new Set(Object.values(DEMO_LISTS).flat());
  while (Date.now() < deadline) {
    for (const [route, ids] of Object.entries(DEMO_LISTS)) {
      const list: unknown = await fetch(base + route, { headers: { "x-loupe-token": token } })
        .then((r) => r.json())
        .catch(() => []);
      for (const peer of Array.isArray(list) ? list : []) {
        const id: unknown = typeof peer === "object" && peer !== null && "id" in peer ? peer.id : undefined;
        if (typeof id === "string" && ids.includes(id) && READY.has(String(statusOf(peer)))) pending.delete(id);
      }
    }
    if (pending.size === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`demo peers not ready in time: ${[...pending].join(", ")}`);
}

/** One page load in Chromium (the browser is the bench's, not counted), then the server settles. */
async function loadPage(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
  } finally {
    await browser.close();
  }
}

interface Run {
  firstOk: number;
  ready?: number;
  idle: TreeMemory;
  afterPage: TreeMemory;
}

async function measure(
  child: ChildProcess,
  t0: number,
  page: string,
  probe: () => Promise<void>,
  ready?: () => Promise<void>,
): Promise<Run> {
  try {
    await probe();
    const first = performance.now() - t0;
    let readyMs: number | undefined;
    if (ready) {
      await ready();
      readyMs = performance.now() - t0;
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idle = treeMemory(child.pid!);
    await loadPage(page);
    return { firstOk: first, ready: readyMs, idle, afterPage: treeMemory(child.pid!) };
  } finally {
    await stopTree(child.pid!);
  }
}

const TOKEN = `bench-cold-${process.pid}`;

/** `npm start` (scripts/start.mjs) on an existing build, with or without the demo, in its own group. */
function spawnLoupe(root: string, dataDir: string, demo: boolean, stdout: "ignore" | "pipe"): ChildProcess {
  const args = [path.join(root, "scripts/start.mjs"), "--no-open", ...(demo ? [] : ["--no-demo"]), "--port", String(PORT)];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOUPE_TOKEN: TOKEN, LOUPE_DATA_DIR: dataDir, CI: "1" },
    stdio: ["ignore", stdout, "inherit"],
    detached: true,
  });
}

/** `npm start` on an existing build, with or without the demo: first 200, demo peers, memory. */
async function loupe(root: string, dataRoot: string, demo: boolean): Promise<Run> {
  const token = TOKEN;
  const dataDir = mkdtempSync(path.join(dataRoot, "cold-"));
  const t0 = performance.now();
  const child = spawnLoupe(root, dataDir, demo, "ignore");
  const base = `http://127.0.0.1:${PORT}`;
  try {
    return await measure(
      child,
      t0,
      `${base}/?token=${token}`,
      () => firstOk(`${base}/?token=${token}`, { "x-loupe-token": token }, Date.now() + 120_000),
      demo ? () => demoReady(base, token, Date.now() + 240_000) : undefined,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `mcp-inspector` (web UI) from the scratch install. */
async function inspector(launcher: string): Promise<Run> {
  const t0 = performance.now();
  const { child, home } = spawnInspector(launcher, INSPECTOR_PORT);
  const base = `http://127.0.0.1:${INSPECTOR_PORT}/`;
  try {
    return await measure(child, t0, base, () => firstOk(base, {}, Date.now() + 120_000));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const VARIANTS = ["inspector", "bare", "demo"] satisfies Variant[];
type Variant = "inspector" | "bare" | "demo";

/**
 * The same three starts as a user meets them (bench/usable.ts): the printed address opened at once in
 * a running Chromium. Loupe is usable when its page is live (hydrated, its event stream open: the API
 * answered); the Inspector when its server list shows (its Add Servers button).
 */
function usableCases(root: string, dataRoot: string, launcher: string): Record<Variant, UsableCase> {
  const loupeCase = (demo: boolean): UsableCase => ({
    spawn() {
      const dataDir = mkdtempSync(path.join(dataRoot, "usable-"));
      return { child: spawnLoupe(root, dataDir, demo, "pipe"), cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
    },
    address: (out) => /Loupe ready: (\S+)/.exec(out)?.[1],
    usable: (page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor(),
  });
  return {
    inspector: {
      spawn() {
        const { child, home } = spawnInspector(launcher, INSPECTOR_PORT, "pipe");
        return { child, cleanup: () => rmSync(home, { recursive: true, force: true }) };
      },
      address: (out) => /MCP Inspector Web is up and running at:\s+(\S+)/.exec(out)?.[1],
      // Its server list's "Add Servers" button: the app rendered and wired (its first child is a hidden <style>).
      usable: (page) => page.getByRole("button", { name: "Add Servers" }).waitFor(),
    },
    bare: loupeCase(false),
    demo: loupeCase(true),
  };
}

const USABLE_NOTE = "printed address opened at once in a running Chromium: Loupe live, the Inspector's server list shown";

const mib = (runs: Run[], pick: (r: Run) => number): number => median(runs.map(pick)) / MB;

function figures(label: string, runs: Run[], note: string): Figure[] {
  const last = runs.at(-1);
  const where = last
    ? Object.entries(last.afterPage.byName)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, pss]) => `${name} ${(pss / MB).toFixed(0)}`)
        .join(", ")
    : "";
  return [
    { label: `${label}: cold start → first 200`, value: median(runs.map((r) => r.firstOk)), unit: "ms", note },
    ...(runs.some((r) => r.ready !== undefined)
      ? [{ label: `${label}: cold start → demo peers ready`, value: median(runs.map((r) => r.ready ?? NaN)), unit: "ms" as const, note }]
      : []),
    { label: `${label}: PSS of its process tree, idle`, value: mib(runs, (r) => r.idle.pss), unit: "MB", note },
    { label: `${label}:   RSS sum, idle`, value: mib(runs, (r) => r.idle.rss), unit: "MB", note },
    {
      label: `${label}: PSS after one page load`,
      value: mib(runs, (r) => r.afterPage.pss),
      unit: "MB",
      note: `${note}; last run, MiB: ${where}`,
    },
    { label: `${label}: processes after the page load`, value: last?.afterPage.processes ?? 0, unit: "count" },
  ];
}

/**
 * Cold start and memory beside the official MCP Inspector (issue 22), in one run: the Inspector's
 * web UI, `npm start --no-demo` and `npm start` with the demo, launched in turn (interleaved, so
 * machine load hits all alike) until each one's first 200, then (with the demo) until every demo
 * peer is up; the memory of each process tree when idle and after one page load in Chromium.
 */
export const coldStartBench: Bench = {
  name: "cold-start",
  async run({ root, dataDir }) {
    const launcher = ensureInspector();
    const runs = { inspector: [] as Run[], bare: [] as Run[], demo: [] as Run[] };
    const seen: Record<Variant, UsableRun[]> = { inspector: [], bare: [], demo: [] };
    const cases = usableCases(root, dataDir, launcher);
    const browser = await launchChromium();
    try {
      for (let i = 0; i <= RUNS; i++) {
        const round = {
          inspector: await inspector(launcher),
          bare: await loupe(root, dataDir, false),
          demo: await loupe(root, dataDir, true),
        };
        const usable = {
          inspector: await usableRun(browser, cases.inspector),
          bare: await usableRun(browser, cases.bare),
          demo: await usableRun(browser, cases.demo),
        };
        if (i === 0) continue; // warm-up: builds, the demo's prebuilt agents, disk caches
        for (const k of VARIANTS) {
          runs[k].push(round[k]);
          seen[k].push(usable[k]);
        }
      }
    } finally {
      await browser.close();
    }
    const note = `median of ${RUNS}`;
    const inspectorMs = median(runs.inspector.map((r) => r.firstOk));
    const ratio = (r: Run[]): number => median(r.map((x) => x.firstOk)) / inspectorMs;
    const usableMs = median(seen.inspector.map((r) => r.usable));
    const seenFigures = (label: string, r: UsableRun[]): Figure[] => {
      const figures: Figure[] = [
        { label: `${label}: cold start → address printed`, value: median(r.map((x) => x.printed)), unit: "ms", note },
        { label: `${label}: cold start → page usable`, value: median(r.map((x) => x.usable)), unit: "ms", note: USABLE_NOTE },
      ];
      if (r !== seen.inspector)
        figures.push({ label: `${label}: page usable vs the Inspector`, value: median(r.map((x) => x.usable)) / usableMs, unit: "x" });
      return figures;
    };
    return [
      ...figures(`Inspector ${INSPECTOR_VERSION}`, runs.inspector, note),
      ...seenFigures(`Inspector ${INSPECTOR_VERSION}`, seen.inspector),
      ...figures("Loupe, no demo", runs.bare, note),
      { label: "Loupe, no demo: first 200 vs the Inspector", value: ratio(runs.bare), unit: "x", note: "target ≤ 1.0" },
      ...seenFigures("Loupe, no demo", seen.bare),
      ...figures("Loupe with the demo", runs.demo, note),
      { label: "Loupe with the demo: first 200 vs the Inspector", value: ratio(runs.demo), unit: "x", note: "target ≤ 1.5" },
      ...seenFigures("Loupe with the demo", seen.demo),
      {
        label: "Loupe with the demo: idle PSS vs the Inspector",
        value: mib(runs.demo, (r) => r.idle.pss) / mib(runs.inspector, (r) => r.idle.pss),
        unit: "x",
        note: "target: ≤ 250 MiB for the tree",
      },
    ];
  },
};
