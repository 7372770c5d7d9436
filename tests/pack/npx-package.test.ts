import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { EVERYTHING } from "@/tests/support/servers";
import { startPrebuiltMirror } from "./prebuilt-mirror";

/**
 * Issue 22's pack test: `npm run pack:dist` (scripts/pack.mjs) from the existing production build,
 * the tarball installed into an empty folder with npm, then `npx loupe-inspector` started from there:
 * it answers 200 on its page, pre-connects the server given on the command line, and the installed
 * folder stays under 200 MB. Sizes and times are printed. Runs apart from the unit tests
 * (tests/pack/vitest.config.ts), after Playwright has built the app.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOKEN = "pack-test-token";
const MAX_INSTALLED_BYTES = 200 * 1024 * 1024;
const work = mkdtempSync(path.join(tmpdir(), "loupe-pack-"));
const data = mkdtempSync(path.join(tmpdir(), "loupe-pack-data-"));
let tarball = "";
let installMs = 0;
const launched: ChildProcess[] = [];
const configFile = path.join(work, "claude_desktop_config.json");

const Connections = z.array(z.object({ id: z.string(), name: z.string(), state: z.object({ status: z.string() }) }));
const Offers = z.object({ offers: z.array(z.object({ protocol: z.string(), id: z.string(), missing: z.array(z.string()) })) });

/** Bytes of every file under `dir` (links not followed): what the install costs on disk. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(full) : lstatSync(full).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

beforeAll(async () => {
  let t = Date.now();
  // LOUPE_PACK_ALLOW_STALE=1: by hand, a build older than an edit (npm test always packs an up-to-date one).
  const flags = process.env.LOUPE_PACK_ALLOW_STALE === "1" ? ["--allow-stale"] : [];
  tarball =
    run(process.execPath, [path.join(ROOT, "scripts/pack.mjs"), ...flags], ROOT)
      .trim()
      .split("\n")
      .pop() ?? "";
  console.log(`pack: ${path.basename(tarball)}, ${mb(lstatSync(tarball).size)}, made in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  writeFileSync(path.join(work, "package.json"), JSON.stringify({ name: "pack-test", private: true }));
  // A Claude Desktop config file, the shape most users already have.
  writeFileSync(
    configFile,
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } } }, null, 2),
  );
  // better-sqlite3's binary as a user's npm fetches it (./prebuilt-mirror.ts): CI cannot reach its release host.
  const mirror = await startPrebuiltMirror(ROOT);
  t = Date.now();
  try {
    await runAsync("npm", ["install", tarball, "--no-audit", "--no-fund"], work, mirror?.env ?? {});
  } finally {
    await mirror?.close();
  }
  installMs = Date.now() - t;
  console.log(`pack: better-sqlite3 ${mirror?.served() ? "installed from its prebuilt binary" : "compiled from source"}`);
});

/** `run` that leaves the event loop free (the prebuilt mirror answers from this process). */
function runAsync(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

/** `npx loupe-inspector …` in the install folder, until it prints its address: its base URL. */
async function launch(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<{ base: string; output: () => string }> {
  const child = spawn("npx", ["loupe-inspector", "--no-open", "--port", "0", ...args], {
    cwd: work,
    env: { ...process.env, LOUPE_TOKEN: TOKEN, LOUPE_DATA_DIR: dataDir, CI: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npx does not pass a SIGTERM on to the Loupe it started.
    detached: true,
  });
  launched.push(child);
  let output = "";
  const base = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Loupe ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`loupe-inspector exited (${code}) before it was ready:\n${output}`)));
  });
  return { base, output: () => output };
}

/** SIGTERM to npx and the Loupe it started (one group), as a terminal's Ctrl-C would. */
function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

const api = (base: string, route: string) => fetch(`${base}${route}`, { headers: { "x-loupe-token": TOKEN } });

