import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "@/tests/support/servers";
import { alive, firstLine } from "@/tests/support/processes";

const root = path.resolve(import.meta.dirname, "../..");
const HOST = path.join(root, "tests/fixtures/conformance-host.ts");
const TSX = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Pids but the host's whose command line contains `tag` (the suite is found by the URL it was given). */
function pidsWith(tag: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === host?.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(tag) && alive(Number(name))) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const data = tempDir("loupe-conformance-lifetime-");
const tag = randomUUID();
let host: ChildProcess | undefined;
let hanging: Server | undefined;

afterAll(async () => {
  for (const pid of pidsWith(tag)) process.kill(pid, "SIGKILL");
  if (host?.exitCode === null) host.kill("SIGKILL");
  hanging?.closeAllConnections();
  await new Promise<void>((r) => (hanging ? hanging.close(() => r()) : r()));
  data.cleanup();
});

describe.skipIf(process.platform === "win32")("a conformance run ends with Loupe", () => {
  it("the suite's process is gone soon after Loupe is SIGKILLed mid-run", async () => {
    // A server that never answers keeps the suite busy for minutes.
    let asked = 0;
    hanging = createServer(() => void asked++);
    await new Promise<void>((r) => hanging!.listen(0, "127.0.0.1", () => r()));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/mcp?run=${tag}`;
    host = spawn(process.execPath, ["--conditions=react-server", "--import", TSX, HOST, url], {
      cwd: root,
      env: { ...process.env, LOUPE_DATA_DIR: data.dir },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = await firstLine(host, "conformance host");
    expect(JSON.parse(line)).toEqual({ status: "running" });
    expect(await waitUntil(() => pidsWith(tag).length > 0, 20_000)).toBe(true);
    // The suite is inside a scenario, waiting on the server (it prints nothing for a while then).
    expect(await waitUntil(() => asked > 0, 20_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_000));

    host.kill("SIGKILL");
    expect(await waitUntil(() => pidsWith(tag).length === 0, 5_000)).toBe(true);
  }, 60_000);
});
