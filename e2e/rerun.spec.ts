import { expect, test } from "./fixtures";

// Issue 12, "Re-run and diff": a recorded call of the demo server re-run with an edited argument.
const DEMO = "Loupe demo MCP server";

test("re-run a demo tool call from the history with an edited argument, and read the diff", async ({ workbench, page }) => {
  await workbench.open();
  await workbench.selectServer(DEMO);
  await workbench.selectTool("convert-currency");
  await workbench.field("amount").fill("12");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");

  // Re-run opens the tool's form with the recorded arguments, editable.
  await page.getByTestId("call-history-item").first().getByTestId("rerun-call").click();
  const form = page.getByTestId("rerun-form");
  await expect(page).toHaveURL(/[?&]rerun=/);
  await expect(workbench.field("amount", form)).toHaveValue("12");
  await workbench.field("amount", form).fill("30");
  await form.getByTestId("run-tool").click();

  // The comparison: arguments on top, the structured fields that changed, by path.
  const compare = page.getByTestId("call-compare");
  await expect(compare).toBeVisible();
  await expect(page).toHaveURL(/[?&]diff=[^&]+%7E[^&]+/);
  const args = compare.getByTestId("arguments-diff").getByTestId("json-change");
  await expect(args).toHaveCount(1);
  await expect(args.first()).toHaveAttribute("data-path", "$.amount");
  await expect(args.first().getByTestId("change-before")).toHaveText("12");
  await expect(args.first().getByTestId("change-after")).toHaveText("30");
  const structured = compare.getByTestId("structured-diff").getByTestId("json-change");
  await expect(structured.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-path")))).resolves.toEqual([
    "$.amount",
    "$.converted",
  ]);
  await expect(compare.getByTestId("block-diff").first()).toHaveAttribute("data-kind", "changed");

  // A reload keeps the comparison (it is in the URL); Close returns to the tool with both calls in its history.
  await page.reload();
  await expect(page.getByTestId("call-compare")).toBeVisible();
  await page.getByTestId("compare-close").click();
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", "convert-currency");
  await expect(page.getByTestId("call-history-item").nth(0)).toContainText('"amount":30');
  await expect(page.getByTestId("call-history-item").nth(1)).toContainText('"amount":12');

  // Compare… any two calls of the tool from the history (earlier call first).
  const rows = page.getByTestId("call-history-item");
  await rows.nth(0).getByTestId("compare-call").click();
  await rows.nth(1).getByTestId("compare-call").click();
  const again = page.getByTestId("arguments-diff").getByTestId("json-change");
  await expect(again.first().getByTestId("change-before")).toHaveText("12");
  await expect(again.first().getByTestId("change-after")).toHaveText("30");

  // The traffic detail of a tools/call offers the same re-run, found by the request's JSON-RPC id.
  await page.getByTestId("compare-close").click();
  await workbench.openTab("Traffic");
  const row = page.locator('[data-testid="traffic-row"][data-method="tools/call"]').filter({ hasText: "convert-currency" }).last();
  await row.click();
  await page.getByTestId("traffic-detail").getByTestId("traffic-rerun").click();
  await expect(page).toHaveURL(/[?&]rerun=/);
  await expect(workbench.field("amount", page.getByTestId("rerun-form"))).toHaveValue(/^(12|30)$/);
});
