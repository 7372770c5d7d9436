/**
 * Loupe's tap in a process of its own, for the tap-vs-proxies bench (bench/tap-proxies.ts), as each
 * proxy runs in its own: a stdio connection to the server in argv[2] (JSON { command, args }),
 * tapped, served on 127.0.0.1:argv[3] through the launcher's own `serveTapHttp()` (its gate, the
 * key, the SDK server, the CallRunner and its recording). Prints one JSON line { url, key } once
 * it listens; `--cpu-prof` on the tsx command line profiles it. Each `memory` line on stdin is
 * answered with one JSON line of process.memoryUsage() taken after a full GC (when the process runs
 * with --expose-gc): what the tap still holds, not garbage not yet collected.
 */
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadRegistry, loadServerModule } from "./load-server";
import { keepYoungGenerationSmall } from "../lib/launcher/young-generation";

const launch: unknown = JSON.parse(process.argv[2] ?? "{}");
const port = Number(process.argv[3]);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.LOUPE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "loupe-bench-taphost-"));
process.env.LOUPE_PORT = String(port);

async function main(): Promise<void> {
  // As the launcher (server.ts) runs: its young generation held at its first size (issue 22).
  keepYoungGenerationSmall();
  if (typeof launch !== "object" || launch === null || !("command" in launch) || !("args" in launch))
    throw new Error("argv[2]: { command, args }");
  const { command, args } = launch;
  if (typeof command !== "string" || !Array.isArray(args)) throw new Error("argv[2]: { command: string, args: string[] }");
  const registry = await loadRegistry(root);
  if (!registry) throw new Error("no registry");
  const { installTapEndpoint } = await loadServerModule(() => import("@/lib/server/mcp/tap/endpoint"));
  const { getTaps } = await loadServerModule(() => import("@/lib/server/mcp/tap/store"));
  const { isTapPath, serveTapHttp } = await import("@/lib/launcher/tap-gate");
  installTapEndpoint();
  const view = await registry.create(
    { name: "payload", transport: "stdio", command, args: args.map(String), env: {}, requestTimeoutMs: 60_000 },
    { id: "bench-payload" },
  );
  if (view.state.status !== "connected") throw new Error(`Loupe could not start the server: ${view.state.error?.message}`);
  const secret = getTaps().tapConnection(view.id);
  const front = http.createServer((req, res) => {
    if (isTapPath(req.url ?? "")) return void serveTapHttp(req, res, { port });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => front.listen(port, "127.0.0.1", () => resolve()));
  console.log(JSON.stringify({ url: secret.url, key: secret.key }));
  createInterface({ input: process.stdin }).on("line", (line) => {
    if (line.trim() !== "memory") return;
    // Twice: the first collection frees what finalizers of the first release.
    global.gc?.();
    global.gc?.();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    console.log(JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers, gc: typeof global.gc === "function" }));
  });
  const stop = async () => {
    front.closeAllConnections();
    front.close();
    await registry.closeAll();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
