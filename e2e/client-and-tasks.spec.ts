import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

// Outside test-results/, which the next Playwright run (of any spec) empties.
const shot = (name: string) => path.join(process.env.LOUPE_E2E_SHOTS ?? tmpdir(), name);

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

test("a plain Run the demo server makes a task reads 'Ran as a task', links to the task, and shows its result", async ({
  workbench,
  page,
}) => {
  // The demo connection npm start creates speaks 2026-07-28 with tasks on: rebook-all becomes a
  // Tasks-extension task even though "Run as task" is not ticked.
  const DEMO = "Loupe demo MCP server";
  await workbench.open();
  await expect(workbench.server(DEMO)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(DEMO);
  await workbench.selectTool("rebook-all");
  await workbench.run();
  await expect(workbench.result.first()).toHaveAttribute("data-status", "task", { timeout: 30_000 });
  await expect(workbench.result.first().getByTestId("result-status")).toHaveText("Ran as a task");
  await expect(workbench.toolDetail.getByTestId("call-error")).toHaveCount(0);
  const taskId = await workbench.toolDetail.getByTestId("call-task").getAttribute("data-task-id");
  expect(taskId).toBeTruthy();
  const run = workbench.toolDetail.getByTestId("task-run-view");
  await expect(run.getByTestId("task-id")).toHaveText(taskId!);
  await expect(page.getByTestId("call-history-item").first()).toHaveAttribute("data-status", "task");
  await expect(run.getByTestId("task-status")).toHaveAttribute("data-status", "input_required", { timeout: 30_000 });
  await workbench.toolDetail.getByTestId("call-task").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("call-became-task.png"), fullPage: true });

  // Its question in the inbox names the task; the answer lets the task finish.
  await page.getByTestId("inbox-link").click();
  const pending = page
    .getByTestId("inbox-view")
    .locator('[data-testid="mcp-request-card"][data-status="pending"]')
    .filter({
      has: page.locator(`[data-testid="request-related-task"][data-task-id="${taskId}"]`),
    });
  await expect(pending).toBeVisible({ timeout: 30_000 });
  const card = page.locator(`[data-testid="mcp-request-card"][data-request-id="${await pending.getAttribute("data-request-id")}"]`);
  await expect(card.getByTestId("request-related-task")).toHaveText(`asked by task ${taskId}`);
  await page.screenshot({ path: shot("call-became-task-inbox.png"), fullPage: true });
  await card.getByRole("combobox", { name: "Seating" }).selectOption("together");
  await card.getByTestId("elicitation-accept").click();
  await expect(card).toHaveAttribute("data-status", "answered");

  // Back on the call: the task's result is shown under it; Open in Tasks opens that task.
  await workbench.selectServer(DEMO);
  await workbench.selectTool("rebook-all");
  await page.getByTestId("call-history-item").first().getByTitle("Show this result").click();
  await expect(run.getByTestId("task-status")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(run.getByTestId("tool-result")).toContainText("rest seated together", { timeout: 30_000 });
  await run.getByTestId("tool-result").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("call-became-task-done.png"), fullPage: true });
  await workbench.toolDetail.getByTestId("open-call-task").click();
  await expect(page).toHaveURL(new RegExp(`tab=tasks&task=${taskId}`));
  await expect(page.getByTestId("task-detail")).toHaveAttribute("data-task", taskId!);
});
