import { test as base, expect, type Locator, type Page } from "@playwright/test";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const E2E_TOKEN = process.env.LOUPE_E2E_TOKEN ?? "e2e-token-0123456789abcdef";
export const EVERYTHING = path.join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
export const FILESYSTEM = path.join(ROOT, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

/** Page object for the MCP workbench: what a user does, named as they would say it. */
export class Workbench {
  constructor(readonly page: Page) {}

  async open(query = "") {
    await this.page.goto(`/?token=${E2E_TOKEN}${query ? `&${query}` : ""}`);
    await expect(this.page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  }

  server(name: string): Locator {
    // By exact name: other specs add "everything (inbox)" and the like to the same Loupe.
    return this.page.locator(`[data-testid="connection-item"][data-name="${name.replace(/"/g, '\\"')}"]`);
  }

  async addStdioServer(name: string, command: string, args: string) {
    await this.page.getByTestId("add-server").click();
    const dialog = this.page.getByTestId("add-server-dialog");
    await dialog.getByTestId("transport-stdio").click();
    await dialog.locator("#name").fill(name);
    await dialog.locator("#command").fill(command);
    await dialog.locator("#args").fill(args);
    await dialog.getByTestId("save-server").click();
    await expect(dialog).toBeHidden();
    await expect(this.server(name)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  }

  /** server-everything over stdio under `name`, added through the UI once (a rerun finds it saved), then selected. */
  async useEverything(name: string) {
    await this.open();
    await expect(this.server("Loupe demo MCP server")).toBeVisible();
    if ((await this.server(name).count()) === 0) await this.addStdioServer(name, "node", `${EVERYTHING} stdio`);
    await expect(this.server(name)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
    await this.selectServer(name);
  }

  async selectServer(name: string) {
    await this.server(name).click();
    await expect(this.page.getByTestId("connection-view")).toContainText(name);
  }

  async openTab(name: "Overview" | "Tools" | "Resources" | "Prompts" | "Tasks" | "Client" | "Auth" | "Traffic") {
    await this.page.getByRole("tab", { name, exact: true }).click();
  }

  async selectTool(name: string) {
    await this.openTab("Tools");
    await this.page.getByTestId("tool-search").fill(name);
    await this.page.locator(`[data-testid="tool-item"][data-tool="${name}"]`).click();
    await expect(this.toolDetail).toHaveAttribute("data-tool", name);
  }

  get toolDetail(): Locator {
    return this.page.getByTestId("tool-detail");
  }

  /** A text-like form field by its accessible name (the required mark is aria-hidden). */
  field(label: string, scope: Locator = this.toolDetail): Locator {
    return scope.getByRole("textbox", { name: label, exact: true });
  }

  async run() {
    await this.toolDetail.getByTestId("run-tool").click();
  }

  get result(): Locator {
    return this.toolDetail.getByTestId("tool-result");
  }
}

export const test = base.extend<{ workbench: Workbench }>({
  workbench: async ({ page }, use) => {
    await use(new Workbench(page));
  },
});

export { expect };
