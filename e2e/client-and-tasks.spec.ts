import { expect, test } from "./fixtures";

/**
 * The Client tab (issue 4): what Loupe declares in initialize changes what server-everything
 * offers (13 / 17 / 19 tools), roots edited live reach the server; and a tool whose taskSupport is
 * "required" runs as a task from the tool page, is followed to completion and its result shown.
 */
test.describe.configure({ mode: "serial" });

const SERVER = "everything (client)";

test("capabilities chosen in the Client tab decide the tools; roots reach get-roots-list", async ({ workbench, page }) => {
  await workbench.useEverything(SERVER);
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toContainText("17 tools");

  await workbench.openTab("Client");
  for (const key of ["sampling", "elicitationForm", "elicitationUrl", "roots"]) {
    await page.getByTestId(`capability-${key}`).click();
  }
  await expect(page.getByTestId("capability-tool-hint")).toContainText("registers 13 tools");
  await page.getByTestId("save-capabilities").click();
  await expect(workbench.server(SERVER)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toContainText("13 tools");

  await workbench.openTab("Client");
  for (const key of ["sampling", "elicitationForm", "elicitationUrl", "roots", "tasks"]) {
    await page.getByTestId(`capability-${key}`).click();
  }
  await expect(page.getByTestId("capability-tool-hint")).toContainText("registers 19 tools");
  await page.getByTestId("save-capabilities").click();
  await expect(workbench.server(SERVER)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toContainText("19 tools");

  // Roots: saved without a reconnect, announced with list_changed; the server's tool lists them.
  await workbench.openTab("Client");
  const roots = page.getByTestId("roots-editor");
  await roots.getByRole("button", { name: "Add root" }).click();
  await roots.getByLabel("Root URI 1").fill("file:///tmp/loupe-e2e-root");
  await roots.getByLabel("Root name 1").fill("e2e root");
  await page.getByTestId("save-roots").click();
  await expect(page.getByTestId("roots-saved")).toBeVisible();
  await workbench.selectTool("get-roots-list");
  await page.getByTestId("run-tool").click();
  await expect(workbench.toolDetail.getByTestId("tool-result")).toContainText("file:///tmp/loupe-e2e-root", { timeout: 30_000 });
});

test("a tool that requires a task runs as one: status followed to completed, result shown", async ({ workbench, page }) => {
  await workbench.useEverything(SERVER);
  await workbench.selectTool("simulate-research-query");
  await expect(page.getByTestId("task-required-note")).toBeVisible();
  await workbench.field("topic").fill("loupe");
  await page.getByTestId("run-tool").click();
  const run = page.getByTestId("task-run-view");
  await expect(run.getByTestId("task-status")).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  await expect(run.getByTestId("tool-result")).toContainText("loupe", { timeout: 30_000 });

  await workbench.openTab("Tasks");
  const row = page.getByTestId("task-row").first();
  await expect(row).toContainText("simulate-research-query");
  await expect(row.getByTestId("task-status")).toHaveAttribute("data-status", "completed");
});
