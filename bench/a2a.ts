import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { SendMessageRequest } from "@a2a-js/sdk";
import { ClientFactory, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import type { Client } from "@a2a-js/sdk/client";
import { demoCardJson } from "../demo/a2a/card";
import { startA2aDemo } from "../demo/a2a/demo-agent";
import type { Bench } from "./types";
import { median, ratio } from "./types";
import { loadServerModule } from "./load-server";

/** In issue 11's A2A range (7150–7159). */
const DEMO_PORT = 7156;
const REPLAY_PORT = 7157;
/** Issue 23's replay: one `stream N` task of 2,000 artifact chunks (+ task, working, completed). */
const CHUNKS = 2000;
/** Issue 23's targets: Loupe's relay to the page's event stream against the bare SDK client. */
const TARGET_LAST = 1.5;
const TARGET_FIRST = 1.3;

/** When the first and the last event of one stream arrived, in ms from the send. */
interface Arrivals {
  first: number;
  last: number;
  events: number;
  /** CPU time this process spent (user + system), ms: on a loaded machine, the figure wall time hides. */
  cpu?: number;
  /** When the agent had the whole request, ms from the send: the part of `first` spent before the agent. */
  asked?: number;
}

/** Runs `fn` and adds the process's CPU time over it. */
async function withCpu(fn: () => Promise<Arrivals>): Promise<Arrivals> {
  const before = process.cpuUsage();
  const out = await fn();
  const used = process.cpuUsage(before);
  return { ...out, cpu: (used.user + used.system) / 1000 };
}

/** The `result` of every SSE event of one real `stream N` task, as the agent sent them. */
async function capture(url: string, chunks: number): Promise<string[]> {
  const results: string[] = [];
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "SendStreamingMessage",
    params: { message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data: { skill: "stream", count: chunks } }] } },
  });
  const res = await fetch(`${url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "a2a-version": "1.0" },
    body,
  });
  for (const block of (await res.text()).split("\n\n")) {
    const data = block.split("\n").find((l) => l.startsWith("data: "));
    if (data) results.push(JSON.stringify((JSON.parse(data.slice(6)) as { result: unknown }).result));
  }
  return results;
}

/**
 * The replay agent, in a process of its own (as an agent is): serves the card, and answers each
 * request with the captured frames (argv[1]: a JSON file of { card, results, port }) at socket speed, with
 * the request's JSON-RPC id; writes `asked <time>` (absolute ms, one clock with the bench's) when a
 * request is in. The frames' bytes are prepared once: each request only splices its id in.
 */
const REPLAY_AGENT = `
const http = require("node:http");
const { card, results, port } = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
const frames = results.map((r) => Buffer.from(',"result":' + r + "}\\n\\n"));
const server = http.createServer((req, res) => {
  if (req.method === "GET") return void res.writeHead(200, { "content-type": "application/json" }).end(card);
  let text = "";
  req.on("data", (c) => (text += c.toString()));
  req.on("end", () => {
    process.stdout.write("asked " + (performance.timeOrigin + performance.now()) + "\\n");
    const head = Buffer.from('data: {"jsonrpc":"2.0","id":' + JSON.stringify(JSON.parse(text).id));
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.end(Buffer.concat(frames.flatMap((frame) => [head, frame])));
  });
});
server.listen(port, "127.0.0.1", () => process.stdout.write("listening\\n"));
`;

/**
 * Replays captured frames as fast as the socket takes them (the card names this server), with the
 * JSON-RPC id of each request: the relay is then measured without the agent's own N² cost (the
 * SDK's task store clones the whole task per event). In a child process: in this one, the agent's
 * work (its writes, its garbage) fell inside whichever client's sample ran, and the work Loupe does
 * while a request travels could not overlap the agent's as it does with a real one.
 */
async function startReplay(results: string[]): Promise<{ url: string; asked(since: number): Promise<number>; close(): Promise<void> }> {
  const url = `http://127.0.0.1:${REPLAY_PORT}`;
  const dir = mkdtempSync(path.join(tmpdir(), "loupe-bench-replay-"));
  const file = path.join(dir, "replay.json");
  writeFileSync(file, JSON.stringify({ card: JSON.stringify(demoCardJson(url)), results, port: REPLAY_PORT }));
  const child = spawn(process.execPath, ["-e", REPLAY_AGENT, file], { stdio: ["ignore", "pipe", "inherit"] });
  let asked = NaN;
  let onAsked = (): void => undefined;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const listening = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    void exited.then(() => reject(new Error(`the replay agent exited (${child.exitCode ?? child.signalCode})`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "listening") resolve();
      else if (line.startsWith("asked ")) {
        asked = Number(line.slice(6));
        onAsked();
      }
    });
  });
  await listening;
  return {
    url,
    // When the agent had the request sent at `since` (its line comes over a pipe: waited for, 1 s at most).
    asked: async (since) => {
      let late = false;
      const deadline = setTimeout(() => {
        late = true;
        onAsked();
      }, 1000);
      while (!(asked >= since) && !late) await new Promise<void>((resolve) => (onAsked = resolve));
      clearTimeout(deadline);
      return asked >= since ? asked : NaN;
    },
    close: async () => {
      // Its port free again before this resolves (a bench run at once after would find it taken).
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The bare SDK client: one `stream N` task, read to its last event. */
async function bareStream(client: Client, asked: (since: number) => Promise<number>): Promise<Arrivals> {
  const request = SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ data: { skill: "stream", count: CHUNKS } }] },
  });
  const start = clock();
  let first = NaN;
  let events = 0;
  for await (const _ of client.sendMessageStream(request)) {
    if (events++ === 0) first = clock() - start;
  }
  return { first, last: clock() - start, events, asked: (await asked(start)) - start };
}

