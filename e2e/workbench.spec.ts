import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EVERYTHING, FILESYSTEM, expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

test("the demo MCP server is connected on first start", async ({ workbench, page }) => {
  await workbench.open();
  await expect(workbench.server("Loupe demo MCP server")).toHaveAttribute("data-status", "connected");
  await workbench.selectServer("Loupe demo MCP server");
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toContainText("13 tools");
});

test("connect server-everything through the UI and run get-sum through the form", async ({ workbench, page }) => {
  await workbench.open();
  await workbench.addStdioServer("everything", "node", `${EVERYTHING} stdio`);
  await workbench.selectServer("everything");
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toContainText("17 tools");

  await workbench.selectTool("get-sum");
  await workbench.field("a").fill("19");
  await workbench.field("b").fill("23");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  await expect(workbench.result).toContainText("The sum of 19 and 23 is 42.");
  await expect(page.getByTestId("call-history-item").first()).toHaveAttribute("data-status", "ok");
});

test("a long-running operation shows progress, and a second one can be cancelled", async ({ workbench, page }) => {
  await workbench.open();
  await workbench.selectServer("everything");
  await workbench.selectTool("trigger-long-running-operation");
  await workbench.field("duration").fill("3");
  await workbench.field("steps").fill("3");
  await workbench.run();
  const progress = page.getByTestId("call-progress");
  await expect(progress).toBeVisible();
  await expect(page.getByTestId("call-progress-amount")).toContainText(/[123]\s*\/\s*3/);
  await expect(workbench.result).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
  await expect(workbench.result).toContainText("Long running operation completed");

  await workbench.field("duration").fill("20");
  await workbench.field("steps").fill("10");
  await workbench.run();
  await expect(page.getByTestId("call-progress-amount")).toContainText(/[1-9]\s*\/\s*10/);
  await page.getByTestId("cancel-call").click();
  await expect(workbench.result).toHaveAttribute("data-status", "cancelled");
  await expect(page.getByTestId("call-history-item").first()).toHaveAttribute("data-status", "cancelled");
});

test("the traffic timeline pairs the tools/call request with its response", async ({ workbench, page }) => {
  await workbench.open();
  await workbench.selectServer("everything");
  await workbench.openTab("Traffic");
  const row = page.locator('[data-testid="traffic-row"][data-method="tools/call"][data-state="ok"]').first();
  await expect(row).toBeVisible();
  await row.click();
  const detail = page.getByTestId("traffic-detail");
  await expect(detail).toContainText('"method": "tools/call"');
  await expect(detail).toContainText('"result"');
});

test("server-filesystem edit_file with two edits from the array-of-objects form, dry run", async ({ workbench }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "loupe-e2e-fs-"));
  const file = path.join(dir, "notes.txt");
  writeFileSync(file, "hello world\nsecond line\nthird line\n");

  await workbench.open();
  await workbench.addStdioServer("filesystem", "node", `${FILESYSTEM} ${dir}`);
  await workbench.selectServer("filesystem");
  await workbench.selectTool("edit_file");

  await workbench.field("path").fill(file);
  const edits = workbench.toolDetail.getByRole("group", { name: "edits", exact: true });
  await edits.getByRole("button", { name: "Add item" }).click();
  await edits.getByRole("button", { name: "Add item" }).click();
  const first = workbench.toolDetail.getByRole("group", { name: "edits item 1" });
  const second = workbench.toolDetail.getByRole("group", { name: "edits item 2" });
  await first.getByRole("textbox", { name: "oldText" }).fill("hello world");
  await first.getByRole("textbox", { name: "newText" }).fill("howdy world");
  await second.getByRole("textbox", { name: "oldText" }).fill("third line");
  await second.getByRole("textbox", { name: "newText" }).fill("3rd line");
  await workbench.toolDetail.getByRole("checkbox", { name: "dryRun" }).check();
  await workbench.run();

  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  await expect(workbench.result).toContainText("-hello world");
  await expect(workbench.result).toContainText("+howdy world");
  await expect(workbench.result).toContainText("+3rd line");
  // Dry run: the file on disk is untouched.
  expect(readFileSync(file, "utf8")).toBe("hello world\nsecond line\nthird line\n");
});

test("a reload keeps the servers, the place and the call history", async ({ workbench, page }) => {
  await workbench.open("c=");
  await workbench.selectServer("everything");
  await workbench.selectTool("get-sum");
  await page.reload();
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", "get-sum");
  await expect(page.getByTestId("call-history-item").first()).toHaveAttribute("data-status", "ok");
});
