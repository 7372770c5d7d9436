import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { Agent } from "node:http";
import path from "node:path";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { connectDemo } from "@/demo/mcp/connect-demo";
import type { Bench, Figure } from "./types";
import { MB, blockMedians, interleavedMedians, ratio } from "./types";
import { httpJson, startLoupe } from "./loupe-process";
import { demoConnection } from "./tools-list";

/** The same tool at two sizes: a small answer shows per-request cost, a large one copying cost. */
const SIZES = [
  { label: "1 KiB", megabytes: 1 / 1024, runs: 300, warm: 200, target: 1.5 },
  { label: "5 MiB", megabytes: 5, runs: 7, warm: 2, target: 1.2 },
] as const;

/** Calls per block in the block-alternated order. */
const BLOCK = 20;

/**
 * tools/call as the page makes it (POST /api/connections/:id/tools/call on a real Loupe process,
 * started as `npm start` does, without the demo servers) against the bare SDK client (v1,
 * `@modelcontextprotocol/sdk` Client over stdio) calling the same demo server. Measured in
 * alternation, so the ratio holds on a busy machine, in two orders (see blockMedians), and with
 * two HTTP clients: fetch (undici, as the page's browser does) and node:http with a kept-alive
 * socket (about half a millisecond less of the client's own work per call on this machine).
 * Also counts how many copies of one result the store keeps (read straight from the SQLite file
 * while Loupe runs: WAL readers do not block).
 */
export const apiCallBench: Bench = {
  name: "api-call",
  async run({ root, dataDir }) {
    const figures: Figure[] = [];
    const loupeDir = path.join(dataDir, "api-call");
    const loupe = await startLoupe(root, loupeDir);
    const client = await connectDemo();
    const proxy = await startBareProxy(root);
    try {
      const conn = await loupe.api<{ id: string }>("POST", "/api/connections", demoConnection(root));
      const route = `/api/connections/${encodeURIComponent(conn.id)}/tools/call`;
      for (const size of SIZES) {
        const params = { name: "download-report", arguments: { megabytes: size.megabytes } };
        const sdk = async () => {
          const r = await client.request({ method: "tools/call", params }, CallToolResultSchema);
          if (r.isError) throw new Error("the SDK call failed");
        };
        // The page's request: JSON body, token header, JSON answer read whole.
        const api = async () => {
          const record = await loupe.api<{ status: string }>("POST", route, params);
          if (record.status !== "ok") throw new Error(`call ended ${record.status}`);
        };
        const lean = async () => {
          const record = await loupe.leanApi<{ status: string }>("POST", route, params);
          if (record.status !== "ok") throw new Error(`call ended ${record.status}`);
        };
        // The floor for any HTTP API in front of the server: the same node:http client and the
        // same extra hop, with nothing done in between (bench/fixtures/bare-proxy.mjs).
        const floor = async () => {
          const answer = await httpJson<{ status: string }>(proxy.agent, proxy.url, "POST", params);
          if (answer.status !== "ok") throw new Error(`the bare proxy's call ended ${answer.status}`);
        };
        // Steady state on both sides: the same number of calls first, so neither is timed while its
        // code is still being compiled by V8 (40 cold runs put the first route loads in the median).
        for (let i = 0; i < size.warm; i++) {
          await sdk();
          await api();
          await lean();
          await floor();
        }
        // Two orders, both reported: every call alternated (each starts from idle processes, as one
        // click does) and blocks of back-to-back calls alternated (each side in its steady state).
        const orders = [
          { name: "alternated", times: await interleavedMedians(size.runs, { sdk, api, lean, floor }) },
          { name: `blocks of ${BLOCK}`, times: await blockMedians(size.runs, BLOCK, { sdk, api, lean, floor }) },
        ];
        for (const { name, times } of orders) {
          const note = `median of ${size.runs}, ${name}`;
          const target = `target ≤ ${size.target}x`;
          figures.push({ label: `${size.label} tools/call, bare SDK (v1 client)`, value: times.sdk, unit: "ms", note });
          figures.push({ label: `${size.label} tools/call, Loupe API, fetch client`, value: times.api, unit: "ms", note });
          figures.push(ratio(`  Loupe API (fetch) / bare SDK`, times.api, times.sdk, target));
          figures.push({ label: `${size.label} tools/call, Loupe API, node:http client`, value: times.lean, unit: "ms", note });
          figures.push(ratio(`  Loupe API (node:http) / bare SDK`, times.lean, times.sdk, target));
          figures.push({ label: `${size.label} tools/call, bare HTTP proxy (floor), node:http`, value: times.floor, unit: "ms", note });
          figures.push(ratio(`  bare HTTP proxy / bare SDK`, times.floor, times.sdk, "what one more hop costs"));
          figures.push(ratio(`  Loupe API (node:http) / bare HTTP proxy`, times.lean, times.floor, "Loupe's own cost"));
        }
        figures.push(await storedCopies(path.join(loupeDir, "loupe.db"), size.label, api));
      }
    } finally {
      await client.close();
      await proxy.stop();
      await loupe.stop();
    }
    return figures;
  },
};

