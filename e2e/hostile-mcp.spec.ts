import path from "node:path";
import { expect, test, ROOT } from "./fixtures";
import type { Page } from "@playwright/test";

// Issue 9 §3 in the browser: a hostile stdio server (tests/fixtures/hostile-mcp-server.mjs) never
// hides the good tools, and big arguments or defaults never crash the page.
const HOSTILE = path.join(ROOT, "tests/fixtures/hostile-mcp-server.mjs");
const NAME = "hostile fixture";

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function pick(page: Page, key: string) {
  await page.getByTestId("tool-search").fill("");
  const item = page.locator(`[data-testid="tool-item"][data-tool-key="${key}"]`);
  await item.click();
  await expect(item).toHaveAttribute("aria-selected", "true");
  // The detail of the tool picked before is gone only once this one is mounted.
  const name = (await item.getAttribute("data-tool")) ?? key;
  await expect(page.locator(`[data-testid="tool-detail"][data-tool="${name}"]`)).toBeVisible();
}

test.beforeEach(async ({ workbench }) => {
  await workbench.open();
  if ((await workbench.server(NAME).count()) === 0) await workbench.addStdioServer(NAME, "node", HOSTILE);
  await expect(workbench.server(NAME)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(NAME);
  await workbench.openTab("Tools");
});

test("every tool is listed despite broken schemas; both tools named dup have their own schema", async ({ workbench, page }) => {
  const errors = watchErrors(page);
  await expect(page.getByTestId("tool-count")).toContainText("13 tools");
  await pick(page, "schema_not_object");
  await expect(page.getByTestId("tool-warnings")).toContainText("inputSchema is a string");
  await expect(page.getByTestId("raw-input-schema")).toContainText("this is not a schema");
  await workbench.run();
  await expect(workbench.toolDetail.getByTestId("call-error")).toBeVisible();

  await pick(page, "dup (2)");
  await expect(page.getByTestId("tool-duplicate")).toContainText("this is the 2nd");
  await expect(workbench.toolDetail.getByLabel(/^b/)).toBeVisible();
  await pick(page, "dup");
  await expect(workbench.field("a")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a 200 KB default and 70 KB of arguments run in form and JSON mode without breaking the page", async ({ workbench, page }) => {
  const errors = watchErrors(page);
  await pick(page, "big_default");
  await workbench.run();
  await expect(workbench.result).toContainText("blob of 200000 chars");
  await workbench.toolDetail.getByTestId("schema-form-mode").getByText("JSON").click();
  await workbench.run();
  await expect(workbench.toolDetail.getByTestId("call-history-item")).toHaveCount(2);

  await pick(page, "echo_size");
  await workbench.toolDetail.getByTestId("schema-form-mode").getByText("JSON").click();
  await workbench.toolDetail.getByLabel("JSON").fill(JSON.stringify({ text: "t".repeat(70_000) }));
  await workbench.run();
  await expect(workbench.result).toContainText("received 70011 bytes");
  // The app never scrolls sideways, whatever the size of what it shows.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test("a recursive $ref: # schema runs from JSON; Send anyway shows the server's -32602 once; a 65 MB answer fails in words", async ({
  workbench,
  page,
}) => {
  await pick(page, "recursive");
  await workbench.toolDetail.getByTestId("schema-form-mode").getByText("JSON").click();
  await workbench.toolDetail.getByLabel("JSON").fill('{"name":"a","children":[{"name":"b","children":[]}]}');
  await workbench.run();
  await expect(workbench.result).toContainText('tree {"name":"a"');

  await pick(page, "strict");
  await workbench.toolDetail.getByTestId("schema-form-mode").getByText("JSON").click();
  await workbench.toolDetail.getByLabel("JSON").fill('{"count":"three"}');
  await workbench.run();
  await expect(workbench.toolDetail.getByTestId("run-blocked")).toBeVisible();
  await workbench.toolDetail.getByTestId("send-anyway").click();
  await expect(workbench.toolDetail.getByTestId("call-error-message")).toHaveText(
    "MCP error -32602: Invalid arguments for tool strict: count must be an integer",
  );

  // Over the stdio limit: the call fails in words and the server stays connected.
  await pick(page, "huge_result");
  await workbench.toolDetail.getByTestId("schema-form-mode").getByText("JSON").click();
  await workbench.toolDetail.getByLabel("JSON").fill('{"mb":65}');
  await workbench.run();
  await expect(workbench.toolDetail.getByTestId("call-error-message")).toHaveText(
    "A message of 65.0 MB from the server exceeded Loupe's limit of 64 MiB for one stdio message; it was dropped",
  );
  await expect(workbench.server(NAME)).toHaveAttribute("data-status", "connected");
});

test("traffic: big frames keep their method and pair, garbage lines are kept, Loupe's records are not unrecognized", async ({
  workbench,
  page,
}) => {
  await pick(page, "garbage");
  await workbench.run();
  await expect(workbench.result).toContainText("answered after the garbage");
  await workbench.openTab("Traffic");
  const search = page.getByTestId("traffic-search");
  // The tools/list answer is about 200 KB (the big default): previewed, yet paired and labelled.
  await search.fill("tools/list");
  await expect(page.locator('[data-testid="traffic-row"][data-method="tools/list"][data-state="ok"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="traffic-row"][data-state="unrecognized"]')).toHaveCount(0);
  // The server's three garbage lines: kept, and unrecognized as what they are.
  await search.fill(`"bytes":`);
  const garbage = page.locator('[data-testid="traffic-row"][data-state="unrecognized"]');
  await expect(garbage).toHaveCount(3);
  for (const text of await garbage.allTextContents()) expect(text).toContain("not JSON-RPC");
  await garbage.nth(1).click();
  await expect(page.getByTestId("traffic-detail")).toContainText("204800");
});