/**
 * The browser's side of the page's event stream, in a process of its own (as a browser is): it
 * reads the SSE, and for each `watch <agentId> <count>` line on stdin answers `<first> <last>`, the
 * absolute times (performance.timeOrigin + now, one clock for both processes) at which the first
 * and the count-th `a2a_frame` entry of that agent arrived (an `entries` event's run parsed, as the
 * page parses it, and counted).
 */
const PAGE_READER = `
const http = require("node:http");
const readline = require("node:readline");
let watch = null;
const now = () => performance.timeOrigin + performance.now();
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const [, agent, count] = line.split(" ");
  watch = { agent: '"connectionId":' + JSON.stringify(agent), count: Number(count), seen: 0, first: 0 };
  process.stdout.write("watching\\n");
});
http.get(process.argv[1], (res) => {
  // What came after the last blank line. Only the event that straddles two reads is joined, as the
  // page's parser does (lib/sse-aligned.ts): a read joined to the one before is slow to search.
  let rest = "";
  res.setEncoding("utf8");
  res.on("data", (text) => {
    let from = 0;
    if (rest !== "") {
      // The blank line may straddle the two reads.
      const straddles = rest.endsWith("\\n") && text.startsWith("\\n");
      const end = straddles ? 0 : text.indexOf("\\n\\n");
      if (end < 0) return void (rest += text);
      onEvent(straddles ? rest.slice(0, -1) : rest + text.slice(0, end));
      from = straddles ? 1 : end + 2;
      rest = "";
    }
    for (let end = text.indexOf("\\n\\n", from); end >= 0; end = text.indexOf("\\n\\n", from)) {
      onEvent(text.slice(from, end));
      from = end + 2;
    }
    rest = text.slice(from);
  });
  process.stdout.write("open\\n");
});
function onEvent(event) {
  if (!watch || !event.includes('"kind":"a2a_frame"') || !event.includes(watch.agent)) return;
  // An \`entries\` event carries a run of frames (lib/contracts/entries.ts): read, as the page does.
  const run = event.includes("\\nevent: entries\\n") ? JSON.parse(event.slice(event.indexOf("\\ndata: ") + 7)).items.length : 1;
  if (watch.seen === 0) watch.first = now();
  watch.seen += run;
  if (watch.seen >= watch.count) {
    process.stdout.write(watch.first + " " + now() + "\\n");
    watch = null;
  }
}
`;

/**
 * The page's event stream: the route the browser reads, GET /api/stream (app/api/stream/route.ts,
 * its replay marking included), served on a node:http server and read by PAGE_READER in a child
 * process. Only Next's own request adapter is left out.
 */
