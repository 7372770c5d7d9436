import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Figure } from "./types";
import { interleavedMedians, median, ratio } from "./types";
import { ensureScratchPackages } from "./scratch-install";

/**
 * The tap against the MCP proxies people run (issue 23): the same client (the SDK v1 Streamable
 * HTTP client, one per front), the same stdio server (bench/fixtures/payload-server.mjs) behind a
 * bare pipe proxy (bench/fixtures/pipe-proxy.mjs), Loupe's tap (bench/tap-host.ts, its own process
 * like each proxy), mcp-proxy and supergateway (stateful), installed by the bench in a scratch
 * folder. Measured interleaved in one run; the load average is printed with the figures.
 * LOUPE_BENCH_TAP_PROF=<dir> runs the tap's process under `--cpu-prof` into that folder.
 */
export const PROXIES = { "mcp-proxy": "6.7.19", supergateway: "4.0.0" };
const PORTS = { tap: 8651, "mcp-proxy": 8652, supergateway: 8653 };
const KiB = 1024;
const MiB = 1024 * 1024;
const CONCURRENT = 50;

type Front = "pipe" | "tap" | "mcpProxy" | "supergateway";
interface Started {
  child: ChildProcess;
  url: string;
  key?: string;
  /** Lines the front printed after its first (tap-host answers `memory` with one). */
  lines?: AsyncIterator<string>;
}

function proxiesDir(): string {
  return process.env.LOUPE_BENCH_PROXIES_DIR ?? path.join(tmpdir(), "loupe-bench-proxies");
}

/** Spawns a front and waits for the first stdout line (`firstLine`) or for its port to answer. */
async function start(command: string, args: string[], opts: { cwd: string; firstLine?: boolean; url?: string }): Promise<Started> {
  const child = spawn(command, args, { cwd: opts.cwd, stdio: [opts.firstLine ? "pipe" : "ignore", "pipe", "inherit"], env: process.env });
  if (opts.firstLine && child.stdout) {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const line = await new Promise<string>((resolve, reject) => {
      void lines.next().then((r) => (r.done ? reject(new Error(`${args.join(" ")} printed nothing`)) : resolve(r.value)));
      child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}) before it listened`)));
    });
    if (line.startsWith("{")) {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === "object" && parsed !== null && "url" in parsed && "key" in parsed)
        return { child, url: String(parsed.url), key: String(parsed.key), lines };
    }
    return { child, url: line.trim() };
  }
  child.stdout?.resume();
  const url = opts.url!;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(url, { method: "GET" }).then(
      () => true,
      () => false,
    );
    if (up) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${url} did not answer`);
}

async function connect(front: Started): Promise<Client> {
  const client = new Client({ name: "bench-proxies", version: "1.0.0" });
  const headers = front.key ? { Authorization: `Bearer ${front.key}` } : undefined;
  await client.connect(new StreamableHTTPClientTransport(new URL(front.url), headers ? { requestInit: { headers } } : undefined));
  return client;
}

async function call(client: Client, bytes: number): Promise<void> {
  const result = await client.callTool({ name: "payload", arguments: { bytes } });
  const first = Array.isArray(result.content) ? result.content[0] : undefined;
  const text: unknown = typeof first === "object" && first !== null && "text" in first ? first.text : undefined;
  if (typeof text !== "string" || text.length !== bytes) throw new Error(`payload: expected ${bytes} characters`);
}

/** Calls per second of `CONCURRENT` calls sent at once. */
async function burst(client: Client): Promise<number> {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT }, () => call(client, KiB)));
  return (CONCURRENT * 1000) / (performance.now() - t0);
}

/**
 * CPU time a process has used (user + system, Linux), ms: per call, a figure the load of a shared
 * machine does not move as it moves wall times (the servers the fronts spawn are not counted).
 */
