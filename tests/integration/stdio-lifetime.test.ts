import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { getRegistry } from "@/lib/server/mcp/registry";
import { stdioInput, tempDir } from "@/tests/support/servers";
import { alive, firstLine } from "@/tests/support/processes";

const root = path.resolve(import.meta.dirname, "../..");
const HOST = path.join(root, "tests/fixtures/registry-host.ts");
const STUBBORN = path.join(root, "tests/fixtures/stubborn-server.mjs");
const TSX = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

const data = tempDir("loupe-lifetime-");
// The in-process registry below reads this lazily; the hosted one gets it in its env.
process.env.LOUPE_DATA_DIR = data.dir;
const leftovers: number[] = [];
let host: ChildProcess | undefined;

afterAll(async () => {
  await getRegistry().closeAll();
  // Whatever the outcome, nothing of this test may keep running.
  for (const pid of leftovers) if (alive(pid)) process.kill(pid, "SIGKILL");
  if (host?.exitCode === null) host.kill("SIGKILL");
  data.cleanup();
});

describe("stdio servers end with Loupe", () => {
  it("a server that ignores stdin EOF and SIGTERM, and its grandchild, are gone soon after Loupe is SIGKILLed", async () => {
    const pidFile = path.join(data.dir, "stubborn.pids");
    host = spawn(process.execPath, ["--conditions=react-server", "--import", TSX, HOST, process.execPath, STUBBORN], {
      cwd: root,
      env: { ...process.env, LOUPE_DATA_DIR: data.dir, STUBBORN_PID_FILE: pidFile },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = await firstLine(host, "registry host");
    expect(JSON.parse(line)).toEqual({ status: "connected" });
    const [server, grandchild] = readFileSync(pidFile, "utf8").split(" ").map(Number) as [number, number];
    leftovers.push(server, grandchild);
    expect(alive(server) && alive(grandchild)).toBe(true);

    host.kill("SIGKILL");
    // The watchdog sends SIGTERM (ignored here), then SIGKILL 2 s later.
    expect(await waitUntil(() => !alive(server), 15_000)).toBe(true);
    expect(await waitUntil(() => !alive(grandchild), 5_000)).toBe(true);
  });

  it("removing a server that ignores EOF and SIGTERM also ends what it spawned", async () => {
    const pidFile = path.join(data.dir, "removed.pids");
    const view = await getRegistry().create(stdioInput("stubborn", [STUBBORN, pidFile]));
    expect(view.state.status).toBe("connected");
    const [server, grandchild] = readFileSync(pidFile, "utf8").split(" ").map(Number) as [number, number];
    leftovers.push(server, grandchild);
    // The SDK's close: stdin closed, SIGTERM after 2 s, SIGKILL after 4 s, to the main process only.
    await getRegistry().remove(view.id);
    expect(await waitUntil(() => !alive(server), 10_000)).toBe(true);
    expect(await waitUntil(() => !alive(grandchild), 10_000)).toBe(true);
  });
});
