import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, ROOT, test } from "./fixtures";

/**
 * A second, real Loupe (the built app, as `npm start` runs it: scripts/start.mjs → server.ts)
 * with a stdio server that ignores stdin EOF and SIGTERM and has a grandchild. The launcher is
 * SIGKILLed: Loupe itself, the stdio server and its grandchild must all be gone soon after.
 */
// Port 0: the launcher picks a free one (this test never calls it over HTTP).
const PORT = Number(process.env.LOUPE_LIFETIME_PORT ?? 0);
const STUBBORN = path.join(ROOT, "tests/fixtures/stubborn-server.mjs");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  const state = readFileSync(stat, "utf8").replace(/^.*\) /s, "")[0];
  return state !== "Z" && state !== "X";
}

test("SIGKILL of the launcher ends Loupe and the stdio servers it started", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-lifetime-e2e-"));
  const pidFile = path.join(data, "stubborn.pids");
  const launcher = spawn(
    process.execPath,
    ["scripts/start.mjs", "--no-open", "--no-demo", "--port", String(PORT), "--mcp", `${process.execPath} ${STUBBORN} ${pidFile}`],
    { cwd: ROOT, env: { ...process.env, LOUPE_DATA_DIR: data, LOUPE_TOKEN: "lifetime-token-0123456789", CI: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const pids: number[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let out = "";
      launcher.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("Loupe ready:")) resolve();
      });
      launcher.stderr!.resume();
      launcher.once("exit", (code) => reject(new Error(`the launcher exited with ${code}: ${out}`)));
    });
    await expect.poll(() => existsSync(pidFile), { timeout: 30_000 }).toBe(true);
    const [server, grandchild] = readFileSync(pidFile, "utf8").split(" ").map(Number) as [number, number];
    const loupe = Number(execFileSync("pgrep", ["-P", String(launcher.pid)]).toString().trim().split("\n")[0]);
    pids.push(loupe, server, grandchild);
    expect(pids.every(alive)).toBe(true);

    launcher.kill("SIGKILL");
    // Loupe stops as on SIGTERM: the SDK closes the server (EOF, TERM, KILL: about 4 s), the
    // lifeline clears its group, Loupe exits.
    await expect.poll(() => alive(loupe), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => alive(server), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => alive(grandchild), { timeout: 10_000 }).toBe(false);
  } finally {
    if (launcher.exitCode === null) launcher.kill("SIGKILL");
    for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }
});
