import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";

/**
 * The official conformance suite's SERVER scenarios (both requirement sets it ships) against a tap
 * of the demo server (with the suite's fixtures): the suite talks to Loupe's tap, the tap to the
 * demo server over stdio through Loupe's client. The suite cannot send a bearer key, so a loopback
 * relay in front of the tap adds it (and rewrites its own Host/Origin to the tap's; any other Host
 * or Origin, as the DNS-rebinding scenario sends, reaches the tap unchanged).
 */
const root = path.resolve(import.meta.dirname, "../..");
const confDir = path.join(root, "conformance");
const nodeBin = path.join(confDir, "node_modules/.bin/node");
const cliEntry = path.join(confDir, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const forceLoopback = path.join(confDir, "force-loopback.cjs");
const REVISIONS = ["2025-11-25", "2026-07-28"] as const;
/**
 * Scenarios a tap does not pass yet, each with the reason (the report lists them; a listed one that
 * passes fails the test, so the list cannot go stale).
 */
const KNOWN_FAILURES: Record<(typeof REVISIONS)[number], Record<string, string>> = {
  "2025-11-25": {},
  "2026-07-28": {
    // Not the tap's: in this suite version the scenario is a placeholder with one skipped check
    // (notifications/tasks is to be observed on subscriptions/listen), so no server passes it.
    "tasks-status-notifications": "the suite's scenario is a placeholder with no check to pass (pending its subscriptions/listen rewrite)",
  },
};
// Ports overridable so two runs (helpers sharing a machine) do not collide.
const TAP_PORT = Number(process.env.LOUPE_TAP_CONFORMANCE_PORT) || 8652;
const RELAY_PORT = TAP_PORT + 1;

const data = tempDir("loupe-tap-conformance-");
process.env.LOUPE_DATA_DIR = data.dir;
const out = tempDir("loupe-tap-conformance-out-");

let host: TapHostServer;
let relay: http.Server;
let secret: TapSecret;

function startRelay(target: URL, key: string): Promise<http.Server> {
  const own = new Set([`127.0.0.1:${RELAY_PORT}`, `localhost:${RELAY_PORT}`]);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${key}` };
    if (!headers.host || own.has(headers.host)) headers.host = target.host;
    if (typeof headers.origin === "string" && own.has(headers.origin.replace(/^http:\/\//, ""))) headers.origin = `http://${target.host}`;
    const upstream = http.request(
      { host: "127.0.0.1", port: Number(target.port), path: target.pathname, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(RELAY_PORT, "127.0.0.1", () => resolve(server)));
}

function runSuite(revision: string, outDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      realpathSync(nodeBin),
      [
        "--require",
        forceLoopback,
        cliEntry,
        "server",
        "--url",
        `http://127.0.0.1:${RELAY_PORT}/mcp/x`,
        "--requirements",
        revision,
        "--timeout",
        "30000",
        "-o",
        outDir,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** scenario → its checks, from the suite's `server-<scenario>-<timestamp>/checks.json` directories. */
function readResults(dir: string): Map<string, { status: string; id: string; errorMessage?: string }[]> {
  const results = new Map<string, { status: string; id: string; errorMessage?: string }[]>();
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name, "checks.json");
    if (!statSync(path.join(dir, name)).isDirectory() || !existsSync(file)) continue;
    const scenario = name.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/, "");
    results.set(scenario, JSON.parse(readFileSync(file, "utf8")));
  }
  return results;
}

beforeAll(async () => {
  host = await startTapHost(TAP_PORT);
  const launch = demoServerLaunch({ repoRoot: root, conformance: true });
  const view = await getRegistry().create({
    name: "demo (conformance fixtures)",
    transport: "stdio",
    command: launch.command,
    args: launch.args,
    env: launch.env,
    cwd: root,
    requestTimeoutMs: 30_000,
    clientCapabilities: DEFAULT_CLIENT_CAPABILITIES,
  });
  expect(getRegistry().get(view.id)?.state.status).toBe("connected");
  secret = getTaps().tapConnection(view.id);
  // The relay's path is ignored: every request goes to this tap.
  relay = await startRelay(new URL(secret.url), secret.key);
}, 60_000);

afterAll(async () => {
  relay?.closeAllConnections();
  await new Promise((resolve) => relay?.close(resolve));
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
  out.cleanup();
});

describe.each(REVISIONS)("conformance server scenarios through a tap (%s)", (revision) => {
  it("fails no scenario the revision requires but the known ones listed with their reason", { timeout: 300_000 }, async () => {
    const dir = path.join(out.dir, revision);
    const run = await runSuite(revision, dir);
    const results = readResults(dir);
    const failed = [...results.entries()]
      .filter(
        ([, checks]) => checks.some((c) => c.status === "FAILURE" || c.status === "WARNING") || !checks.some((c) => c.status === "SUCCESS"),
      )
      .map(([scenario, checks]) => ({
        scenario,
        problems: checks
          .filter((c) => c.status === "FAILURE" || c.status === "WARNING")
          .map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? ""}`),
      }));
    const summary = { revision, scenarios: results.size, passed: results.size - failed.length, failed };
    // Kept for the report (TAP_CONFORMANCE_SUMMARY names a file).
    if (process.env.TAP_CONFORMANCE_SUMMARY)
      writeFileSync(`${process.env.TAP_CONFORMANCE_SUMMARY}.${revision}.json`, JSON.stringify(summary, null, 2));
    expect(results.size, run.output.slice(-2000)).toBeGreaterThan(0);
    // No failure outside the known list; a known one that passed is said (the list is then shortened).
    const known = KNOWN_FAILURES[revision];
    const passedKnown = Object.keys(known).filter((s) => results.has(s) && !failed.some((f) => f.scenario === s));
    if (passedKnown.length) console.log(`tap conformance ${revision}: known failures that passed this time: ${passedKnown.join(", ")}`);
    expect(failed.filter((f) => !(f.scenario in known))).toEqual([]);
  });
});
