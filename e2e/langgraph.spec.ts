import type { Locator, Page } from "@playwright/test";
import { E2E_TOKEN, expect, test, type Workbench } from "./fixtures";

/**
 * LangGraph deployments against the demo LangGraph dev server `npm start` runs (builtin id
 * demo-langgraph): the `agent` graph's send_email HumanInterrupt is edited FROM THE INBOX and the
 * resume run finishes, the graph lights the nodes it went through, and a checkpoint is edited and
 * forked; the `review` graph's two parallel interrupts are answered out of order, then its
 * subgraph's interrupt. The dev server is slow on two cores: the timeouts are generous. It starts
 * on request (issue 22): the first test starts it with the Start button of its offer.
 */
test.describe.configure({ mode: "serial" });

const DEPLOYMENT = "demo-langgraph";
const SLOW = { timeout: 60_000 };

/** The demo deployment waits to be asked: its offer under the LangGraph section starts it, then it is listed. */
async function startOnRequest(workbench: Workbench, page: Page) {
  const res = await page.request.get("/api/demos", { headers: { "x-loupe-token": E2E_TOKEN } });
  const { offers } = (await res.json()) as { offers: { id: string; start?: { state: string } }[] };
  if (!offers.some((o) => o.id === DEPLOYMENT && o.start)) return; // started by an earlier test of this file
  await workbench.open("view=langgraph");
  const offer = page.locator(`[data-testid="demo-start-offer"][data-demo="${DEPLOYMENT}"]`);
  await expect(offer).toContainText("starts when you ask");
  await offer.getByRole("button", { name: "Start" }).click();
  await expect(offer).toHaveAttribute("data-state", "starting");
  // Saved once its server answers: the offer goes and the deployment is listed.
  await expect(offer).toBeHidden({ timeout: 180_000 });
}

async function openDeployment(workbench: Workbench, page: Page) {
  await startOnRequest(workbench, page);
  await workbench.open(`view=langgraph&peer=${DEPLOYMENT}`);
  await expect(page.getByTestId("lg-main")).toHaveAttribute("data-deployment-id", DEPLOYMENT, { timeout: 30_000 });
}

/** The assistant button of graph `graphId` (a dev server has one assistant per graph). */
function assistant(page: Page, graphId: string): Locator {
  return page.getByTestId("lg-assistant").filter({ hasText: `graph ${graphId}` });
}

/** Starts a new thread on graph `graphId` with a message (or a JSON input); returns its id once it paused. */
async function startThread(page: Page, graphId: string, input: { message: string } | { json: string }): Promise<string> {
  await assistant(page, graphId).click();
  await expect(assistant(page, graphId)).toHaveAttribute("aria-pressed", "true");
  const composer = page.getByTestId("lg-run-composer");
  if ("message" in input) await composer.getByTestId("lg-run-message").fill(input.message);
  else {
    // The JSON input is under Options (closed while the input is empty).
    const options = composer.getByTestId("lg-run-options");
    if ((await options.getAttribute("aria-expanded")) !== "true") await options.click();
    await composer.getByTestId("lg-run-input").fill(input.json);
  }
  await composer.getByTestId("lg-run").click();
  const view = page.getByTestId("lg-thread-view");
  await expect(view).toBeVisible(SLOW);
  const threadId = await view.getAttribute("data-thread-id");
  expect(threadId).toBeTruthy();
  await expect(page.getByTestId("lg-thread-header")).toHaveAttribute("data-status", "interrupted", SLOW);
  return threadId!;
}

function inboxCards(page: Page, threadId: string): Locator {
  return page.locator(`[data-testid="lg-request-card"][data-thread-id="${threadId}"]`);
}

