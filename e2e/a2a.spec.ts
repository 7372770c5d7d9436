import type { Page } from "@playwright/test";
import { expect, test, type Workbench } from "./fixtures";

/**
 * A2A agents (issue 11 §2) against the demo A2A agent `npm start` runs (builtin id demo-a2a,
 * the SDK's server side, scripted skills): a task that goes input-required is answered from the
 * inbox and completes on the same task; a slow task is canceled.
 */
test.describe.configure({ mode: "serial" });

const AGENT = "demo-a2a";

async function openAgent(workbench: Workbench, page: Page) {
  await workbench.open(`view=a2a&peer=${AGENT}`);
  await expect(page.getByTestId("a2a-agent-header")).toBeVisible();
  await expect(page.locator(`[data-testid="a2a-agent-row"][data-agent-id="${AGENT}"]`)).toContainText("Reachable", { timeout: 30_000 });
}

/** Sends `text` into a new context and waits for the task it creates to open; returns its id. */
async function startTask(page: Page, text: string): Promise<string> {
  await page.getByTestId("a2a-tab-chat").click();
  await page.getByTestId("a2a-target-new").click();
  await page.getByTestId("a2a-message").fill(text);
  await page.getByTestId("a2a-send").click();
  const pane = page.getByTestId("a2a-task-pane");
  await expect(pane).toBeVisible({ timeout: 30_000 });
  const taskId = await pane.getAttribute("data-task-id");
  expect(taskId).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(`item=${taskId}`));
  return taskId!;
}

test("a task that asks for input is answered from the inbox, completes, and its timeline shows every step", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  await expect(page.getByTestId("a2a-stream-toggle")).toBeEnabled();
  const taskId = await startTask(page, "ask");
  await expect(page.getByTestId("a2a-task-pane")).toHaveAttribute("data-state", "input-required", { timeout: 30_000 });

  // Answer it from the inbox: the agent's JSON Schema makes a form.
  await page.getByTestId("inbox-link").click();
  const card = page.locator(`[data-testid="a2a-request-card"][data-task-id="${taskId}"]`);
  await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
  await expect(card.getByTestId("schema-form")).toBeVisible();
  await card.getByRole("textbox", { name: /city/i }).fill("Lyon");
  await card.getByTestId("a2a-submit").click();
  await expect(card).toHaveAttribute("data-status", "answered", { timeout: 30_000 });

  // Back on the task: the same task completed, and the timeline shows the whole path.
  await card.getByTestId("a2a-request-open").click();
  const pane = page.getByTestId("a2a-task-pane");
  await expect(pane).toHaveAttribute("data-task-id", taskId);
  await expect(pane).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  const steps = page.getByTestId("a2a-state-step");
  await expect(steps.last()).toHaveAttribute("data-state", "completed");
  const states = await steps.evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
  expect(states).toContain("input-required");
  expect(states).toContain("working");
  expect(states.indexOf("input-required")).toBeLessThan(states.lastIndexOf("completed"));
  // Both the question and the user's answer are in the messages.
  await expect(page.locator('[data-testid="a2a-message-bubble"][data-role="user"]').first()).toBeVisible();
  // Every frame is inspectable.
  await page.getByTestId("a2a-timeline-row").first().click();
  await expect(page.getByTestId("a2a-raw-dialog")).toBeVisible();
  await expect(page.getByTestId("a2a-raw-json").first()).toContainText("exchangeId");
  await page.keyboard.press("Escape");
});

test("a slow task is canceled from its timeline", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  await startTask(page, "slow");
  const pane = page.getByTestId("a2a-task-pane");
  await expect(pane).toHaveAttribute("data-state", "working", { timeout: 30_000 });
  await page.getByTestId("a2a-task-cancel").click();
  await expect(pane).toHaveAttribute("data-state", "canceled", { timeout: 30_000 });
  await expect(page.getByTestId("a2a-task-cancel")).toBeDisabled();
  await expect(page.getByTestId("a2a-state-step").last()).toHaveAttribute("data-state", "canceled");
});

test("a non-blocking send with push to Loupe's receiver returns at once and the pushes complete the task", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  await page.getByTestId("a2a-tab-chat").click();
  await page.getByTestId("a2a-target-new").click();
  await page.getByTestId("a2a-nonblocking-toggle").click();
  await expect(page.getByTestId("a2a-stream-toggle")).toBeDisabled();
  await page.getByTestId("a2a-push-toggle").click();
  await expect(page.getByTestId("a2a-push-url")).toHaveAttribute("placeholder", /\/a2a-push\//);
  await page.getByTestId("a2a-message").fill("report");
  await page.getByTestId("a2a-send").click();
  const pane = page.getByTestId("a2a-task-pane");
  await expect(pane).toBeVisible({ timeout: 30_000 });
  await expect(pane).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  // The task moved by the agent's pushes, not by a stream.
  await expect(page.locator('[data-testid="a2a-timeline-row"][data-kind^="push"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="a2a-timeline-row"][data-kind="stream"]')).toHaveCount(0);
});

test("the card tab shows the demo agent's skills, its validation report and raw JSON", async ({ workbench, page }) => {
  await openAgent(workbench, page);
  await page.getByTestId("a2a-tab-card").click();
  await expect(page.getByTestId("a2a-findings")).toBeVisible();
  await expect(page.getByTestId("a2a-skill").filter({ hasText: "Forecast" })).toBeVisible();
  await expect(page.getByTestId("a2a-interfaces")).toContainText("HTTP+JSON");
  await expect(page.getByTestId("a2a-card-raw")).toContainText("supportedInterfaces");
});

test("in the chat at 1280×720, the question waiting in the task pane is answered in place (its Send answer is not under the composer)", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAgent(workbench, page);
  await startTask(page, "ask");
  const pane = page.getByTestId("a2a-task-pane");
  await expect(pane).toHaveAttribute("data-state", "input-required", { timeout: 30_000 });
  const card = page.getByTestId("a2a-inline-request").getByTestId("a2a-request-card");
  await expect(card.getByTestId("schema-form")).toBeVisible();
  await card.getByRole("textbox", { name: /city/i }).fill("Porto");
  // A plain click: it fails when another element (the composer) would take it.
  await card.getByTestId("a2a-submit").click({ timeout: 10_000 });
  await expect(pane).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
});

test("at 1024×768 a streamed task's timeline keeps three rows in view under its messages and artifact", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openAgent(workbench, page);
  await startTask(page, "stream 600");
  await expect(page.getByTestId("a2a-task-pane")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  await expect(page.getByTestId("a2a-artifact")).toBeVisible();
  const list = (await page.getByTestId("a2a-timeline").boundingBox())!;
  // Rows wholly inside the list's box (it follows the newest rows: the task's end is in view).
  const whole = await page.getByTestId("a2a-timeline-row").evaluateAll(
    (rows, box) =>
      rows.filter((r) => {
        const b = r.getBoundingClientRect();
        return b.height > 0 && b.top >= box.y - 0.5 && b.bottom <= box.y + box.height + 0.5;
      }).length,
    list,
  );
  expect(whole, `whole timeline rows in a list ${Math.round(list.height)} px high`).toBeGreaterThanOrEqual(3);
  await page.setViewportSize({ width: 1440, height: 900 });
});
