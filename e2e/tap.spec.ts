import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ROOT, expect, test } from "./fixtures";

/**
 * The MCP tap (issue 10), as a user meets it: turn the tap on in a server's Tap tab, copy the URL
 * and key, and an MCP client outside Loupe (a separate process with the SDK client) calls a tool.
 * The tap's policy "Ask for every call" makes the call wait in the inbox; the user approves it in
 * the browser, the client gets the result, and Traffic and the tool's history say "via <client>".
 */
test.describe.configure({ mode: "serial" });

const SERVER = "everything (tap)";
const CLIENT = "e2e-tap-client";
const SHOTS = process.env.LOUPE_SHOTS_DIR ?? path.join(ROOT, "test-results/tap-shots");

interface ClientRun {
  done: Promise<{ result?: { content: { type: string; text?: string }[] }; error?: string }>;
}

/** The external client: its own process, given only the URL and key the user copied. */
function externalCall(url: string, key: string, tool: string, args: unknown): ClientRun {
  const child = spawn(process.execPath, [path.join(ROOT, "tests/fixtures/tap-client.mjs"), url, key, tool, JSON.stringify(args), CLIENT], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const done = new Promise<{ result?: { content: { type: string; text?: string }[] }; error?: string }>((resolve, reject) => {
    child.once("exit", () => {
      try {
        resolve(JSON.parse(out.trim().split("\n").pop() ?? "") as never);
      } catch {
        reject(new Error(`the client printed no result (stderr: ${err})`));
      }
    });
  });
  return { done };
}

async function copied(page: Page, button: string): Promise<string> {
  await page.getByTestId("tap-endpoint").getByRole("button", { name: button }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

test("a tapped call from an external client waits in the inbox, is approved in the browser, and shows 'via <client>'", async ({
  workbench,
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await workbench.useEverything(SERVER);
  await page.getByTestId("tap-tab").click();
  const panel = page.getByTestId("tap-panel");
  await expect(panel).toHaveAttribute("data-state", "off");
  await panel.getByTestId("tap-switch").click();
  await expect(panel).toHaveAttribute("data-state", "on");
  // Keyboard focus stays on the switch while the tap turns on (a disabled switch dropped it to the page).
  await expect(panel.getByTestId("tap-switch")).toBeFocused();

  // The key is masked until Show; the copied one is the whole key.
  await expect(panel.getByTestId("tap-key")).toHaveAttribute("data-state", "hidden");
  const url = await copied(page, "Copy URL");
  const key = await copied(page, "Copy key");
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\//);
  expect(key.length).toBeGreaterThanOrEqual(40);
  await expect(panel.getByTestId("tap-key")).not.toContainText(key);
  await panel.getByTestId("tap-key-toggle").click();
  await expect(panel.getByTestId("tap-key")).toHaveText(key);
  await panel.getByTestId("tap-snippet-cursor").click();
  await expect(panel.getByTestId("tap-snippet-text")).toContainText(`"Authorization": "Bearer ${key}"`);

  await panel.getByTestId("tap-policy-select").selectOption("always");
  await expect(panel.getByTestId("tap-policy-select")).toHaveValue("always");
  // Stored before the client calls: the select is disabled while the change is sent.
  await expect(panel.getByTestId("tap-policy-select")).toBeEnabled();

  const run = externalCall(url, key, "echo", { message: "through the tap" });

  await page.getByTestId("inbox-link").click();
  const card = page
    .locator('[data-testid="approval-card"][data-status="pending"]')
    .filter({ has: page.getByTestId("approval-connection").filter({ hasText: SERVER }) })
    .first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId("approval-tool-name")).toHaveText("echo");
  await expect(card.getByTestId("approval-asker")).toContainText(CLIENT);
  await card.getByTestId("approval-approve").click();

  const outcome = await run.done;
  expect(outcome.error).toBeUndefined();
  expect(outcome.result?.content).toEqual([{ type: "text", text: "Echo: through the tap" }]);

  await workbench.selectServer(SERVER);
  await workbench.openTab("Traffic");
  await expect(page.getByTestId("tap-origin-badge").first()).toHaveText(`via ${CLIENT}`);
  await workbench.selectTool("echo");
  const latest = page.getByTestId("call-history-item").first();
  await expect(latest.getByTestId("call-origin")).toHaveText(`via ${CLIENT}`);

  await page.getByTestId("tap-tab").click();
  await expect(panel.getByTestId("tap-client").first()).toContainText(CLIENT);
});

test("screenshots of the Tap panel at 1440 and 800 px, light and dark", async ({ workbench, page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await workbench.useEverything(SERVER);
  await page.getByTestId("tap-tab").click();
  const panel = page.getByTestId("tap-panel");
  await expect(panel).toHaveAttribute("data-state", "on");
  await panel.getByTestId("tap-tool-policies-toggle").click();
  // An aggregate tap of this server and the demo server, made in the dialog, listed below.
  if ((await panel.getByTestId("aggregate-tap").count()) === 0) {
    await panel.getByTestId("aggregate-tap-new").click();
    const dialog = page.getByTestId("aggregate-tap-dialog");
    await dialog.getByTestId("aggregate-tap-name").fill("Everything and the demo");
    await dialog.getByRole("checkbox", { name: "Loupe demo MCP server" }).click();
    await dialog.getByTestId("aggregate-tap-create").click();
    await expect(dialog).toBeHidden();
  }
  await expect(panel.getByTestId("aggregate-tap")).toContainText("Everything and the demo");
  await expect(panel.getByTestId("aggregate-tap")).toContainText("Loupe demo MCP server");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 800]) {
      await page.setViewportSize({ width, height: 1000 });
      await expect(panel.getByTestId("tap-url").first()).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `tap-${width}-${scheme}.png`) });
      await panel.getByTestId("aggregate-taps").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `tap-${width}-${scheme}-aggregate.png`) });
      await panel.getByTestId("tap-url").first().scrollIntoViewIfNeeded();
    }
  }
});
