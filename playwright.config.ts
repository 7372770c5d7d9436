import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.LOUPE_E2E_PORT ?? 6391);
// A fixed token for the test run only: the launcher reads LOUPE_TOKEN instead of making one.
export const E2E_TOKEN = process.env.LOUPE_E2E_TOKEN ?? "e2e-token-0123456789abcdef";
const dataDir = process.env.LOUPE_E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "loupe-e2e-"));
process.env.LOUPE_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  webServer: {
    command: `node scripts/start.mjs --no-open --port ${port}`,
    // Without the token the launcher answers 401, which Playwright counts as "up".
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    // SIGTERM first, so Loupe stops the servers it started (the demo agent runs in its own group).
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 600_000,
    stdout: "pipe",
    env: { LOUPE_TOKEN: E2E_TOKEN, LOUPE_DATA_DIR: dataDir, CI: "1" },
  },
});
