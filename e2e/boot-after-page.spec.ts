import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, ROOT, test } from "./fixtures";

/**
 * Issue 22: Loupe's page does not wait for boot (lib/launcher/serving.ts). A real Loupe (scripts/start.mjs
 * on the built app) with a `--mcp` server that answers `initialize` only after LATE_MS: boot pre-connects
 * it, so boot lasts at least that long. The page answers at once; the API waits for boot and lists the
 * server connected. Before, Next awaited boot before answering anything, the page included.
 */
const LATE = path.join(ROOT, "tests/fixtures/late-server.mjs");
const LATE_MS = 4_000;
const TOKEN = "boot-after-page-0123456789";

function startLoupe(data: string) {
  const launcher = spawn(
    process.execPath,
    ["scripts/start.mjs", "--no-open", "--no-demo", "--port", "0", "--mcp", `${process.execPath} ${LATE} ${LATE_MS}`],
    {
      cwd: ROOT,
      env: { ...process.env, LOUPE_DATA_DIR: data, LOUPE_TOKEN: TOKEN, CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
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
  return { launcher, ready };
}

test("the page answers without waiting for boot; the API waits for it and sees what it restored", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-boot-after-page-"));
  const { launcher, ready } = startLoupe(data);
  try {
    const base = await ready;
    const t0 = Date.now();
    const api = fetch(`${base}/api/connections`, { headers: { "x-loupe-token": TOKEN } }).then(async (res) => ({
      at: Date.now() - t0,
      status: res.status,
      list: (await res.json()) as { name?: string; state?: { status?: string } }[],
    }));
    const page = await fetch(`${base}/?token=${TOKEN}`);
    const pageAt = Date.now() - t0;
    expect(page.status).toBe(200);
    const answered = await api;
    expect(answered.status).toBe(200);
    // Boot ran before the API answered: the --mcp server is listed, connected.
    expect(answered.list.map((c) => c.state?.status)).toEqual(["connected"]);
    // The API waited for the late server; the page did not.
    expect(answered.at - pageAt).toBeGreaterThan(LATE_MS / 2);
  } finally {
    if (launcher.exitCode === null) process.kill(-launcher.pid!, "SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }
});
