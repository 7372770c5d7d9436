import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { EVERYTHING, ROOT, expect, test } from "./fixtures";

// The Conformance tab against Loupe's demo MCP server over Streamable HTTP (demo/mcp-server.ts
// --http, with the suite's fixtures: --conformance): the official suite runs from the page,
// shows progress, can be cancelled, keeps its runs, and opens each check down to what it recorded.
// server-everything (HTTP) is the server that fails a check for certain (no DNS-rebinding check).
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.LOUPE_E2E_CONFORMANCE_PORT ?? 7225);
const EVERYTHING_PORT = PORT + 1;
const NAME = "demo (conformance)";
const SHOTS = process.env.LOUPE_E2E_SHOTS; // a directory: screenshots for a person to look at
let server: ChildProcess;
let everything: ChildProcess;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test.beforeAll(async () => {
  const loader = path.join(ROOT, "node_modules/tsx/dist/loader.mjs");
  server = spawn(
    process.execPath,
    ["--import", `file://${loader}`, path.join(ROOT, "demo/mcp-server.ts"), "--http", "--port", String(PORT), "--conformance"],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  // server-everything binds every interface: the preload pins it to 127.0.0.1.
  everything = spawn(process.execPath, ["-r", path.join(ROOT, "tests/support/force-loopback.cjs"), EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(EVERYTHING_PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect.poll(() => listening(PORT), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => listening(EVERYTHING_PORT), { timeout: 30_000 }).toBe(true);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  everything?.kill("SIGTERM");
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `conformance-${name}.png`) });
}

test("runs the suite against the demo server over HTTP: progress, cancel, the passed 2025-11-25 set, one 2026-07-28 scenario", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  // Not offered on a stdio connection (the built-in demo).
  await workbench.selectServer("Loupe demo MCP server");
  await expect(page.getByRole("tab", { name: "Conformance", exact: true })).toHaveCount(0);

  if ((await workbench.server(NAME).count()) === 0) {
    await page.getByTestId("add-server").click();
    const dialog = page.getByTestId("add-server-dialog");
    await dialog.getByTestId("transport-http").click();
    await dialog.locator("#name").fill(NAME);
    await dialog.locator("#url").fill(`http://127.0.0.1:${PORT}/mcp`);
    await dialog.getByRole("button", { name: "Add header" }).click();
    await dialog.getByLabel("header name 1").fill("X-Api-Key");
    await dialog.getByLabel("header value 1").fill("e2e-secret-value");
    await dialog.getByTestId("save-server").click();
    await expect(dialog).toBeHidden();
  }
  await expect(workbench.server(NAME)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(NAME);
  await page.getByRole("tab", { name: "Conformance", exact: true }).click();
  const panel = page.getByTestId("conformance-panel");
  await expect(panel.getByTestId("conformance-auth-note")).toHaveAttribute("data-carried", "false");
  await expect(panel.getByTestId("conformance-auth-note")).toContainText("X-Api-Key");
  await expect(panel).not.toContainText("e2e-secret-value");

  // The whole 2026-07-28 set: progress shows, then Cancel stops it.
  await panel.getByTestId("conformance-revision").selectOption("2026-07-28");
  await expect(
    panel.getByTestId("conformance-scenario-picker").locator("option", { hasText: "input-required-result-basic-elicitation" }),
  ).toHaveCount(1);
  await panel.getByTestId("conformance-run").click();
  const progress = panel.getByTestId("conformance-progress");
  await expect(progress).toContainText(/Scenario \d+ of \d{2}/);
  await shot(page, "running-1440");
  await panel.getByTestId("conformance-cancel").click();
  await expect(panel.getByTestId("conformance-results")).toHaveAttribute("data-status", "cancelled");
  await expect(progress).toBeHidden();

  // The whole 2025-11-25 set passes on the demo server.
  await panel.getByTestId("conformance-revision").selectOption("2025-11-25");
  await panel.getByTestId("conformance-run").click();
  const results = panel.getByTestId("conformance-results");
  await expect(results).toHaveAttribute("data-status", "passed", { timeout: 120_000 });
  await expect(results.getByTestId("conformance-summary")).toContainText("30/30 scored scenarios passed");
  const ping = results.locator('[data-testid="conformance-scenario"][data-scenario="ping"]');
  await expect(ping).toHaveAttribute("data-outcome", "passed");
  await ping.locator("summary").first().click();
  await expect(ping.getByTestId("conformance-check").first()).toHaveAttribute("data-status", "SUCCESS");
  await shot(page, "passed-1440");

  // One scenario at the 2026-07-28 wire: a check opens to its spec link and what the suite recorded.
  await panel.getByTestId("conformance-revision").selectOption("2026-07-28");
  await panel.getByTestId("conformance-scenario-picker").selectOption("tools-list");
  await panel.getByTestId("conformance-run").click();
  await expect(results).toContainText("2026-07-28 · tools-list");
  await expect(results).toHaveAttribute("data-status", "passed", { timeout: 60_000 });
  const tools = results.locator('[data-testid="conformance-scenario"][data-scenario="tools-list"]');
  await tools.locator("summary").first().click();
  const listed = tools.locator('[data-testid="conformance-check"][data-check="tools-list"]');
  await listed.locator("summary").click();
  await expect(listed.getByTestId("conformance-spec-refs").locator("a").first()).toHaveAttribute(
    "href",
    /^https:\/\/modelcontextprotocol\.io\//,
  );
  await expect(listed.getByTestId("conformance-check-json")).toContainText("test_simple_text");

  // Three runs kept; picking the earlier one shows it again.
  const history = panel.getByTestId("conformance-history-run");
  await expect(history).toHaveCount(3);
  await history.filter({ hasText: "2025-11-25" }).click();
  await expect(results).toHaveAttribute("data-status", "passed");
  await expect(results.getByTestId("conformance-summary")).toContainText("30/30 scored scenarios passed");

  // At ~800 px the same page still reads (no horizontal overflow of the panel).
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(panel.getByTestId("conformance-run")).toBeVisible();
  const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, "passed-800");

  // Kept over a reload (the store), not just in the page.
  await page.reload();
  await expect(page.getByTestId("conformance-history-run")).toHaveCount(3);
});

test("a failing server: server-everything's missing DNS-rebinding protection opens to the suite's message", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  const name = "everything (conformance)";
  if ((await workbench.server(name).count()) === 0) {
    await page.getByTestId("add-server").click();
    const dialog = page.getByTestId("add-server-dialog");
    await dialog.getByTestId("transport-http").click();
    await dialog.locator("#name").fill(name);
    await dialog.locator("#url").fill(`http://127.0.0.1:${EVERYTHING_PORT}/mcp`);
    await dialog.getByTestId("save-server").click();
    await expect(dialog).toBeHidden();
  }
  await expect(workbench.server(name)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(name);
  await page.getByRole("tab", { name: "Conformance", exact: true }).click();
  const panel = page.getByTestId("conformance-panel");
  await expect(panel.getByTestId("conformance-auth-note")).toHaveAttribute("data-carried", "none");
  await panel.getByTestId("conformance-revision").selectOption("2025-11-25");
  await panel.getByTestId("conformance-scenario-picker").selectOption("dns-rebinding-protection");
  await panel.getByTestId("conformance-run").click();
  const results = panel.getByTestId("conformance-results");
  await expect(results).toHaveAttribute("data-status", "failed", { timeout: 60_000 });
  const scenario = results.locator('[data-testid="conformance-scenario"][data-scenario="dns-rebinding-protection"]');
  await expect(scenario).toHaveAttribute("data-outcome", "failed");
  await scenario.locator("summary").first().click();
  const failing = scenario.locator('[data-testid="conformance-check"][data-check="localhost-host-rebinding-rejected"]');
  await expect(failing).toHaveAttribute("data-status", "FAILURE");
  await failing.locator("summary").click();
  await expect(failing.getByTestId("conformance-check-message")).toHaveText("Expected HTTP 4xx for invalid Host/Origin headers, got 200");
  await expect(failing.getByTestId("conformance-spec-refs").locator("a").first()).toHaveAttribute("href", /security_best_practices/);
  await expect(failing.getByTestId("conformance-check-json")).toContainText("evil.example.com");
  await shot(page, "failed-check-1440");
  await page.setViewportSize({ width: 800, height: 900 });
  await shot(page, "failed-check-800");
});

// Issue 22: a Loupe whose suite is missing (a package install: its folder is not Loupe's to write)
// and npm offline. A second Loupe with its suite location an empty folder and npm's registry a
// closed port: the tab says what is missing, nothing installs on a GET, and Install fails in words.
test("without the suite and offline: the tab says so, and Install fails in words, leaving nothing behind", async ({ page }) => {
  test.setTimeout(180_000);
  const scratch = mkdtempSync(path.join(tmpdir(), "loupe-e2e-suite-"));
  const suiteDir = path.join(scratch, "suite");
  const token = "suite-offline-token-0123456789";
  const loupe = spawn(
    process.execPath,
    ["scripts/start.mjs", "--no-open", "--no-demo", "--port", "0", "--mcp-url", `http://127.0.0.1:${PORT}/mcp`],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOUPE_DATA_DIR: path.join(scratch, "data"),
        LOUPE_TOKEN: token,
        LOUPE_CONFORMANCE_DIR: suiteDir,
        npm_config_registry: "http://127.0.0.1:9/",
        npm_config_fetch_retries: "0",
        npm_config_cache: path.join(scratch, "npm-cache"),
        CI: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = "";
      loupe.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const found = /Loupe ready: (http:\/\/[^/]+)\//.exec(out)?.[1];
        if (found) resolve(found);
      });
      loupe.stderr.on("data", (c: Buffer) => (out += c.toString()));
      loupe.once("exit", (code) => reject(new Error(`the launcher exited with ${code}: ${out}`)));
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/?token=${token}`);
    const server = page.locator('[data-testid="connection-item"]').first();
    await expect(server).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
    await server.click();
    await page.getByRole("tab", { name: "Conformance", exact: true }).click();
    const setup = page.getByTestId("conformance-suite");
    await expect(setup).toHaveAttribute("data-status", "missing");
    await expect(setup).toContainText("The conformance suite is not installed");
    await expect(setup).toContainText(suiteDir);
    await expect(page.getByTestId("conformance-run")).toHaveCount(0);
    expect(readdirSync(scratch).sort()).toEqual(["data"]); // opening the tab installed nothing
    await shot(page, "missing-1440");

    await setup.getByRole("button", { name: "Install the conformance suite" }).click();
    await expect(setup).toHaveAttribute("data-status", "failed", { timeout: 120_000 });
    await expect(page.getByTestId("conformance-install-error")).toContainText(
      /^npm could not reach the registry \(.*ECONNREFUSED.*\): the suite needs a network connection once; or install it by hand with: npm install --prefix /,
    );
    await expect(page.getByTestId("conformance-install-log")).toBeVisible();
    await shot(page, "offline-1440");
    await page.setViewportSize({ width: 1024, height: 800 });
    await shot(page, "offline-1024");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => localStorage.setItem("loupe-theme", "dark"));
    await page.reload();
    await page.getByRole("tab", { name: "Conformance", exact: true }).click();
    await expect(page.getByTestId("conformance-install-error")).toBeVisible();
    await shot(page, "offline-dark-1024");
    // Nothing half-made: no suite folder, no staging folder (npm's cache aside).
    expect(
      readdirSync(scratch)
        .filter((n) => n !== "npm-cache")
        .sort(),
    ).toEqual(["data"]);
  } finally {
    loupe.kill("SIGTERM");
    if (loupe.exitCode === null && loupe.signalCode === null) await new Promise((r) => loupe.once("exit", r));
    rmSync(scratch, { recursive: true, force: true });
  }
});

test.describe("dark", () => {
  test.use({ colorScheme: "dark" });
  test("the kept runs read in dark mode", async ({ workbench, page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await workbench.open();
    await workbench.selectServer(NAME);
    await page.getByRole("tab", { name: "Conformance", exact: true }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const results = page.getByTestId("conformance-results");
    await expect(results).toBeVisible();
    await results.locator('[data-testid="conformance-scenario"]').first().locator("summary").first().click();
    await results.getByTestId("conformance-check").first().locator("summary").click();
    await shot(page, "dark-1440");
  });
});