async function pageStream(route: (req: Request) => Promise<Response>) {
  const stop = new AbortController();
  const server = http.createServer((req, res) => {
    void (async () => {
      const answer = await route(new Request(`http://127.0.0.1${req.url ?? "/"}`, { signal: stop.signal }));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      const reader = answer.body!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) res.write(r.value);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?runs=1`;
  const child = spawn(process.execPath, ["-e", PAGE_READER, url], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  let onLine: (line: string) => void = () => {};
  lines.on("line", (line) => onLine(line));
  await new Promise<void>((resolve) => (onLine = () => resolve()));
  return {
    /**
     * Arrivals on the page of `events` frames of agent `agentId`, timed from `start` (absolute ms).
     * Resolves once the reader is watching (so a frame cannot arrive before it looks), with the arrivals to come.
     */
    async watch(agentId: string, events: number, start: () => number): Promise<{ arrived: Promise<Arrivals> }> {
      const watching = new Promise<void>((resolve) => (onLine = () => resolve()));
      child.stdin.write(`watch ${agentId} ${events}\n`);
      await watching;
      const arrived = new Promise<Arrivals>((resolve) => {
        onLine = (line) => {
          const [first, last] = line.split(" ").map(Number);
          resolve({ first: first! - start(), last: last! - start(), events });
        };
      });
      return { arrived };
    },
    close: async () => {
      child.kill();
      stop.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Lets what a sample left behind finish before the next one starts (the store's group commit and
 * its writes behind, a few ms after a burst), so neither side's sample pays for the other's.
 */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 60));

/** One clock for this process and the page reader's. */
const clock = () => performance.timeOrigin + performance.now();

const loadNote = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * A2A streaming relay (issue 23): one `stream 2000` task, its frames captured once from the demo
 * agent and replayed at socket speed, read side by side in one run (interleaved): by the bare
 * `@a2a-js/sdk` client, and by Loupe (`getA2a().send`: the SDK client over Loupe's recording wire,
 * task records, timeline) to the page's event stream (GET /api/stream's SSE, read by another process). Times to the
 * first and to the last event; ratios against the targets, with the load average.
 */
export const a2aBench: Bench = {
  name: "a2a",
  async run(ctx) {
    // LOUPE_BENCH_A2A_RUNS: more replays (e.g. under `--cpu-prof`, to profile the relay). At least
    // 31 by default: a sample takes a fifth of a second, one GC pause moves a median of 5, and two
    // runs of 11 back to back gave ratios 0.1–0.2 apart on an idle machine. Runs of 31 still differ
    // (first event 1.20–1.41× in one afternoon): that spread is between runs; each run says its load
    // (the bench's own three processes on two cores make it 1–2).
    const runs = Number(process.env.LOUPE_BENCH_A2A_RUNS ?? Math.max(ctx.runs, 31));
    const { getA2a } = await loadServerModule(() => import("@/lib/server/a2a"));
    const { GET } = await loadServerModule(() => import("@/app/api/stream/route"));
    const registry = getA2a();
    const loadBefore = loadNote();

    const demo = await startA2aDemo({ port: DEMO_PORT, timing: { stepMs: 0 } });
    let replay: Awaited<ReturnType<typeof startReplay>> | undefined;
    const page = await pageStream(GET);
    try {
      const agentSide = await startReplay(await capture(demo.url, CHUNKS));
      replay = agentSide;
      const bare = await new ClientFactory({ transports: [new JsonRpcTransportFactory({})] }).createFromUrl(replay.url);
      const agent = await registry.create({ name: "bench relay", url: `${replay.url}/.well-known/agent-card.json`, headers: {} });
      const body = { parts: [{ kind: "data" as const, data: { skill: "stream", count: CHUNKS } }], stream: true };
      const viaLoupe = async (events: number): Promise<Arrivals> => {
        let start = 0;
        const { arrived } = await page.watch(agent.id, events, () => start);
        start = clock();
        const { exchangeId } = await registry.send(agent.id, body);
        const out = { ...(await arrived), asked: (await agentSide.asked(start)) - start };
        await registry.waitExchange(exchangeId);
        await settled();
        return out;
      };
      // Warm-up, three rounds of each (JIT, sockets): the first two of Loupe's were still 2–3× slower.
      const warm = await bareStream(bare, agentSide.asked);
      for (let i = 0; i < 3; i++) {
        await bareStream(bare, agentSide.asked);
        await viaLoupe(warm.events);
      }
      const samples = { bare: [] as Arrivals[], loupe: [] as Arrivals[] };
      for (let i = 0; i < runs; i++) {
        samples.bare.push(await withCpu(() => bareStream(bare, agentSide.asked)));
        await settled();
        samples.loupe.push(await withCpu(() => viaLoupe(warm.events)));
      }
      const m = (list: Arrivals[], key: "first" | "last" | "cpu" | "asked") => median(list.map((a) => a[key] ?? NaN));
      const [bareFirst, bareLast, loupeFirst, loupeLast] = [
        m(samples.bare, "first"),
        m(samples.bare, "last"),
        m(samples.loupe, "first"),
        m(samples.loupe, "last"),
      ];
      const load = `load avg ${loadBefore} before, ${loadNote()} after`;
      const of = `median of ${runs}, interleaved`;
      return [
        { label: `relay: events per stream (${CHUNKS} chunks + 3)`, value: warm.events, unit: "count" },
        { label: "relay: bare SDK client, first event", value: bareFirst, unit: "ms", note: of },
        { label: "relay: Loupe, first event on the page's stream", value: loupeFirst, unit: "ms", note: of },
        { label: "relay: bare SDK client, send → the agent has the request", value: m(samples.bare, "asked"), unit: "ms", note: of },
        { label: "relay: Loupe, send → the agent has the request", value: m(samples.loupe, "asked"), unit: "ms", note: of },
        { label: "relay: bare SDK client, last event", value: bareLast, unit: "ms", note: of },
        { label: "relay: Loupe, last event on the page's stream", value: loupeLast, unit: "ms", note: of },
        ratio("relay: Loupe / bare, first event", loupeFirst, bareFirst, `target ≤ ${TARGET_FIRST}; ${load}`),
        ratio("relay: Loupe / bare, last event", loupeLast, bareLast, `target ≤ ${TARGET_LAST}; ${load}`),
        { label: "relay: bare SDK client, CPU per stream", value: m(samples.bare, "cpu"), unit: "ms", note: "this process, user + system" },
        { label: "relay: Loupe, CPU per stream (relay + page stream)", value: m(samples.loupe, "cpu"), unit: "ms", note: "this process" },
        ratio("relay: Loupe / bare, CPU per stream", m(samples.loupe, "cpu"), m(samples.bare, "cpu"), "load-independent companion figure"),
      ];
    } finally {
      await page.close();
      await replay?.close();
      await demo.stop();
    }
  },
};
