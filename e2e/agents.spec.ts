import { AgentDesk } from "./agent-fixtures";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

test("the full scenario: confirm with an edited payload, finish the job, give an API key, see the transfer; a reload keeps it", async ({
  workbench,
  page,
}) => {
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");
  await desk.send("full");

  const confirm = desk.card("confirmation");
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(confirm).toContainText("delete_file");
  await confirm.getByTestId("confirmation-payload").fill('{ "path": "/tmp/edited-by-loupe.log" }');
  await confirm.getByTestId("approve").click();
  await expect(desk.timeline).toContainText("/tmp/edited-by-loupe.log", { timeout: 30_000 });

  const job = desk.card("long_running");
  await expect(job).toBeVisible({ timeout: 30_000 });
  await job.getByTestId("long-running-response").fill('{ "status": "done", "rows": 4242 }');
  await job.getByTestId("submit-long-running").click();

  const credential = desk.card("credential");
  await expect(credential).toBeVisible({ timeout: 30_000 });
  await credential.getByTestId("api-key").fill("sk-e2e-secret");
  await credential.getByTestId("submit-credential").click();

  await expect(desk.timeline.getByTestId("transfer").first()).toContainText("helper_agent", { timeout: 30_000 });
  await expect(desk.timeline.getByTestId("invocation-authors").last()).toContainText("helper_agent");
  // The key went upstream but is never shown back.
  await expect(page.locator("body")).not.toContainText("sk-e2e-secret");

  await page.reload();
  await expect(desk.timeline.getByTestId("invocation-authors").last()).toContainText("helper_agent");
  // The list is virtualized: search brings the earlier part of the session back into the window.
  await desk.timeline.getByTestId("timeline-search").fill("delete_file");
  await expect(desk.timeline).toContainText("/tmp/edited-by-loupe.log");
  await expect(desk.card("confirmation", "answered")).toBeVisible();
});

test("the workflow's input request is answered through the generated form", async ({ workbench, page }) => {
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("workflow_demo");
  await desk.send("start");
  const input = desk.card("input");
  await expect(input).toBeVisible({ timeout: 30_000 });
  await expect(input).toContainText("What is your favorite color?");
  await input.getByRole("combobox", { name: "color" }).selectOption("purple");
  await input.getByTestId("submit-input").click();
  await expect(desk.timeline).toContainText("Noted: your favorite color is purple.", { timeout: 30_000 });
});

test("compaction shows as a fold that opens onto the events it covers", async ({ workbench, page }) => {
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("compaction_demo");
  const events = page.getByTestId("summary-events");
  // The demo's compactor summarizes once the prompt passes 60 tokens: the fourth turn compacts.
  for (const i of [1, 2, 3, 4]) {
    const text = `message number ${i} with some padding text to grow the prompt`;
    const before = Number(await events.textContent());
    await desk.send(text);
    await expect(desk.timeline).toContainText(`Echo: ${text}`, { timeout: 30_000 });
    await expect(page.getByTestId("composer-stop")).toBeHidden();
    await expect.poll(async () => Number(await events.textContent())).toBeGreaterThan(before);
  }
  const fold = desk.timeline.getByTestId("compaction-fold").first();
  await expect(fold).toBeVisible({ timeout: 30_000 });
  await expect(fold).toHaveAttribute("data-state", "collapsed");
  await fold.getByTestId("compaction-fold-toggle").click();
  await expect(fold).toHaveAttribute("data-state", "expanded");
  await expect(desk.timeline.locator('[data-testid="timeline-event"][data-in-fold="true"]').first()).toBeVisible();
});

test("the inbox lists a pending request from a session that is not open", async ({ workbench, page }) => {
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");
  await desk.send("delete");
  await expect(desk.card("confirmation")).toBeVisible({ timeout: 30_000 });
  // Leave that session: open another one, then the inbox.
  await desk.newSession("loupe_demo");
  await page.getByTestId("inbox-link").click();
  const inbox = page.getByTestId("inbox-view");
  await expect(inbox.locator('[data-testid="interrupt-card"][data-kind="confirmation"][data-status="pending"]').first()).toBeVisible();
  await expect(page.getByTestId("inbox-count")).not.toHaveAttribute("data-count", "0");
});