/**
 * Runs one more call and counts how many times its result's text was written to the store (entry
 * raws of that call + its call row).
 */
async function storedCopies(file: string, label: string, call: () => Promise<void>): Promise<Figure> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // The store commits its hot writes a few milliseconds after the answer (lib/server/group-commit.ts): read
  // before and after the call once that has happened, as another process would.
  const committed = () => new Promise((r) => setTimeout(r, 100));
  try {
    await committed();
    // MAX of no rows is NULL: then `seq > NULL` matches nothing, as before.
    const seq = db.prepare<[], { m: number | null }>("SELECT MAX(seq) AS m FROM entries").get()?.m ?? null;
    await call();
    await committed();
    const rows = db.prepare<[number | null], { raw: string }>("SELECT raw FROM entries WHERE seq > ?").all(seq);
    const latest = db.prepare<[], { record: string }>("SELECT record FROM calls ORDER BY rowid DESC LIMIT 1").get();
    if (!latest) throw new Error("no call row in the store");
    const record = JSON.parse(latest.record) as { result?: { content?: { text?: string }[] } };
    const text = record.result?.content?.[0]?.text ?? resultTextFromFrames(rows);
    if (!text) throw new Error("no result text found in the store");
    // As the JSON text holds it (the report's newlines are escaped there).
    const needle = JSON.stringify(text.slice(-200)).slice(1, -1);
    const copies = [...rows.map((r) => r.raw), latest.record].filter((s) => s.includes(needle)).length;
    const entryBytes = rows.reduce((n, r) => n + r.raw.length, 0);
    const note = `target 1; ${rows.length} entry rows, ${(entryBytes / MB).toFixed(2)} MiB + call row ${(latest.record.length / MB).toFixed(2)} MiB`;
    return { label: `  ${label} result copies stored for one call`, value: copies, unit: "count", note };
  } finally {
    db.close();
  }
}

function resultTextFromFrames(rows: { raw: string }[]): string | undefined {
  for (const { raw } of rows) {
    const frame = JSON.parse(raw) as { result?: { content?: { text?: string }[] } };
    const text = frame.result?.content?.[0]?.text;
    if (text) return text;
  }
  return undefined;
}

/** bench/fixtures/bare-proxy.mjs in front of its own demo server over stdio. */
async function startBareProxy(root: string): Promise<{ url: string; agent: Agent; stop(): Promise<void> }> {
  const launch = demoServerLaunch({ repoRoot: root });
  const child = spawn(process.execPath, [path.join(root, "bench/fixtures/bare-proxy.mjs"), JSON.stringify(launch)], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the bare proxy exited (${code}) before it listened: ${out}`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  return {
    url,
    agent,
    async stop() {
      agent.destroy();
      child.stdin.end();
      await exited;
    },
  };
}
