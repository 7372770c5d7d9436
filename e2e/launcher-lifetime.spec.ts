import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, ROOT, test } from "./fixtures";
import { alive } from "../tests/support/processes";

/**
 * A second, real Loupe (the built app, as `npm start` runs it: scripts/start.mjs, which runs
 * server.ts in its own process) with a stdio server that ignores stdin EOF and SIGTERM and has a
 * grandchild. Loupe is SIGKILLed: the stdio server and its grandchild must be gone soon after.
 */
// Port 0: the launcher picks a free one (this test never calls it over HTTP).
const PORT = Number(process.env.LOUPE_LIFETIME_PORT ?? 0);
const STUBBORN = path.join(ROOT, "tests/fixtures/stubborn-server.mjs");

/**
 * `npm start`'s launcher as its own process-group leader (as in a terminal), with `args` after the
 * common flags; resolves with the address it prints once ready. `output()` is all it wrote so far.
 */
async function startInGroup(data: string, token: string, args: string[] = []) {
  const launcher = spawn(process.execPath, ["scripts/start.mjs", "--no-open", "--no-demo", "--port", String(PORT), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOUPE_DATA_DIR: data, LOUPE_TOKEN: token, CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  const ready = new Promise<string>((resolve, reject) => {
    launcher.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const base = /Loupe ready: (http:\/\/[^/]+)\//.exec(out)?.[1];
      if (base) resolve(base);
    });
    launcher.stderr.on("data", (c: Buffer) => (out += c.toString()));
    launcher.once("exit", (code) => reject(new Error(`the launcher exited with ${code}: ${out}`)));
  });
  ready.catch(() => undefined); // awaited by the caller; a later exit must not be unhandled
  return { launcher, ready, output: () => out };
}

test("SIGKILL of Loupe (one process: no launcher kept alive beside it) ends the stdio servers it started", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-lifetime-e2e-"));
  const pidFile = path.join(data, "stubborn.pids");
  const launcher = spawn(
    process.execPath,
    ["scripts/start.mjs", "--no-open", "--no-demo", "--port", String(PORT), "--mcp", `${process.execPath} ${STUBBORN} ${pidFile}`],
    {
      cwd: ROOT,
      env: { ...process.env, LOUPE_DATA_DIR: data, LOUPE_TOKEN: "lifetime-token-0123456789", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const pids: number[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let out = "";
      launcher.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("Loupe ready:")) resolve();
      });
      launcher.stderr.resume();
      launcher.once("exit", (code) => reject(new Error(`the launcher exited with ${code}: ${out}`)));
    });
    await expect.poll(() => existsSync(pidFile), { timeout: 30_000 }).toBe(true);
    const [server, grandchild] = readFileSync(pidFile, "utf8").split(" ").map(Number) as [number, number];
    pids.push(server, grandchild);
    expect(pids.every(alive)).toBe(true);
    // Loupe serves from the launcher's own process: none of its children is a second Loupe.
    const children = execFileSync("pgrep", ["-P", String(launcher.pid)])
      .toString()
      .trim()
      .split("\n")
      .map(Number);
    const commands = children.map((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "));
    expect(commands.filter((c) => c.includes("server.ts") || c.includes("start.mjs"))).toEqual([]);
    expect(children).toContain(server);

    launcher.kill("SIGKILL");
    // Nothing of Loupe runs any more; the stdio server's watchdog sees its pipe close and ends
    // the server's group (TERM, then KILL 2 s later for a server that ignores TERM).
    await expect.poll(() => alive(server), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => alive(grandchild), { timeout: 10_000 }).toBe(false);
  } finally {
    if (launcher.exitCode === null) launcher.kill("SIGKILL");
    for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }
});

test("one Ctrl-C stops Loupe cleanly (exit 0), though it reaches Loupe both from the terminal and forwarded by npm", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-ctrlc-e2e-"));
  // Ignores stdin EOF and SIGTERM: closing it takes the SDK about 4 s, so the second SIGINT surely lands meanwhile.
  const pidFile = path.join(data, "stubborn.pids");
  // The launcher leads its own process group, as `npm start` does in a terminal, where Ctrl-C
  // sends SIGINT to every process of the foreground group, and npm forwards a copy.
  const { launcher, ready, output } = await startInGroup(data, "ctrlc-token-0123456789", [
    "--mcp",
    `${process.execPath} ${STUBBORN} ${pidFile}`,
  ]);
  try {
    const base = await ready;
    const connected = async () => {
      const res = await fetch(`${base}/api/connections`, { headers: { "x-loupe-token": "ctrlc-token-0123456789" } });
      const list = (await res.json()) as { state?: { status?: string } }[];
      return list.length === 1 && list[0]!.state?.status === "connected";
    };
    await expect.poll(connected, { timeout: 30_000 }).toBe(true);
    const exited = new Promise<number | null>((resolve) => launcher.once("exit", (code) => resolve(code)));
    // The terminal's SIGINT and npm's forwarded one race; two standard signals that are both
    // pending merge into one, so the race is made explicit: one, then the copy a moment later.
    process.kill(launcher.pid!, "SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(launcher.pid!, "SIGINT");
    // Exit 1 is the "second Ctrl-C: do not wait" path, taken without closing the MCP servers.
    expect(await exited, output()).toBe(0);
    // And the stdio server was closed, not left behind.
    const [server] = readFileSync(pidFile, "utf8").split(" ").map(Number) as [number];
    await expect.poll(() => alive(server), { timeout: 10_000 }).toBe(false);
  } finally {
    if (launcher.exitCode === null) process.kill(-launcher.pid!, "SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }
});

test("closing the terminal (SIGHUP) stops Loupe cleanly, and the entries it had just recorded are in the file", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-hup-e2e-"));
  const token = "hup-token-0123456789";
  const { launcher, ready, output } = await startInGroup(data, token);
  try {
    const base = await ready;
    const headers = { "x-loupe-token": token, "content-type": "application/json" };
    // A server nobody listens on: connecting fails at once, and each step is an entry.
    const created = await fetch(`${base}/api/connections`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "gone", transport: "http", url: "http://127.0.0.1:9/mcp", headers: {} }),
    });
    const { id } = (await created.json()) as { id: string };
    const seen = ((await (await fetch(`${base}/api/connections/${id}/traffic?limit=500`, { headers })).json()) as unknown[]).length;
    expect(seen).toBeGreaterThan(0);
    // At once: the store commits its latest writes a few milliseconds after they are made.
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      launcher.once("exit", (code, signal) => resolve([code, signal])),
    );
    process.kill(launcher.pid!, "SIGHUP");
    expect(await exited, output()).toEqual([0, null]);
    const db = new Database(path.join(data, "loupe.db"), { readonly: true, fileMustExist: true });
    try {
      const stored = (db.prepare("SELECT COUNT(*) AS n FROM entries WHERE connection_id = ?").get(id) as { n: number }).n;
      expect(stored).toBeGreaterThanOrEqual(seen);
    } finally {
      db.close();
    }
  } finally {
    if (launcher.exitCode === null && launcher.signalCode === null) process.kill(-launcher.pid!, "SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }
});
