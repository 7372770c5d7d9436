import type { Page } from "@playwright/test";
import { expect, test, type Workbench } from "./fixtures";

/**
 * Resources and prompts (issue 4) against server-everything over stdio: read a markdown document,
 * subscribe to it and see `notifications/resources/updated` arrive live, fill a template, and get
 * a prompt with an argument.
 */
test.describe.configure({ mode: "serial" });

const SERVER = "everything (resources)";
const DOC = "demo://resource/static/document/architecture.md";

async function ensureServer(workbench: Workbench) {
  await workbench.useEverything(SERVER);
}

async function openTab(page: Page, name: "Resources" | "Prompts" | "Tools") {
  await page.getByRole("tab", { name, exact: true }).click();
}

async function openDocument(page: Page) {
  await openTab(page, "Resources");
  await expect(page.getByTestId("resource-count")).toContainText("7 resources");
  await page.locator(`[data-testid="resource-item"][data-uri="${DOC}"]`).click();
  await expect(page.getByTestId("resource-read")).toHaveAttribute("data-uri", DOC);
}

test("reads a markdown resource and renders it", async ({ workbench, page }) => {
  await ensureServer(workbench);
  await openDocument(page);
  const content = page.getByTestId("resource-content").first();
  await expect(content).toHaveAttribute("data-kind", "markdown", { timeout: 30_000 });
  await expect(content.getByTestId("markdown-view").locator("h1").first()).toBeVisible();
  await expect(page.getByTestId("template-item")).toHaveCount(2);
});

test("subscribes to a resource and sees the server's update arrive", async ({ workbench, page }) => {
  await ensureServer(workbench);
  await openDocument(page);
  await expect(page.getByTestId("resource-content").first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("subscribe").click();
  await expect(page.getByTestId("unsubscribe")).toBeVisible();
  await expect(page.getByTestId("subscription-count")).toHaveText("Subscribed (1)");

  // The server starts sending notifications/resources/updated for subscribed URIs.
  await workbench.selectTool("toggle-subscriber-updates");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok", { timeout: 30_000 });

  await openTab(page, "Resources");
  const subscribed = page.locator(`[data-testid="subscription-item"][data-uri="${DOC}"]`);
  await expect(subscribed.getByTestId("subscription-updated")).toBeVisible({ timeout: 30_000 });
  await subscribed.click();
  // The read on screen predates the update: the panel says so and offers a re-read.
  const updated = page.getByTestId("resource-updated");
  await expect(updated).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("resource-last-update")).toBeVisible();
  await updated.getByTestId("reread-updated").click();
  await expect(page.getByTestId("resource-content").first()).toHaveAttribute("data-kind", "markdown");

  // Stop the simulated updates and unsubscribe.
  await workbench.selectTool("toggle-subscriber-updates");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok", { timeout: 30_000 });
  await openTab(page, "Resources");
  await page.locator(`[data-testid="subscription-item"][data-uri="${DOC}"]`).click();
  await page.getByTestId("unsubscribe").click();
  await expect(page.getByTestId("subscription-count")).toHaveText("Subscribed (0)");
});

test("fills the blob template and reads the expansion", async ({ workbench, page }) => {
  await ensureServer(workbench);
  await openTab(page, "Resources");
  await page.locator('[data-testid="template-item"][data-template="demo://resource/dynamic/blob/{resourceId}"]').click();
  const form = page.getByTestId("template-form");
  await form.getByTestId("arg-resourceId").fill("4");
  await expect(form.getByTestId("template-expanded")).toHaveText("demo://resource/dynamic/blob/4");
  await form.getByTestId("template-read").click();
  const content = form.getByTestId("resource-content").first();
  await expect(content).toHaveAttribute("data-kind", "blob_text", { timeout: 30_000 });
  await expect(content).toContainText("Resource 4: This is a base64 blob");
});

test("gets args-prompt with a city and sees the messages; completable-prompt suggests values", async ({ workbench, page }) => {
  await ensureServer(workbench);
  await openTab(page, "Prompts");
  await expect(page.getByTestId("prompt-count")).toContainText("4 prompts");
  await page.locator('[data-testid="prompt-item"][data-prompt="args-prompt"]').click();
  const detail = page.getByTestId("prompt-detail");
  await detail.getByTestId("arg-city").fill("Lisbon");
  await detail.getByTestId("get-prompt").click();
  const message = page.getByTestId("prompt-message").first();
  await expect(message).toHaveAttribute("data-role", "user", { timeout: 30_000 });
  await expect(message).toContainText("Lisbon");

  await page.locator('[data-testid="prompt-item"][data-prompt="completable-prompt"]').click();
  const dept = page.getByTestId("prompt-detail").getByTestId("arg-department");
  await dept.fill("E");
  await expect(page.getByTestId("completion-option")).toHaveText(["Engineering"], { timeout: 30_000 });
  await page.getByTestId("completion-option").first().click();
  await expect(dept).toHaveValue("Engineering");
  await page.getByTestId("prompt-detail").getByTestId("arg-name").focus();
  await expect(page.getByTestId("completion-option")).toHaveText(["Alice", "Bob", "Charlie"], { timeout: 30_000 });
});
