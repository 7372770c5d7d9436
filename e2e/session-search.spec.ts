import type { Page } from "@playwright/test";
import { AgentDesk } from "./agent-fixtures";
import { expect, test } from "./fixtures";

/** Screenshots for a person to look at (SEARCH_SHOTS=<dir>). */
const shot = (page: Page, name: string) =>
  process.env.SEARCH_SHOTS ? page.screenshot({ path: `${process.env.SEARCH_SHOTS}/${name}.png` }) : null;

test("a demo session is named and labelled, then found by its label and by a word from its timeline, opening at the event", async ({
  workbench,
  page,
}) => {
  const desk = new AgentDesk(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");
  const sessionId = await page.getByTestId("session-view").getAttribute("data-session-id");
  await desk.send("weather in Reykjavik");
  await expect(desk.timeline).toContainText("in Reykjavik", { timeout: 30_000 });
  await expect(page.getByTestId("composer-stop")).toBeHidden();

  // Name and label it in the session header; the list row shows both.
  await page.getByTestId("session-name").click();
  await page.getByTestId("session-name-input").fill("Iceland trip");
  await page.getByTestId("session-name-input").press("Enter");
  await page.getByTestId("add-session-label").click();
  await page.getByTestId("session-label-input").fill("travel-qa");
  await page.getByTestId("session-label-input").press("Enter");
  const row = page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`);
  await expect(row).toContainText("Iceland trip");
  await expect(row.getByTestId("session-label")).toHaveText("travel-qa");
  await shot(page, "labelled");

  // Move away, then find it by its label from the sidebar.
  await desk.newSession("workflow_demo");
  await page.getByTestId("open-session-search").click();
  await page.getByTestId("session-search-input").fill("travel-qa");
  const byLabel = page.locator(`[data-testid="session-search-hit"][data-match="label"][data-session-id="${sessionId}"]`);
  await expect(byLabel).toContainText("Iceland trip");
  await byLabel.click();
  await expect(page.getByTestId("session-view")).toHaveAttribute("data-session-id", sessionId!);
  await expect(page.getByTestId("session-search")).toBeHidden();

  // By a word the user typed, through Ctrl+Shift+F: the row marks it and opens the session at that event.
  await desk.newSession("workflow_demo");
  await page.keyboard.press("Control+Shift+F");
  await page.getByTestId("session-search-input").fill("reykjavik");
  const byText = page.locator(`[data-testid="session-search-hit"][data-match="text"][data-session-id="${sessionId}"]`).first();
  await expect(byText.getByTestId("search-mark").first()).toHaveText(/reykjavik/i);
  await shot(page, "search");
  const eventId = await byText.getAttribute("data-event-id");
  expect(eventId).toBeTruthy();
  await page.getByTestId("session-search-input").press("Enter");
  await expect(page.getByTestId("session-view")).toHaveAttribute("data-session-id", sessionId!);
  await expect(page).toHaveURL(new RegExp(`[?&]e=${eventId}`));
  await expect(desk.timeline.locator(`[data-testid="timeline-event"][data-event-id="${eventId}"]`)).toHaveAttribute(
    "data-selected",
    "true",
  );
  await expect(page.getByTestId("event-inspector")).toBeVisible();
  await shot(page, "opened");
});
