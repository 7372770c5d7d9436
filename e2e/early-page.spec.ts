import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, ROOT, test } from "./fixtures";

/**
 * Issue 22: Loupe's page answers before Next is prepared (lib/launcher/early-page.ts), and honestly:
 * the same status, headers and bytes Next sends for it, behind the same gate. A real Loupe
 * (scripts/start.mjs on the built app, no demo) is started twice: the first start keeps Next's page
 * (.next/cache/loupe-first-page.json), the second answers from it while Next prepares. Before, every
 * request waited for Next: the first 200 came after the "Loupe ready" line, which now comes as soon as
 * the kept page can answer.
 */
const TOKEN = "early-page-0123456789";
const RECORD = path.join(ROOT, ".next/cache/loupe-first-page.json");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  at: number;
}

/** Raw HTTP (a forged Host needs it); `at` is when the answer ended. */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), at: Date.now() }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function firstAnswer(port: number, url: string, deadline: number): Promise<Answer> {
  for (;;) {
    try {
      return await get(port, url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

function startLoupe(data: string, port: number) {
  const launcher = spawn(process.execPath, ["scripts/start.mjs", "--no-open", "--no-demo", "--port", String(port)], {
    cwd: ROOT,
    env: { ...process.env, LOUPE_DATA_DIR: data, LOUPE_TOKEN: TOKEN, CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  const ready = new Promise<number>((resolve, reject) => {
    launcher.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Loupe ready: ")) resolve(Date.now());
    });
    launcher.stderr.on("data", (c: Buffer) => (out += c.toString()));
    launcher.once("exit", (code) => reject(new Error(`the launcher exited with ${code}: ${out}`)));
  });
  ready.catch(() => undefined);
  const stop = () => {
    if (launcher.exitCode === null) process.kill(-launcher.pid!, "SIGKILL");
  };
  return { ready, stop };
}

/** Headers of the connection or the moment, which differ between any two answers. */
const comparable = (h: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !["date", "connection", "keep-alive"].includes(k)));

test("the page and its files answer before Next is prepared, with the bytes and headers Next sends, behind the gate", async () => {
  test.setTimeout(180_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-early-page-"));
  try {
    // A first start keeps the page once it serves (if no start of this build did before).
    const port1 = await freePort();
    const first = startLoupe(data, port1);
    try {
      await first.ready;
      expect((await get(port1, `/?token=${TOKEN}`)).status).toBe(200);
      await expect.poll(() => existsSync(RECORD), { timeout: 30_000 }).toBe(true);
    } finally {
      first.stop();
    }

    const port = await freePort();
    const second = startLoupe(data, port);
    try {
      const early = await firstAnswer(port, `/?token=${TOKEN}`, Date.now() + 60_000);
      // Asked before Next is ready too: the gate answers them as it always did.
      const [wrongToken, foreignHost] = await Promise.all([get(port, "/?token=wrong"), get(port, "/", { host: "evil.example" })]);
      const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(early.body.toString())?.[1];
      expect(script).toBeTruthy();
      const earlyScript = await get(port, script!);
      expect(early.status).toBe(200);
      // The script may wait for a gap in Next's synchronous loading, so it can come after that line
      // (lib/launcher/early-page.test.ts serves one with Next stopped): only its bytes are compared.
      expect(wrongToken.status).toBe(401);
      expect(foreignHost.status).toBe(403);
      expect(early.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
      expect(early.headers["x-frame-options"]).toBe("DENY");
      // Next prepared (readiness past "starting"): the same requests now reach Next.
      await expect
        .poll(async () => JSON.parse((await get(port, "/readyz")).body.toString()).reason, { timeout: 60_000 })
        .not.toBe("Next.js is still starting");
      const fromNext = await get(port, `/?token=${TOKEN}`);
      expect(fromNext.body.equals(early.body)).toBe(true);
      expect(comparable(early.headers)).toEqual(comparable(fromNext.headers));
      const nextScript = await get(port, script!);
      expect(nextScript.body.equals(earlyScript.body)).toBe(true);
      expect(comparable(earlyScript.headers)).toEqual(comparable(nextScript.headers));
    } finally {
      second.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});

test("with the page kept, 'Loupe ready' comes while Next prepares, and the page opened then comes up live", async ({ browser }) => {
  test.setTimeout(120_000);
  const data = mkdtempSync(path.join(tmpdir(), "loupe-early-browser-"));
  const port = await freePort();
  // The first test kept this build's page (or an earlier start did).
  expect(existsSync(RECORD)).toBe(true);
  const loupe = startLoupe(data, port);
  try {
    // What a user does: open the printed address as soon as it is printed (the launcher's own browser
    // opens at that moment). Before, the line came only once Next was prepared.
    await loupe.ready;
    const health = await get(port, "/readyz");
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: "not_ready", reason: "Next.js is still starting" });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/?token=${TOKEN}`);
    await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live", { timeout: 60_000 });
    await expect(page.getByText("inspector for agents and MCP servers")).toBeVisible();
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await expect(page).not.toHaveURL(/token=/);
    await page.close();
  } finally {
    loupe.stop();
    rmSync(data, { recursive: true, force: true });
  }
});
