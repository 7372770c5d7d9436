import type { ChildProcess } from "node:child_process";
import { chromium, type Browser, type Page } from "playwright-core";
import { stopTree } from "./process-tree";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

/** What a user sees of one start: when the address was printed, when the page opened from it was usable. */
export interface UsableRun {
  /** Spawn → the line with the address on stdout. */
  printed: number;
  /** Spawn → the page loaded from that address shows the app, ready for use (`usable`). */
  usable: number;
}

/** One server's start as a user meets it: how to spawn it, where it prints its address, what "usable" is. */
export interface UsableCase {
  /** Spawns the server with stdout piped (its own process group: the tree is stopped after). */
  spawn(): { child: ChildProcess; cleanup?: () => void };
  /** The address a user opens, from what the server printed so far; undefined until it is printed. */
  address(stdout: string): string | undefined;
  /** Resolves once the page shows the app ready for use. */
  usable(page: Page): Promise<void>;
}

/** Resolves with the address and when it came, as soon as the server prints it. */
function printedAddress(
  child: ChildProcess,
  address: (out: string) => string | undefined,
  t0: number,
): Promise<{ url: string; at: number }> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = address(out);
      if (url) resolve({ url, at: performance.now() - t0 });
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before it printed its address:\n${out.slice(-2_000)}`)));
  });
}

/**
 * Spawn → usable, as a user meets it (issue 22): Chromium is already running (a user's browser is,
 * and the launcher's own opener only hands it the address), the server is spawned, the address it
 * prints is opened at once, and the clock stops when `usable` resolves. The tree is stopped after.
 */
export async function usableRun(browser: Browser, c: UsableCase, timeoutMs = 120_000): Promise<UsableRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const t0 = performance.now();
  const { child, cleanup } = c.spawn();
  try {
    const { url, at } = await printedAddress(child, c.address, t0);
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
    await c.usable(page);
    return { printed: at, usable: performance.now() - t0 };
  } finally {
    await context.close();
    if (child.pid !== undefined) await stopTree(child.pid);
    cleanup?.();
  }
}

/** Chromium for the usable runs, launched once (not counted). */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
