import type { Page } from "@playwright/test";
import { AgentDesk } from "./agent-fixtures";
import { expect, test } from "./fixtures";

/** Screenshots for a person to look at (TRACE_SHOTS=<dir>): at 1440 and 800 px, light and dark. */
async function shots(page: Page, name: string) {
  const dir = process.env.TRACE_SHOTS;
  if (!dir) return;
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("the demo agent's model call shows its real instruction and tools; the trace selects events; state change and fork", async ({
  workbench,
  page,
}) => {
  const desk = new AgentDesk(page);
  // The inspector open beside the timeline needs a desktop window (the layout spec covers narrower ones).
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");

  // A state change goes with the message and shows as the user's event diff.
  await page.getByTestId("state-delta-toggle").click();
  await page.getByTestId("state-delta-input").fill('{"trip": "Paris"}');
  await desk.send("weather in Paris");
  await expect(desk.timeline).toContainText("sunny in Paris", { timeout: 30_000 });
  await expect(page.getByTestId("composer-stop")).toBeHidden();
  await expect(page.getByTestId("state-delta-editor")).toBeHidden();
  const userEvent = desk.timeline.locator('[data-testid="timeline-event"][data-author="user"]').first();
  await userEvent.click();
  await expect(page.locator('[data-testid="state-diff-row"][data-key="trip"]')).toBeVisible();

  // Model call of the event with the get_weather call.
  const callEvent = desk.timeline.locator('[data-testid="timeline-event"][data-author="loupe_demo"]').first();
  await callEvent.click();
  await page.getByTestId("inspector-tab-model").click();
  const call = page.getByTestId("model-call");
  await expect(call.getByTestId("model-call-system")).toContainText("You are loupe_demo, a demo agent");
  await call.getByTestId("model-call-tools").locator("summary").first().click();
  await expect(call.locator('[data-testid="model-call-tool"][data-name="get_weather"]')).toBeVisible();
  await expect(call.getByTestId("model-call-contents")).toContainText("weather in Paris");
  await shots(page, "adk-model-call");

  // Trace: the span tree; clicking the tool span selects the function response event.
  await page.getByTestId("session-pane-trace").click();
  const spans = page.getByTestId("trace-span");
  await expect(spans).toHaveCount(5);
  await expect(spans.nth(3)).toHaveAttribute("data-kind", "tool");
  await spans.nth(3).click();
  await expect(spans.nth(3)).toHaveAttribute("data-selected", "true");
  // A tool's result event has no model behind it: no Model call tab, the event inspector as is.
  await expect(page.getByTestId("inspector-tabs")).toHaveCount(0);
  await expect(page.getByTestId("inspector-calls")).toContainText("get_weather");
  await shots(page, "adk-trace");

  // Fork from the function-response event: the dialog shows the state first, and opens the new session.
  await page.getByTestId("fork-from-here").click();
  const dialog = page.getByTestId("fork-dialog");
  await expect(dialog.getByTestId("fork-state")).toHaveValue(/"last_city": "Paris"/);
  await expect(dialog.getByTestId("fork-shared")).toContainText("user:lookups");
  await shots(page, "adk-fork");
  const before = await page.getByTestId("session-view").getAttribute("data-session-id");
  await dialog.getByTestId("fork-create").click();
  await expect(page.getByTestId("session-view")).not.toHaveAttribute("data-session-id", before!);
  await expect(page.getByTestId("fork-dialog")).toBeHidden();
});
