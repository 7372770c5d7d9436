import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Page object for the ADK side: the demo agent server `npm start` runs, its apps and sessions. */
export class AgentDesk {
  constructor(readonly page: Page) {}

  get demoAgent(): Locator {
    return this.page.getByTestId("agent-item").filter({ hasText: "Loupe demo agent" });
  }

  async openDemoAgent() {
    // The demo agent bundles its agents at start: it appears a few seconds after Loupe itself.
    await expect(this.demoAgent).toHaveAttribute("data-status", "ok", { timeout: 60_000 });
    await this.demoAgent.click();
    await expect(this.page.getByTestId("agent-view")).toBeVisible();
  }

  async newSession(app: string) {
    await this.page.getByTestId("app-picker").selectOption(app);
    // The app changes through the router (a transition): until the panel of the chosen app is
    // rendered, "New session" still belongs to the previous app (a CI run created the session there).
    const panel = this.page.locator(`[data-testid="session-panel"][data-app="${app}"]`);
    await expect(panel).toBeVisible();
    await panel.getByTestId("new-session").click();
    await expect(this.page.getByTestId("session-view")).toBeVisible();
  }

  async send(text: string) {
    await this.page.getByTestId("composer-input").fill(text);
    await this.page.getByTestId("composer-send").click();
  }

  get timeline(): Locator {
    return this.page.getByTestId("adk-timeline");
  }

  card(kind: "confirmation" | "input" | "credential" | "long_running", status = "pending"): Locator {
    return this.timeline.locator(`[data-testid="interrupt-card"][data-kind="${kind}"][data-status="${status}"]`);
  }
}
