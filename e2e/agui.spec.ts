import type { Page } from "@playwright/test";
import { expect, test, type Workbench } from "./fixtures";

/**
 * AG-UI agents (issue 11 §3) against the demo AG-UI agent `npm start` runs (builtin id demo-agui,
 * scripted, front-end tool confirm_booking declared by default): a front-end tool call is answered
 * FROM THE INBOX and the thread's next run finishes; an interrupt is resolved inline and resumed.
 */
test.describe.configure({ mode: "serial" });

const AGENT = "demo-agui";

async function openAgent(workbench: Workbench, page: Page) {
  await workbench.open(`view=agui&peer=${AGENT}`);
  await expect(page.getByTestId("agui-main")).toHaveAttribute("data-agent-id", AGENT, { timeout: 30_000 });
}

/** Starts a new thread with `text` and waits for its run to open; returns the thread id. */
async function startThread(page: Page, text: string): Promise<string> {
  await page.getByTestId("agui-new-thread").click();
  await page.getByTestId("agui-run-text").fill(text);
  await page.getByTestId("agui-run").click();
  await expect(page).toHaveURL(/th=.*item=/, { timeout: 30_000 });
  const threadId = await page.getByTestId("agui-thread-pane").getAttribute("data-thread-id");
  expect(threadId).toBeTruthy();
  return threadId!;
}

/** The last run chip of the open thread, once there are `count` of them. */
async function lastRun(page: Page, count: number) {
  const chips = page.getByTestId("agui-run-chip");
  await expect(chips).toHaveCount(count, { timeout: 30_000 });
  await chips.last().click();
  return chips.last();
}

test("a front-end tool call is answered from the inbox and the thread's next run finishes", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  const threadId = await startThread(page, "book a room in Lisbon");
  // The call streams into the timeline, with its request inline.
  const call = page.locator('[data-testid="agui-tool-call"][data-tool="confirm_booking"]');
  await expect(call).toBeVisible({ timeout: 30_000 });
  await expect(call.getByTestId("agui-tool-args")).toContainText("Hotel Aurora");
  await expect(page.getByTestId("agui-text").first()).toContainText("Please confirm the booking.");

  // Answer it from the inbox: a form from the tool's schema, starting from the call's arguments.
  await page.getByTestId("inbox-link").click();
  await expect(page).toHaveURL(/view=inbox/);
  const card = page.locator(`[data-testid="agui-request-card"][data-thread-id="${threadId}"]`);
  await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
  await expect(card.getByTestId("agui-request-args")).toContainText("Hotel Aurora");
  await expect(card.getByTestId("schema-form")).toBeVisible();
  await card.getByRole("checkbox", { name: /confirmed/i }).check();
  await card.getByTestId("agui-send-result").click();
  await expect(card).toHaveAttribute("data-status", "answered", { timeout: 30_000 });

  // Back on the thread: a second run carried the tool result and finished.
  await card.getByTestId("agui-request-open").click();
  await expect(page.getByTestId("agui-thread-pane")).toHaveAttribute("data-thread-id", threadId);
  const second = await lastRun(page, 2);
  await expect(second.getByTestId("agui-run-status")).toHaveAttribute("data-status", "finished", { timeout: 30_000 });
  await expect(page.getByTestId("agui-items")).toContainText("The booking tool answered", { timeout: 30_000 });
  await expect(page.getByTestId("agui-items")).toContainText('"confirmed":true');
  // The thread's messages hold the tool message; its state the agent's snapshot.
  await page.getByTestId("agui-tab-messages").click();
  await expect(page.locator('[data-testid="agui-message"][data-role="tool"]')).toBeVisible();
  await page.getByTestId("agui-tab-state").click();
  await expect(page.getByTestId("agui-state-json")).toContainText("booking");
});

test("an interrupt is resolved from the run timeline and the thread resumes", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  await startThread(page, "please approve the spend");
  const interrupt = page.getByTestId("agui-interrupt");
  await expect(interrupt).toContainText("Spend 300 EUR on the booking?", { timeout: 30_000 });
  const card = interrupt.getByTestId("agui-request-card");
  await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
  await card.getByRole("checkbox", { name: /approved/i }).check();
  await card.getByTestId("agui-resolve").click();
  await expect(card).toHaveAttribute("data-status", "answered", { timeout: 30_000 });
  const second = await lastRun(page, 2);
  await expect(second.getByTestId("agui-run-status")).toHaveAttribute("data-status", "finished", { timeout: 30_000 });
  await expect(page.getByTestId("agui-items")).toContainText("Resumed.", { timeout: 30_000 });
  await expect(page.getByTestId("agui-items")).toContainText("approved");
});

test("the showcase run: raw events filtered by type, one inspected, state changes as a diff", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  await startThread(page, "plan a trip");
  const items = page.getByTestId("agui-items");
  await expect(items.locator('[data-testid="agui-item"][data-kind="run_finished"]')).toBeVisible({ timeout: 30_000 });
  await expect(items.locator('[data-testid="agui-diff-row"][data-path="/trip/nights"]').first()).toBeVisible();
  await page.getByTestId("agui-mode-events").click();
  await page.getByTestId("agui-event-type").selectOption("STATE_DELTA");
  await expect(page.getByTestId("agui-event-row")).toHaveCount(2);
  await page.getByTestId("agui-event-row").first().click();
  await expect(page.getByTestId("agui-inspector-event")).toContainText('"op": "replace"');
});