/** The connections once every one has left "connecting" (or after 30 s). */
async function settledConnections(base: string): Promise<z.infer<typeof Connections>> {
  let connections: z.infer<typeof Connections> = [];
  for (let i = 0; i < 60; i++) {
    const res = await api(base, "/api/connections");
    expect(res.status).toBe(200);
    connections = Connections.parse(await res.json());
    // A demo is "idle" until Loupe has answered once (lib/launcher/serving.ts), then connecting.
    if (connections.length > 0 && connections.every((c) => !["idle", "connecting"].includes(c.state.status))) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return connections;
}

afterAll(async () => {
  for (const child of launched) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    stop(child);
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe("npx loupe-inspector from the packed tarball", () => {
  it("installs under 200 MB", () => {
    const installed = bytesUnder(path.join(work, "node_modules"));
    console.log(`pack: installed folder ${mb(installed)}, npm install took ${(installMs / 1000).toFixed(1)} s`);
    expect(installed).toBeLessThan(MAX_INSTALLED_BYTES);
    // The PostgreSQL store's driver is loaded by path from the app's folder (lib/server/sql/pg-sync.ts).
    const fromApp = createRequire(path.join(work, "node_modules/loupe-inspector/app/package.json"));
    expect(fromApp.resolve("pg")).toContain(path.join(work, "node_modules"));
  });

  it("starts with no build step, answers 200 and pre-connects the server of its --config file", async () => {
    const started = Date.now();
    // npm's registry is a closed port and its cache empty, for the Conformance tab's offline install below.
    const offline = {
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_cache: path.join(data, "npm-cache"),
      npm_config_fetch_retries: "0",
    };
    const { base, output } = await launch(["--no-demo", "--config", configFile], data, offline);
    expect(output()).not.toMatch(/Building Loupe/);
    const page = await fetch(`${base}/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    console.log(`pack: first 200 ${((Date.now() - started) / 1000).toFixed(1)} s after npx`);
    const connections = await settledConnections(base);
    expect(connections.map((c) => [c.name, c.state.status])).toEqual([["everything", "connected"]]);
    expect((await api(base, "/api/demos")).status).toBe(200);

    // The Conformance tab on a package install: a GET installs nothing (the suite is not shipped), and
    // an explicit Install with no registry fails in words, into Loupe's data folder, never the package's.
    const Suite = z.object({ status: z.string(), installDir: z.string(), error: z.string().nullable() });
    const before = Suite.parse(await (await api(base, "/api/conformance/suite")).json());
    expect(before.status).toBe("missing");
    expect(before.installDir.startsWith(data)).toBe(true);
    const install = await fetch(`${base}/api/conformance/suite`, { method: "POST", headers: { "x-loupe-token": TOKEN } });
    expect(install.status).toBe(202);
    let after = before;
    for (let i = 0; i < 120 && !after.error; i++) {
      await new Promise((r) => setTimeout(r, 500));
      after = Suite.parse(await (await api(base, "/api/conformance/suite")).json());
    }
    expect(after.error).toMatch(/npm could not reach the registry/);
    expect(readdirSync(path.join(work, "node_modules/loupe-inspector/app/conformance")).sort()).toEqual([
      "package-lock.json",
      "package.json",
    ]);
  });

  it("with the demo: the prebuilt demo MCP server connects, and the demos it does not ship are offered, not failed", async () => {
    const demoData = mkdtempSync(path.join(tmpdir(), "loupe-pack-demo-"));
    try {
      const { base } = await launch([], demoData);
      const connections = await settledConnections(base);
      expect(connections.find((c) => c.id === "demo-mcp")?.state.status).toBe("connected");
      const offers = Offers.parse(await (await api(base, "/api/demos")).json()).offers;
      expect(offers.map((o) => `${o.protocol}/${o.id}`).sort()).toEqual(["a2a/demo-adk-a2a", "adk/demo-agent", "langgraph/demo-langgraph"]);
      expect(offers.find((o) => o.id === "demo-agent")?.missing).toContain("@google/adk-devtools");
    } finally {
      const child = launched.pop();
      if (child) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        stop(child);
        await exited;
      }
      rmSync(demoData, { recursive: true, force: true });
    }
  });

  it("runs the headless CLI from the tarball: list a --config server, diff it against itself (exit 0)", () => {
    const list = run("npx", ["loupe-inspector", "list", "everything", "--config", configFile], work);
    expect(list).toMatch(/^mcp-servers\/everything /);
    expect(list).toContain("  get-sum  Returns the sum of two numbers");
    const file = path.join(work, "surface.json");
    run("npx", ["loupe-inspector", "snapshot", "everything", "--config", configFile, "-o", file], work);
    expect(run("npx", ["loupe-inspector", "diff", file, "everything", "--config", configFile], work)).toBe("No changes.\n");
  });

  it("keeps `tap` as the stdio bridge: npx loupe-inspector tap --help", () => {
    const help = run("npx", ["loupe-inspector", "tap", "--help"], work);
    expect(help).toMatch(/loupe tap <connection name or id>/);
    expect(help).toMatch(/npx", "args": \["-y", "loupe-inspector", "tap", "my-server"\]/);
  });
});
