import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FILESYSTEM, expect, test } from "./fixtures";

test("edit_file's Portability tab shows what each provider receives, with findings", async ({ workbench, page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "loupe-e2e-portability-"));
  await workbench.open();
  await workbench.addStdioServer("fs-portability", "node", `${FILESYSTEM} ${dir}`);
  await workbench.selectServer("fs-portability");
  await workbench.selectTool("edit_file");
  await workbench.toolDetail.getByRole("tab", { name: "Portability", exact: true }).click();

  const panel = page.getByTestId("portability-panel");
  await expect(panel).toHaveAttribute("data-provider", "gemini");
  await expect(panel.getByTestId("portability-normalized-name")).toHaveText("edit_file");
  await expect(panel.getByTestId("portability-namespaced-name")).toHaveText("fs-portability__edit_file");
  // Gemini: only the draft-07 `$schema` annotation is removed.
  await expect(panel.getByTestId("portability-verdict")).toHaveAttribute("data-verdict", "as_is");
  await expect(panel.getByTestId("portability-finding")).toHaveCount(1);
  await expect(panel.getByTestId("portability-finding")).toHaveAttribute("data-path", "#");
  await expect(panel.getByTestId("portability-normalized")).not.toContainText("$schema");
  await expect(panel.getByTestId("portability-original")).toContainText("$schema");

  await panel.getByTestId("portability-provider-openai-strict").click();
  await expect(panel).toHaveAttribute("data-provider", "openai-strict");
  await expect(panel.getByTestId("portability-verdict")).toHaveAttribute("data-verdict", "degraded");
  const dryRun = panel.locator('[data-testid="portability-finding"][data-path="#/properties/dryRun"]');
  await expect(dryRun).toHaveCount(2);
  await expect(dryRun.first()).toHaveAttribute("data-severity", "shape_changed");
  await expect(dryRun.nth(1)).toHaveAttribute("data-severity", "constraint_lost");
  await expect(panel.getByTestId("portability-normalized")).toContainText('"additionalProperties": false');

  await panel.getByTestId("portability-provider-anthropic").click();
  await expect(panel.getByTestId("portability-no-findings")).toBeVisible();
  await expect(panel.getByTestId("portability-finding")).toHaveCount(0);

  // The server-level summary on the Overview: tools portable as they are, per provider.
  await workbench.openTab("Overview");
  const summary = page.getByTestId("server-portability");
  await expect(summary.getByTestId("portability-summary-openai-strict")).toHaveAttribute("data-total", "14");
  await expect(summary.getByTestId("portability-summary-openai-strict")).toHaveAttribute("data-as-is", "7");
  await expect(summary.getByTestId("portability-summary-anthropic")).toHaveAttribute("data-as-is", "14");
  await expect(summary.getByTestId("portability-summary-finding").first()).toBeVisible();
});
