import { E2E_TOKEN, expect, test } from "./fixtures";

// Issue 22: the browser's Back and Forward move through Loupe's own views. Another tab or the
// inbox is a new history entry; a tool picked inside the Tools tab replaces the current one; the
// printed ?token= address and the landing leave no entry of their own, so Back from the first
// view leaves Loupe in one step (here to the blank page the browser started on).
const DEMO = "Loupe demo MCP server";

test("Back and Forward move through the Tools tab, the Resources tab and the inbox", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await workbench.selectServer(DEMO);
  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  const entries = () => page.evaluate(() => window.history.length);
  // The start: about:blank, the printed address (its token dropped in place), and the server.
  const start = await entries();

  // View 1: the Tools tab, a tool selected (a selection: no entry of its own).
  await workbench.openTab("Tools");
  const tool = page.locator('[data-testid="tool-item"]').first();
  const toolName = await tool.getAttribute("data-tool");
  await tool.click();
  await expect(page).toHaveURL(new RegExp(`[?&]tool=${encodeURIComponent(toolName ?? "")}`));
  // View 2: the Resources tab. View 3: the inbox.
  await workbench.openTab("Resources");
  await expect(page.getByTestId("resources-panel")).toBeVisible();
  await page.getByTestId("inbox-link").click();
  await expect(page.getByTestId("inbox-view")).toBeVisible();
  expect(await entries()).toBe(start + 2);

  await page.goBack();
  await expect(page.getByTestId("inbox-view")).toHaveCount(0);
  await expect(tab("Resources")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("resources-panel")).toBeVisible();

  await page.goBack();
  await expect(tab("Tools")).toHaveAttribute("aria-selected", "true");
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", toolName ?? "");
  await expect(page.getByTestId("connection-view")).toContainText(DEMO);

  await page.goForward();
  await expect(tab("Resources")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("resources-panel")).toBeVisible();
  expect(page.url()).not.toContain("token=");
});

test("Back from the first view leaves Loupe: the token address and the landing add no entry", async ({ page }) => {
  await page.goto(`/?token=${E2E_TOKEN}`);
  // The landing opens the first server, in place of the address it came from.
  await expect(page).toHaveURL(/[?&]c=/);
  await expect(page.getByTestId("connection-view")).toBeVisible();
  expect(page.url()).not.toContain("token=");
  expect(await page.evaluate(() => window.history.length)).toBe(2);
  await page.goBack();
  await expect(page).toHaveURL("about:blank");
});
