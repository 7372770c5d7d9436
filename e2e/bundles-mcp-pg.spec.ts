import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 12 for MCP traffic and playground conversations: traffic rows picked in selection mode are
 * exported and imported back read-only (the same rows, no Export, no request sent); a scripted
 * playground conversation with an approved booking is exported from its header and opened
 * read-only (its turn, tool calls and recorded approval; no composer).
 */
test.describe.configure({ mode: "serial" });

const DEMO = "Loupe demo MCP server";
// Where the screenshots go (LOUPE_SHOTS=<dir> keeps them out of test-results, which each run clears).
const SHOTS = process.env.LOUPE_SHOTS ?? "test-results";

async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
}

async function importFile(page: Page, file: { name: string; text: string }, unitType: string) {
  await page.getByTestId("bundles-link").click();
  await page
    .getByTestId("bundle-import-main-input")
    .setInputFiles({ name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text) });
  await expect(page.getByTestId("bundle-open")).toHaveAttribute("data-unit-type", unitType, { timeout: 30_000 });
  await expect(page.getByTestId("bundle-readonly-badge")).toHaveText(/Imported · read-only/);
}

test("traffic rows picked with checkboxes and shift-click export as a bundle that opens read-only with the same rows", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.useEverything("everything (bundles)");
  await workbench.openTab("Traffic");
  const rows = page.getByTestId("traffic-row");
  await expect(rows.first()).toBeVisible();

  // Time range…: from/to start at the first and last entry times.
  await page.getByTestId("traffic-export").click();
  await page.getByTestId("traffic-export-range").click();
  await expect(page.getByTestId("traffic-export-from")).not.toHaveValue("");
  await expect(page.getByTestId("traffic-export-range-go")).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/bundle-mcp-range.png` });
  await page.getByTestId("traffic-export-select").click();
  await expect(page.getByTestId("traffic-selected-count")).toHaveText("0 selected");
  const checks = page.getByTestId("traffic-row-check");
  await checks.nth(0).click();
  await checks.nth(2).click({ modifiers: ["Shift"] });
  await expect(page.getByTestId("traffic-selected-count")).toContainText("3 selected");
  const methods = await rows.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute("data-method")));
  await page.screenshot({ path: `${SHOTS}/bundle-mcp-selection.png` });

  const file = await download(page, page.getByTestId("traffic-export-selected"));
  expect(file.name).toMatch(/^MCP-traffic-everything-bundles-.*\.loupe\.json$/);
  const bundle = JSON.parse(file.text) as { unit: { scope: { kind: string; seqs: number[] } }; entries: { seq: number }[] };
  expect(bundle.unit.scope.kind).toBe("selection");
  expect(bundle.entries.map((e) => e.seq)).toEqual(bundle.unit.scope.seqs);

  await importFile(page, file, "mcp-traffic");
  const view = page.getByTestId("mcp-traffic-bundle-view");
  await expect(view.getByTestId("mcp-traffic-bundle-scope")).toHaveText(`${bundle.entries.length} selected entries`);
  await expect(view.getByTestId("traffic-row")).toHaveCount(3);
  expect(await view.getByTestId("traffic-row").evaluateAll((els) => els.map((e) => e.getAttribute("data-method")))).toEqual(methods);
  await expect(view.getByTestId("traffic-export")).toHaveCount(0);
  await view.getByTestId("traffic-row").first().click();
  await expect(view.getByTestId("traffic-detail")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bundle-mcp-imported.png` });
});

test("a playground conversation exported from its header opens read-only: turn, tool calls, the recorded approval, no composer", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await expect(workbench.server(DEMO)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await page.getByTestId("playground-link").click();
  await page.getByTestId("pg-new-conversation").click();
  const v = page.getByTestId("pg-conversation-view");
  await expect(v).toBeVisible();
  // Only the demo server, as playground.spec.ts does: other specs leave servers connected.
  for (const box of await v.getByTestId("pg-server-checkbox").all()) {
    if ((await box.getAttribute("aria-label")) === `Give the model ${DEMO}` || !(await box.isChecked())) continue;
    await box.click();
    await expect(box).not.toBeChecked();
  }
  await v.getByTestId("pg-composer-input").fill("What's the weather in Lisbon, and book me a hotel there");
  await v.getByTestId("pg-composer-input").press("Enter");
  const hotel = v.locator('[data-testid="pg-tool-call"][data-tool="book-hotel"]');
  await expect(hotel).toHaveAttribute("data-state", "awaiting_approval", { timeout: 30_000 });
  await hotel.getByTestId("approval-approve").click();
  await expect(v.getByTestId("pg-turn").first()).toHaveAttribute("data-state", "done", { timeout: 30_000 });

  const file = await download(page, v.getByTestId("pg-export-bundle"));
  expect(file.name).toMatch(/^Playground-.*\.loupe\.json$/);
  await importFile(page, file, "playground-conversation");
  const view = page.getByTestId("pg-bundle-view");
  await expect(view.getByTestId("pg-turn")).toHaveCount(1);
  await expect(view.getByTestId("pg-turn")).toHaveAttribute("data-state", "done");
  await expect(view.locator('[data-testid="pg-tool-call"][data-tool="get-forecast"]')).toHaveAttribute("data-state", "ok");
  await expect(view.locator('[data-testid="pg-tool-call"][data-tool="book-hotel"]')).toHaveAttribute("data-state", "ok");
  await expect(view.getByTestId("recorded-inbox-row")).toContainText("Answered");
  for (const id of ["pg-composer", "pg-composer-input", "pg-export-bundle", "approval-approve"])
    await expect(view.getByTestId(id)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/bundle-playground-imported.png` });
});
