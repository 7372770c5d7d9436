import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, ROOT, test } from "./fixtures";

/**
 * Issue 12, the formats people already have: files captured from the real adk-web UI and the
 * official MCP Inspector (tests/fixtures/bundles/README.md) are imported through the bundles pane
 * and open read-only in their protocol's view; a broken one imports nothing and names its path.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = process.env.LOUPE_SHOTS ?? "test-results";
const fixture = (name: string) => readFileSync(path.join(ROOT, "tests/fixtures/bundles", name), "utf8");

async function importAs(page: Page, name: string, text: string) {
  await page.getByTestId("bundles-link").click();
  await page.getByTestId("bundle-import-main-input").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

test("an adk-web session export opens as a read-only ADK session with its pauses' recorded statuses", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  const text = fixture("adk-web-export.json");
  const session = JSON.parse(text) as { id: string };
  await importAs(page, "full.json", text);
  await expect(page.getByTestId("bundle-open")).toHaveAttribute("data-unit-type", "adk-session", { timeout: 30_000 });
  await expect(page.getByTestId("bundle-readonly-badge")).toHaveText(/Imported · read-only/);
  await expect(page.getByTestId("bundle-open")).toContainText("adk-web session export");
  const view = page.getByTestId("adk-session-bundle");
  await expect(view).toHaveAttribute("data-session-id", session.id);
  for (const id of ["composer-input", "composer-send", "interrupt-card", "export-bundle"])
    await expect(page.getByTestId(id)).toHaveCount(0);
  // start_job (long-running) was still waiting when adk-web exported the session.
  await expect(view.locator('[data-testid="recorded-interrupt"][data-kind="long_running"]')).toHaveAttribute("data-status", "pending");
  // The confirmation approved in adk-web's own card, found by search.
  await view.getByTestId("timeline-search").fill("adk_request_confirmation");
  await expect(view.locator('[data-testid="recorded-interrupt"][data-kind="confirmation"]')).toHaveAttribute("data-status", "answered");
  await page.screenshot({ path: `${SHOTS}/bundle-adk-web-export.png`, fullPage: true });
});

test("an MCP Inspector protocol log opens as read-only traffic: the calls, the error result, the progress", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await importAs(page, "inspector-protocol-node-2026-11-24T10-41-24.047Z.json", fixture("inspector-protocol.json"));
  await expect(page.getByTestId("bundle-open")).toHaveAttribute("data-unit-type", "mcp-traffic", { timeout: 30_000 });
  const view = page.getByTestId("mcp-traffic-bundle-view");
  await expect(page.getByTestId("mcp-traffic-bundle-connection")).toContainText("Everything Reference Server");
  const calls = view.locator('[data-testid="traffic-row"][data-method="tools/call"]');
  await expect(calls).toHaveCount(4);
  await expect(calls.filter({ hasText: "trigger-long-running-operation" })).toContainText("4 progress");
  await calls.filter({ hasText: "gzip-file-as-resource" }).click();
  await expect(view).toContainText("Unsupported URL protocol");
  await page.screenshot({ path: `${SHOTS}/bundle-inspector-log.png`, fullPage: true });
});

test("a broken session file imports nothing and names the broken event", async ({ workbench, page }) => {
  await workbench.open();
  const session = JSON.parse(fixture("adk-session-get.json")) as { events: unknown[] };
  session.events[4] = 17;
  // Counted through the API (the page's login cookie): the list may not have rendered yet.
  const stored = async () => ((await (await page.request.get("/api/bundles")).json()) as unknown[]).length;
  const before = await stored();
  await importAs(page, "broken.json", JSON.stringify(session));
  await expect(page.getByTestId("bundle-import-error")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("bundle-import-issue")).toHaveCount(1);
  await expect(page.getByTestId("bundle-import-issue")).toContainText("events[4]");
  expect(await stored()).toBe(before);
});
