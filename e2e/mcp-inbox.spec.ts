import type { Locator, Page } from "@playwright/test";
import { expect, test, type Workbench } from "./fixtures";

/**
 * Server → client requests answered by a human (issue 4): server-everything asks, through a
 * running tools/call, for an elicitation form or a sampling reply; the request lands in the shared
 * inbox, the user answers there, and the waiting call finishes with what they sent.
 */
test.describe.configure({ mode: "serial" });

const SERVER = "everything (inbox)";

/** The server this spec talks to, added through the UI once (a rerun of one test finds it saved). */
async function ensureServer(workbench: Workbench, page: Page) {
  await workbench.useEverything(SERVER);
  await workbench.openTab("Tools");
  // Sampling, elicitation and roots are declared by default: the conditional tools are listed.
  await expect(page.getByTestId("tool-count")).toContainText("17 tools");
}

/** Opens the inbox and returns the pending request card of `kind` from our server, pinned by its id. */
async function openPendingRequest(page: Page, kind: "sampling" | "elicitation_form"): Promise<Locator> {
  await page.getByTestId("inbox-link").click();
  const inbox = page.getByTestId("inbox-view");
  const pending = inbox
    .locator(`[data-testid="mcp-request-card"][data-kind="${kind}"][data-status="pending"]`)
    .filter({ has: page.getByTestId("request-connection").filter({ hasText: SERVER }) })
    .first();
  await expect(pending).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("inbox-count")).not.toHaveAttribute("data-count", "0");
  // The card moves when it is answered (history sorts after pending): follow it by its id.
  const id = await pending.getAttribute("data-request-id");
  expect(id).toBeTruthy();
  return inbox.locator(`[data-testid="mcp-request-card"][data-request-id="${id}"]`);
}

/** Back on the tool page, the latest call of the history, shown. */
async function latestCallResult(workbench: Workbench, page: Page, tool: string): Promise<Locator> {
  await workbench.selectServer(SERVER);
  await workbench.selectTool(tool);
  const latest = page.getByTestId("call-history-item").first();
  await expect(latest).toHaveAttribute("data-status", "ok", { timeout: 30_000 });
  await latest.getByTitle("Show this result").click();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  return workbench.result;
}

test("an elicitation form with a multi-select is answered from the inbox and the tool gets the values", async ({ workbench, page }) => {
  await ensureServer(workbench, page);
  await workbench.selectTool("trigger-elicitation-request");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "running");
  await expect(page.getByTestId("result-waiting")).toBeVisible();

  const card = await openPendingRequest(page, "elicitation_form");
  await expect(card.getByTestId("elicitation-message")).toHaveText("Please provide inputs for the following fields:");
  // Schema defaults are applied before the user types anything.
  await expect(card.getByLabel("Integer", { exact: true })).toHaveValue("42");
  await expect(
    card.getByRole("group", { name: "Untitled Multiple Select Enum" }).getByRole("checkbox", { name: "Guitar" }),
  ).toHaveAttribute("aria-checked", "true");

  // Validation comes before sending: the required name is missing.
  await card.getByTestId("elicitation-accept").click();
  await expect(card.getByTestId("elicitation-invalid")).toBeVisible();
  await expect(card).toHaveAttribute("data-status", "pending");

  await card.getByRole("textbox", { name: "String", exact: true }).fill("Ada Lovelace");
  await card.getByRole("checkbox", { name: "Boolean", exact: true }).click();
  await card.getByLabel("String with email format", { exact: true }).fill("ada@example.org");
  await card.getByLabel("String with uri format", { exact: true }).fill("https://ada.example.org");
  await card.getByLabel("String with date format", { exact: true }).fill("1815-12-10");
  await card.getByLabel("Integer", { exact: true }).fill("7");
  await card.getByRole("combobox", { name: "Untitled Single Select Enum" }).selectOption({ label: "Joey" });
  const instruments = card.getByRole("group", { name: "Untitled Multiple Select Enum" });
  await instruments.getByRole("checkbox", { name: "Piano" }).click();
  await instruments.getByRole("checkbox", { name: "Drums" }).click();
  await card.getByRole("combobox", { name: "Titled Single Select Enum", exact: true }).selectOption({ label: "Wonder Woman" });
  await card.getByRole("group", { name: "Titled Multiple Select Enum" }).getByRole("checkbox", { name: "Salmon" }).click();
  await card.getByRole("combobox", { name: "Legacy Titled Single Select Enum" }).selectOption({ label: "Dogs" });
  await card.getByTestId("elicitation-accept").click();

  await expect(card).toHaveAttribute("data-status", "answered");
  await expect(card.getByTestId("request-answer")).toHaveAttribute("data-action", "accept");

  const result = await latestCallResult(workbench, page, "trigger-elicitation-request");
  await expect(result).toContainText("User provided the requested information");
  await expect(result).toContainText("Name: Ada Lovelace");
  await expect(result).toContainText("Email: ada@example.org");
  await expect(result).toContainText("Birthdate: 1815-12-10");
  await expect(result).toContainText("Favorite Integer: 7");
  // The raw result echoes every field, the multi-selects included.
  await expect(result).toContainText('"Guitar"');
  await expect(result).toContainText('"Piano"');
  await expect(result).toContainText('"Drums"');
  await expect(result).toContainText('"fish-2"');
  await expect(result).toContainText('"hero-3"');
  await expect(result).toContainText('"pet-2"');
  await expect(result).toContainText('"firstLine": "It was a dark and stormy night."');
});

test("a sampling request is answered from the inbox and the waiting tool call finishes with that text", async ({ workbench, page }) => {
  const reply = "Hello from the human in the loop";
  await ensureServer(workbench, page);
  await workbench.selectTool("trigger-sampling-request");
  await workbench.field("prompt").fill("say hi");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "running");

  const card = await openPendingRequest(page, "sampling");
  await expect(card.getByTestId("sampling-message").first()).toContainText("Resource trigger-sampling-request context: say hi");
  await expect(card.getByTestId("sampling-system-prompt")).toHaveText("You are a helpful test server.");
  await expect(card.getByTestId("sampling-max-tokens")).toHaveText("100");
  await expect(card.getByTestId("sampling-model")).toHaveValue("loupe-human");
  await card.getByTestId("sampling-reply").fill(reply);
  await card.getByTestId("sampling-send").click();

  await expect(card).toHaveAttribute("data-status", "answered");
  await expect(card.getByTestId("request-answer-text")).toHaveText(reply);

  const result = await latestCallResult(workbench, page, "trigger-sampling-request");
  await expect(result).toContainText("LLM sampling result");
  await expect(result).toContainText(reply);
  await expect(result).toContainText('"model": "loupe-human"');
});