function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command's ")" : state is the 3rd field of the line, utime the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process (Linux), MiB. */
function rssMiB(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The tap process's resident memory after a full GC (bench/tap-host.ts answers `memory`), MiB. */
async function rssAfterGcMiB(front: Started): Promise<number> {
  if (!front.lines || !front.child.stdin) return NaN;
  front.child.stdin.write("memory\n");
  const next = await front.lines.next();
  const parsed: unknown = next.done ? undefined : JSON.parse(next.value);
  return typeof parsed === "object" && parsed !== null && "rss" in parsed && typeof parsed.rss === "number" ? parsed.rss / MiB : NaN;
}

const load = () => loadavg().map((n) => Number(n.toFixed(2)));

export async function proxiesFigures(root: string, runs: number): Promise<Figure[]> {
  const dir = proxiesDir();
  ensureScratchPackages(dir, PROXIES);
  const server = path.join(root, "bench/fixtures/payload-server.mjs");
  const launch = JSON.stringify({ command: process.execPath, args: [server] });
  const prof = process.env.LOUPE_BENCH_TAP_PROF;
  const started: Started[] = [];
  const clients: Client[] = [];
  const loadBefore = load();
  try {
    const up = async (starting: Promise<Started>) => {
      const s = await starting;
      started.push(s);
      return s;
    };
    const fronts: Record<Front, Started> = {
      pipe: await up(start(process.execPath, [path.join(root, "bench/fixtures/pipe-proxy.mjs"), launch], { cwd: root, firstLine: true })),
      tap: await up(
        start(
          process.execPath,
          [
            ...(prof ? ["--cpu-prof", "--cpu-prof-dir", prof] : []),
            "--expose-gc",
            "--import",
            "tsx",
            "bench/tap-host.ts",
            launch,
            String(PORTS.tap),
          ],
          { cwd: root, firstLine: true },
        ),
      ),
      mcpProxy: await up(
        start(
          process.execPath,
          [
            path.join(dir, "node_modules/mcp-proxy/dist/bin/mcp-proxy.mjs"),
            ...["--port", String(PORTS["mcp-proxy"]), "--host", "127.0.0.1", "--server", "stream", "--", process.execPath, server],
          ],
          { cwd: dir, url: `http://127.0.0.1:${PORTS["mcp-proxy"]}/mcp` },
        ),
      ),
      supergateway: await up(
        start(
          process.execPath,
          [
            path.join(dir, "node_modules/supergateway/dist/index.js"),
            ...["--stdio", `${process.execPath} ${server}`, "--outputTransport", "streamableHttp", "--stateful"],
            ...["--port", String(PORTS.supergateway), "--logLevel", "none"],
          ],
          { cwd: dir, url: `http://127.0.0.1:${PORTS.supergateway}/mcp` },
        ),
      ),
    };
    const c: Record<Front, Client> = {
      pipe: await connect(fronts.pipe),
      tap: await connect(fronts.tap),
      mcpProxy: await connect(fronts.mcpProxy),
      supergateway: await connect(fronts.supergateway),
    };
    clients.push(...Object.values(c));
    const each = (bytes: number) => ({
      pipe: () => call(c.pipe, bytes),
      tap: () => call(c.tap, bytes),
      mcpProxy: () => call(c.mcpProxy, bytes),
      supergateway: () => call(c.supergateway, bytes),
    });
    for (let i = 0; i < 5; i++) for (const f of Object.values(each(KiB))) await f(); // warm-up

    const fronts4 = ["pipe", "tap", "mcpProxy", "supergateway"] as const;
    const cpuBefore = fronts4.map((f) => cpuMs(fronts[f].child.pid));
    const small = await interleavedMedians(runs * 20, each(KiB));
    const rates: Record<Front, number[]> = { pipe: [], tap: [], mcpProxy: [], supergateway: [] };
    for (let i = 0; i < runs; i++) for (const f of ["pipe", "tap", "mcpProxy", "supergateway"] as const) rates[f].push(await burst(c[f]));
    const rate = {
      pipe: median(rates.pipe),
      tap: median(rates.tap),
      mcpProxy: median(rates.mcpProxy),
      supergateway: median(rates.supergateway),
    };
    // The same 1 KiB calls went through each front: one after another, then in bursts.
    const smallCalls = runs * 20 + runs * CONCURRENT;
    const cpuPerCall = fronts4.map((f, i) => (cpuMs(fronts[f].child.pid) - cpuBefore[i]!) / smallCalls);
    const big = await interleavedMedians(runs * 4, each(MiB));

    // RSS of the tap's process (and supergateway's) over two rounds of 150 calls of 1 MiB: the
    // first shows growth from a warm start, the second whether it goes on (it did at +1 MiB a call).
    // The tap's is read after a full GC as well (what it holds, not garbage not yet collected);
    // supergateway's only as it is.
    const pids = { tap: fronts.tap.child.pid, sg: fronts.supergateway.child.pid };
    const reading = async () => ({ tap: rssMiB(pids.tap), sg: rssMiB(pids.sg), tapGc: await rssAfterGcMiB(fronts.tap) });
    const rss = [await reading()];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 150; i++) {
        await call(c.tap, MiB);
        await call(c.supergateway, MiB);
      }
      rss.push(await reading());
    }
    const [rss0, rss1, rss2] = [rss[0]!, rss[1]!, rss[2]!];
    const names: Record<Front, string> = {
      pipe: "bare pipe proxy",
      tap: "Loupe tap",
      mcpProxy: `mcp-proxy ${PROXIES["mcp-proxy"]}`,
      supergateway: `supergateway ${PROXIES.supergateway} (stateful)`,
    };
    return [
      ...fronts4.map((f): Figure => ({
        label: `1 KiB tools/call, ${names[f]}`,
        value: small[f],
        unit: "ms",
        note: `median of ${runs * 20}`,
      })),
      ratio("1 KiB: tap / supergateway", small.tap, small.supergateway, "target ≤ 1.00"),
      ratio("1 KiB: tap / mcp-proxy", small.tap, small.mcpProxy),
      ...fronts4.map((f): Figure => ({
        label: `${CONCURRENT} concurrent 1 KiB calls, ${names[f]}`,
        value: rate[f],
        unit: "calls/s",
        note: `median of ${runs} bursts`,
      })),
      ...fronts4.map((f, i): Figure => ({
        label: `CPU per 1 KiB call, ${names[f]}`,
        value: cpuPerCall[i]!,
        unit: "ms",
        note: `user + system over ${smallCalls} calls, its own process (10 ms ticks)`,
      })),
      ratio("CPU per 1 KiB call: tap / supergateway", cpuPerCall[1]!, cpuPerCall[3]!),
      ratio(`${CONCURRENT} concurrent: tap / supergateway throughput`, rate.tap, rate.supergateway, "target ≥ 1.00"),
      ...fronts4.map((f): Figure => ({ label: `1 MiB tools/call, ${names[f]}`, value: big[f], unit: "ms", note: `median of ${runs * 4}` })),
      ratio("1 MiB: tap / supergateway", big.tap, big.supergateway, "target ≤ 1.10"),
      ...(["tapGc", "tap", "sg"] as const).flatMap((p): Figure[] => {
        const who = { tapGc: "tap process (after GC)", tap: "tap process", sg: "supergateway" }[p];
        const path = `${rss0[p].toFixed(0)} → ${rss1[p].toFixed(0)} → ${rss2[p].toFixed(0)} MiB`;
        return [
          { label: `${who} RSS change, first 150 calls of 1 MiB`, value: rss1[p] - rss0[p], unit: "MB", note: path },
          { label: `${who} RSS change, next 150 calls of 1 MiB`, value: rss2[p] - rss1[p], unit: "MB", note: "target ±20" },
        ];
      }),
      { label: "load average at start (1 min; 1, 5, 15 in the note)", value: loadBefore[0]!, unit: "load", note: loadBefore.join(" ") },
      { label: "load average at end (1 min; 1, 5, 15 in the note)", value: loadavg()[0]!, unit: "load", note: load().join(" ") },
    ];
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    for (const s of started) s.child.kill("SIGTERM");
  }
}