test("the agent's send_email is edited from the inbox, the graph lights its path, a checkpoint is edited and forked", async ({
  workbench,
  page,
}) => {
  test.setTimeout(240_000);
  await openDeployment(workbench, page);
  // The assistants, and the agent's graph drawn.
  await expect(assistant(page, "agent")).toBeVisible(SLOW);
  await expect(assistant(page, "review")).toBeVisible();
  await assistant(page, "agent").click();
  await expect(page.getByTestId("lg-graph-node-model")).toBeVisible(SLOW);
  await expect(page.getByTestId("lg-graph-node-tools")).toBeVisible();

  const threadId = await startThread(page, "agent", { message: "send an email to bob about the launch" });
  await expect(page.getByTestId("lg-thread-interrupts")).toContainText("1 pending interrupt", SLOW);

  // Answer from the inbox: Edit the arguments (a new subject), send.
  await page.getByTestId("inbox-link").click();
  await expect(page).toHaveURL(/view=inbox/);
  const card = inboxCards(page, threadId);
  await expect(card).toHaveCount(1, SLOW);
  await expect(card).toHaveAttribute("data-status", "pending");
  await expect(card.getByTestId("lg-request-args")).toContainText("bob");
  await card.getByTestId("lg-edit").click();
  const subject = card.getByTestId("lg-edit-form").getByRole("textbox", { name: "subject" });
  await subject.fill("Launch moved to Friday");
  await card.getByTestId("lg-send-edit").click();
  await expect(card).toHaveAttribute("data-status", "answered", SLOW);
  await expect(card.getByTestId("lg-request-answered")).toContainText("Launch moved to Friday");

  // Back on the thread: the resume run finished, the tool said what it sent.
  await card.getByTestId("lg-request-open").click();
  await expect(page.getByTestId("lg-thread-view")).toHaveAttribute("data-thread-id", threadId);
  await expect(page.getByTestId("lg-thread-header")).toHaveAttribute("data-status", "idle", SLOW);
  // The timeline is virtualized (kept at its end while live): the header counts the runs.
  await expect(page.getByTestId("lg-thread-origin")).toHaveText("2 runs by Loupe", SLOW);
  const timeline = page.getByTestId("lg-timeline");
  await expect(timeline).toContainText("sent to bob@example.com: Launch moved to Friday", SLOW);
  await expect(timeline).toContainText("Done. The tool said: sent to bob@example.com: Launch moved to Friday");

  // The graph lit by the path: model and tools visited.
  await page.getByTestId("lg-thread-tab-graph").click();
  await expect(page.getByTestId("lg-graph-node-tools")).toHaveAttribute("data-visited", "true", SLOW);
  await expect(page.getByTestId("lg-graph-node-model")).toHaveAttribute("data-visited", "true");

  // Time travel: an earlier checkpoint (the one before the model first ran), its recipient edited, forked.
  await page.getByTestId("lg-thread-tab-checkpoints").click();
  const panel = page.getByTestId("lg-time-travel");
  await expect(panel).toBeVisible(SLOW);
  const list = panel.locator('[data-testid^="lg-checkpoint-"][aria-pressed]');
  const before = await list.count();
  expect(before).toBeGreaterThan(3);
  const earlier = list.filter({ hasText: "next: model" }).last();
  await earlier.click();
  await expect(earlier).toHaveAttribute("aria-pressed", "true");
  const values = panel.getByTestId("lg-fork-values");
  const text = await values.inputValue();
  expect(text).toContain("send an email to bob about the launch");
  await values.fill(text.replace("to bob about", "to dave about"));
  await panel.getByTestId("lg-fork").click();
  await expect(panel.getByTestId("lg-fork-started")).toBeVisible(SLOW);
  // The fork's run pauses on send_email again, now to dave: the history grows, the thread has a third run.
  await expect(list).not.toHaveCount(before, SLOW);
  await expect(page.getByTestId("lg-thread-header")).toHaveAttribute("data-status", "interrupted", SLOW);
  await expect(page.getByTestId("lg-thread-origin")).toHaveText("3 runs by Loupe");
  await page.getByTestId("lg-thread-tab-timeline").click();
  await expect(timeline).toContainText("dave@example.com", SLOW);
});

test("review: two parallel interrupts answered out of order from the inbox, then the subgraph's", async ({ workbench, page }) => {
  test.setTimeout(240_000);
  await openDeployment(workbench, page);
  await expect(assistant(page, "review")).toBeVisible(SLOW);
  const threadId = await startThread(page, "review", { json: "{}" });

  await page.getByTestId("inbox-link").click();
  await expect(page).toHaveURL(/view=inbox/);
  const cards = inboxCards(page, threadId);
  await expect(cards).toHaveCount(2, SLOW);
  const pending = cards.and(page.locator('[data-status="pending"]'));
  await expect(pending).toHaveCount(2);

  // The second card first: kept, and it says it waits for the other.
  const second = cards.nth(1);
  const secondId = await second.getAttribute("data-request-id");
  const byId = (id: string | null) => page.locator(`[data-testid="lg-request-card"][data-request-id="${id}"]`);
  await second.getByTestId("lg-option-0").click();
  await expect(byId(secondId)).toHaveAttribute("data-waiting", "true", SLOW);
  await expect(byId(secondId).getByTestId("lg-request-waiting")).toContainText("1 of 2 answered");
  // The thread did not move: the other one still waits.
  const first = cards.and(page.locator(":not([data-waiting])")).filter({ has: page.getByTestId("lg-option-0") });
  await expect(first).toHaveCount(1);
  await first.getByTestId("lg-option-1").click();

  // Both answered by one resume; then the publish subgraph asks.
  await expect(cards.and(page.locator('[data-status="answered"]'))).toHaveCount(2, SLOW);
  const publish = cards.filter({ hasText: "Publish the decision?" });
  await expect(publish).toHaveCount(1, SLOW);
  await expect(publish).toHaveAttribute("data-status", "pending");
  await publish.getByTestId("lg-option-0").click();
  await expect(publish).toHaveAttribute("data-status", "answered", SLOW);

  await publish.getByTestId("lg-request-open").click();
  await expect(page.getByTestId("lg-thread-view")).toHaveAttribute("data-thread-id", threadId);
  await expect(page.getByTestId("lg-thread-header")).toHaveAttribute("data-status", "idle", SLOW);
  await page.getByTestId("lg-thread-tab-state").click();
  await expect(page.getByTestId("lg-thread-values")).toContainText("decision", SLOW);
});
