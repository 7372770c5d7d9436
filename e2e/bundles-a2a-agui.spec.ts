import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, type Workbench } from "./fixtures";

/**
 * A2A task and AG-UI run bundles (issue 12) against the demo agents `npm start` runs: a task that
 * asked for input and a run that called a front-end tool are exported from their own views with
 * "Export … bundle", imported back through the bundles pane, and open read-only with the request
 * and its answer, nothing to press that reaches an agent.
 */
test.describe.configure({ mode: "serial" });

/** Clicks an export button and returns the saved file's text. */
async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, "utf8") };
}

/** Imports a saved bundle through the bundles pane's Import… and waits for it to open. */
async function importBundle(workbench: Workbench, page: Page, file: { name: string; text: string }, unitType: string) {
  await workbench.open("view=bundles");
  await page
    .getByTestId("bundle-import-main-input")
    .setInputFiles({ name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text) });
  await expect(page.getByTestId("bundle-open")).toHaveAttribute("data-unit-type", unitType, { timeout: 30_000 });
  await expect(page.getByTestId("bundle-readonly-badge")).toBeVisible();
}

test("an A2A task answered in place is exported from its pane and opens read-only with the answer", async ({ workbench, page }) => {
  await workbench.open("view=a2a&peer=demo-a2a");
  await expect(page.locator('[data-testid="a2a-agent-row"][data-agent-id="demo-a2a"]')).toContainText("Reachable", { timeout: 30_000 });
  await page.getByTestId("a2a-tab-chat").click();
  await page.getByTestId("a2a-target-new").click();
  await page.getByTestId("a2a-message").fill("ask");
  await page.getByTestId("a2a-send").click();
  const pane = page.getByTestId("a2a-task-pane");
  await expect(pane).toHaveAttribute("data-state", "input-required", { timeout: 30_000 });
  const taskId = (await pane.getAttribute("data-task-id"))!;
  // Answered from the inbox, as a2a.spec.ts does, then back on the task.
  await page.getByTestId("inbox-link").click();
  const card = page.locator(`[data-testid="a2a-request-card"][data-task-id="${taskId}"]`);
  await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
  await expect(card.getByTestId("schema-form")).toBeVisible();
  const city = card.getByRole("textbox", { name: /city/i });
  await city.fill("Lyon");
  await expect(city).toHaveValue("Lyon");
  await card.getByTestId("a2a-submit").click();
  await expect(card).toHaveAttribute("data-status", "answered", { timeout: 30_000 });
  await card.getByTestId("a2a-request-open").click();
  await expect(pane).toHaveAttribute("data-task-id", taskId);
  await expect(pane).toHaveAttribute("data-state", "completed", { timeout: 30_000 });

  const file = await download(page, "a2a-export-bundle");
  expect(file.name).toMatch(/^A2A-task-.*\.loupe\.json$/);
  const bundle = JSON.parse(file.text) as { unit: { type: string; taskId: string }; entries: unknown[] };
  expect(bundle.unit).toMatchObject({ type: "a2a-task", taskId });

  await importBundle(workbench, page, file, "a2a-task");
  const view = page.getByTestId("a2a-task-view");
  await expect(view).toHaveAttribute("data-state", "completed");
  await expect(view).toHaveAttribute("data-task-id", taskId);
  const request = view.getByTestId("recorded-request");
  await expect(request).toHaveAttribute("data-status", "answered");
  await expect(request.getByTestId("recorded-request-answer")).toContainText("Lyon");
  await expect(view.locator('[data-testid="a2a-state-step"][data-state="input-required"]').first()).toBeVisible();
  await expect(view.getByTestId("a2a-timeline-row").first()).toBeVisible();
  for (const id of ["a2a-task-refresh", "a2a-task-cancel", "a2a-request-card", "a2a-export-bundle"])
    await expect(page.getByTestId(id)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/a2a-agui-shots/bundle-a2a-task.png", fullPage: true });
});

test("an AG-UI run that called a front-end tool is exported from its timeline and opens read-only with the answer", async ({
  workbench,
  page,
}) => {
  await workbench.open("view=agui&peer=demo-agui");
  await expect(page.getByTestId("agui-main")).toHaveAttribute("data-agent-id", "demo-agui", { timeout: 30_000 });
  await page.getByTestId("agui-new-thread").click();
  await page.getByTestId("agui-run-text").fill("book a room in Lisbon");
  await page.getByTestId("agui-run").click();
  const call = page.locator('[data-testid="agui-tool-call"][data-tool="confirm_booking"]');
  await expect(call).toBeVisible({ timeout: 30_000 });
  const card = call.getByTestId("agui-request-card");
  await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
  await card.getByRole("checkbox", { name: /confirmed/i }).check();
  await card.getByTestId("agui-send-result").click();
  await expect(page.getByTestId("agui-run-chip")).toHaveCount(2, { timeout: 30_000 });
  // Back to the run that asked: its bundle carries the request and the answer.
  await page.getByTestId("agui-run-chip").first().click();
  await expect(page.getByTestId("agui-export")).toContainText("Export events JSON");
  const file = await download(page, "agui-export-bundle");
  expect(file.name).toMatch(/^AG-UI-run-.*\.loupe\.json$/);

  await importBundle(workbench, page, file, "agui-run");
  const view = page.getByTestId("agui-run-view");
  const recorded = view.locator('[data-testid="agui-tool-call"][data-tool="confirm_booking"]').getByTestId("recorded-request");
  await expect(recorded).toHaveAttribute("data-status", "answered");
  await expect(recorded.getByTestId("recorded-request-answer")).toContainText("confirmed");
  for (const id of ["agui-run-form", "agui-request-card", "agui-export-bundle"]) await expect(page.getByTestId(id)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/a2a-agui-shots/bundle-agui-run.png", fullPage: true });
  await view.getByTestId("agui-view-tab-messages").click();
  await expect(view.getByTestId("agui-messages-after")).toContainText("confirm_booking");
  await page.screenshot({ path: "/tmp/a2a-agui-shots/bundle-agui-run-messages.png", fullPage: true });
});
