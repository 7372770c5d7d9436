import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_TOKEN, ROOT, expect, test } from "./fixtures";

/**
 * A multi round-trip request on a 2026-07-28 connection (issue 13): the SDK-v2 fixture server
 * answers tools/call with input_required (an elicitation); the question lands in the inbox next to
 * the waiting call, the answer goes back in the retried request, and the traffic shows both legs
 * as one logical call.
 */
const SERVER = "mrtr fixture (2026-07-28)";
const FIXTURE = path.join(ROOT, "tests/fixtures/mrtr-server.mjs");
// Outside test-results/, which the next Playwright run (of any spec) empties.
const shot = (name: string) => path.join(process.env.LOUPE_E2E_SHOTS ?? tmpdir(), name);

test("an MRTR elicitation is answered from the inbox; the call finishes and the traffic groups its rounds", async ({ workbench, page }) => {
  await workbench.open();
  if ((await workbench.server(SERVER).count()) === 0) {
    // The era is pinned through the API: the connection must speak 2026-07-28, never fall back.
    const res = await page.request.post("/api/connections", {
      headers: { "x-loupe-token": E2E_TOKEN },
      data: { name: SERVER, transport: "stdio", command: "node", args: [FIXTURE], env: {}, protocolEra: "2026-07-28" },
    });
    expect(res.status()).toBe(201);
  }
  await expect(workbench.server(SERVER)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(SERVER);

  await workbench.selectTool("confirm-order");
  await workbench.field("item").fill("green tea");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "running");

  // The question is in the inbox, tied to the waiting call, as round 1 of its tools/call.
  await page.getByTestId("inbox-link").click();
  const inbox = page.getByTestId("inbox-view");
  const pending = inbox
    .locator('[data-testid="mcp-request-card"][data-kind="elicitation_form"][data-status="pending"]')
    .filter({ has: page.getByTestId("request-connection").filter({ hasText: SERVER }) })
    .first();
  await expect(pending).toBeVisible({ timeout: 30_000 });
  const id = await pending.getAttribute("data-request-id");
  const card = inbox.locator(`[data-testid="mcp-request-card"][data-request-id="${id}"]`);
  await expect(card.getByTestId("request-related-call")).toContainText("confirm-order");
  await expect(card.getByTestId("request-mrtr-round")).toHaveAttribute("data-round", "1");
  await expect(card.getByTestId("request-mrtr-round")).toContainText("Round 1 of tools/call confirm-order");
  await expect(card.getByTestId("elicitation-message")).toHaveText("Place an order for 1 × green tea?");
  await page.screenshot({ path: shot("mrtr-inbox-card.png"), fullPage: true });

  await card.getByRole("checkbox", { name: "confirm", exact: true }).click();
  await card.getByTestId("elicitation-accept").click();
  await expect(card).toHaveAttribute("data-status", "answered");

  // The call finished with what the server did after the retried request.
  await workbench.selectServer(SERVER);
  await workbench.selectTool("confirm-order");
  const latest = page.getByTestId("call-history-item").first();
  await expect(latest).toHaveAttribute("data-status", "ok", { timeout: 30_000 });
  await latest.getByTitle("Show this result").click();
  await expect(workbench.result).toContainText("Order placed: 1 × green tea");

  // Traffic: both legs of the call are marked, and the detail lists the rounds.
  await workbench.openTab("Traffic");
  const badges = page.getByTestId("mrtr-badge");
  await expect(badges.filter({ hasText: "MRTR 1/2 · asks round 1" }).last()).toBeVisible();
  const retry = page
    .locator('[data-testid="traffic-row"]')
    .filter({ has: page.getByTestId("mrtr-badge").filter({ hasText: "MRTR 2/2 · retry 1" }) })
    .last();
  await retry.click();
  const rounds = page.getByTestId("mrtr-rounds");
  await expect(rounds).toContainText("One tools/call confirm-order: 2 legs, 1 round of input");
  await expect(rounds.getByTestId("mrtr-leg")).toHaveCount(2);
  await expect(rounds.getByTestId("mrtr-leg").first()).toContainText("Round 1 asks confirm: elicitation/create");
  await expect(rounds.getByTestId("mrtr-leg").nth(1)).toContainText("answers round 1: inputResponses confirm");
  await expect(rounds.getByTestId("mrtr-leg").nth(1)).toHaveAttribute("data-outcome", "complete");
  await page.screenshot({ path: shot("mrtr-traffic.png"), fullPage: true });
});
