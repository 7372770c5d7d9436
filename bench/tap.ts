import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { createInterface } from "node:readline";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { demoServerLaunch } from "../demo/mcp/launch";
import type { Bench, Figure } from "./types";
import { interleavedMedians, ratio } from "./types";
import { loadRegistry, loadServerModule } from "./load-server";
import { proxiesFigures } from "./tap-proxies";

/** The demo server's port and the tap host's (the range 8650–8699 is the tap's). */
const DEMO_PORT = 8657;
const TAP_PORT = 8656;
const CALL = { name: "get-forecast", arguments: { city: "Lisbon", days: 1 } };

async function startDemoHttp(root: string): Promise<{ child: ChildProcess; url: string }> {
  const launch = demoServerLaunch({ repoRoot: root, httpPort: DEMO_PORT });
  const child = spawn(launch.command, launch.args, {
    cwd: root,
    env: { ...process.env, ...launch.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once("line", (line) => resolve(line.trim()));
    child.once("exit", (code) => reject(new Error(`the demo server exited (${code}) before it listened`)));
  });
  return { child, url };
}

async function connect(url: string, era: "legacy" | "modern", key?: string): Promise<Client> {
  const client = new Client(
    { name: "bench-tap", version: "1.0.0" },
    { capabilities: {}, versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } } },
  );
  const headers = key ? { Authorization: `Bearer ${key}` } : undefined;
  await client.connect(new StreamableHTTPClientTransport(new URL(url), headers ? { requestInit: { headers } } : undefined));
  return client;
}

/**
 * A tools/call through the tap vs. straight to the same server, both over loopback Streamable
 * HTTP: the SDK v2 client calls the demo server's get-forecast on its own HTTP endpoint, and
 * through a tap of Loupe's connection to that endpoint (tap gate and key, the SDK server in the
 * tap, the CallRunner with its recording, Loupe's client to the server). Per era of the tap's
 * client; Loupe's connection to the server is the same (auto era) for both.
 */
export const tapBench: Bench = {
  name: "tap",
  async run({ root, runs }) {
    const registry = await loadRegistry(root);
    if (!registry) return [];
    const { installTapEndpoint } = await loadServerModule(() => import("@/lib/server/mcp/tap/endpoint"));
    const { getTaps } = await loadServerModule(() => import("@/lib/server/mcp/tap/store"));
    const { closeAllTapHosts } = await loadServerModule(() => import("@/lib/server/mcp/tap/serve"));
    const { isTapPath, serveTapHttp } = await import("@/lib/launcher/tap-gate");
    process.env.LOUPE_PORT = String(TAP_PORT);
    installTapEndpoint();
    const front = http.createServer((req, res) => {
      if (isTapPath(req.url ?? "")) return void serveTapHttp(req, res, { port: TAP_PORT });
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => front.listen(TAP_PORT, "127.0.0.1", () => resolve()));
    const demo = await startDemoHttp(root);
    const clients: Client[] = [];
    try {
      const view = await registry.create(
        { name: "demo-http", transport: "http", url: demo.url, headers: {}, requestTimeoutMs: 20_000 },
        { id: "bench-tap" },
      );
      if (view.state.status !== "connected") throw new Error(`Loupe could not connect to the demo server: ${view.state.error?.message}`);
      const secret = getTaps().tapConnection(view.id);
      const figures: Figure[] = [];
      const n = runs * 10;
      for (const era of ["legacy", "modern"] as const) {
        const direct = await connect(demo.url, era);
        const tapped = await connect(secret.url, era, secret.key);
        clients.push(direct, tapped);
        const call = (client: Client) => async () => {
          const result = await client.callTool(CALL);
          if (result.isError) throw new Error(`get-forecast failed: ${JSON.stringify(result.content)}`);
        };
        // Warm-up: first calls load code paths on both sides.
        for (let i = 0; i < 3; i++) {
          await call(direct)();
          await call(tapped)();
        }
        const times = await interleavedMedians(n, { direct: call(direct), tap: call(tapped) });
        const label = era === "legacy" ? "2025-11-25" : "2026-07-28";
        figures.push(
          { label: `tools/call straight to the server (${label} client)`, value: times.direct, unit: "ms", note: `median of ${n}` },
          { label: `tools/call through the tap (${label} client)`, value: times.tap, unit: "ms", note: `median of ${n}` },
          ratio(`tap / direct (${label} client)`, times.tap, times.direct),
        );
      }
      // The tap against mcp-proxy and supergateway, in processes of their own (bench/tap-proxies.ts).
      if (process.env.LOUPE_BENCH_TAP_PROXIES !== "0") figures.push(...(await proxiesFigures(root, runs)));
      return figures;
    } finally {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await closeAllTapHosts();
      await registry.remove("bench-tap").catch(() => undefined);
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      demo.child.kill("SIGTERM");
    }
  },
};
