import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { EVERYTHING, FILESYSTEM, Workbench } from "./fixtures";

// Import a pasted Claude Desktop block (issue 22): the preview says what it found, Add connects
// both servers, and pasting it again marks them as already added.
const root = mkdtempSync(path.join(tmpdir(), "loupe-e2e-config-"));
const block = JSON.stringify(
  {
    mcpServers: {
      // Its own cwd: other specs of the run add server-everything by the same command line, which
      // would make this entry "already added" before the test starts.
      "everything (config)": { command: "node", args: [EVERYTHING, "stdio"], cwd: root },
      "files (config)": { command: "node", args: [FILESYSTEM, root] },
      "needs a socket": { type: "websocket", url: "ws://127.0.0.1:1" },
    },
  },
  null,
  2,
);

test("import a pasted Claude Desktop block, see both servers connect, paste again: already added", async ({ page }) => {
  const workbench = new Workbench(page);
  await workbench.open();
  await page.getByTestId("import-servers").click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByTestId("import-text").fill(block);
  await dialog.getByTestId("import-preview-button").click();

  const rows = dialog.getByTestId("import-entry");
  await expect(rows).toHaveCount(3);
  const row = (name: string) => dialog.locator(`[data-testid="import-entry"][data-name="${name}"]`);
  await expect(row("everything (config)")).toHaveAttribute("data-state", "usable");
  await expect(row("everything (config)")).toContainText(`node ${EVERYTHING} stdio`);
  await expect(row("needs a socket")).toHaveAttribute("data-state", "unusable");
  await expect(row("needs a socket").getByTestId("import-problem")).toHaveText(
    "type 'websocket' is not supported (Loupe speaks stdio, Streamable HTTP and SSE)",
  );
  await expect(row("needs a socket").getByRole("checkbox")).toBeDisabled();

  await dialog.getByTestId("import-add").click();
  await expect(dialog.getByTestId("import-result")).toContainText("Added everything (config), files (config).");
  await expect(workbench.server("everything (config)")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await expect(workbench.server("files (config)")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  // The preview is read again after the import: both rows now say they are saved.
  await expect(row("everything (config)")).toHaveAttribute("data-state", "duplicate");
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();

  await page.getByTestId("import-servers").click();
  await dialog.getByTestId("import-text").fill(block);
  await dialog.getByTestId("import-preview-button").click();
  await expect(row("everything (config)").getByTestId("import-duplicate")).toHaveText("already added");
  await expect(row("files (config)").getByTestId("import-duplicate")).toHaveText("already added");
  await expect(dialog.getByTestId("import-add")).toBeDisabled();
  await expect(dialog.getByTestId("import-add")).toHaveText("Add 0 servers");

  // A text that is no JSON says where, and adds nothing.
  await dialog.getByTestId("import-text").fill('{ "mcpServers": { "a": ');
  await dialog.getByTestId("import-preview-button").click();
  await expect(dialog.getByTestId("import-error")).toContainText("Not valid JSON");
});

test("export the servers: masked by default, each shape", async ({ page }) => {
  const workbench = new Workbench(page);
  await workbench.open();
  await page.getByTestId("export-servers").click();
  const dialog = page.getByTestId("export-dialog");
  await expect(dialog.getByTestId("export-text")).toContainText('"mcpServers"');
  await expect(dialog.getByTestId("export-text")).not.toContainText("Loupe demo MCP server");
  await dialog.getByTestId("export-shape").selectOption("vscode");
  await expect(dialog.getByTestId("export-text")).toContainText('"servers"');
  await expect(dialog.getByTestId("export-text")).toContainText('"type": "stdio"');
  await expect(dialog.getByTestId("export-secrets")).toHaveAttribute("aria-checked", "false");
});
