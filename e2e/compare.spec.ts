import type { Page } from "@playwright/test";
import { AgentDesk } from "./agent-fixtures";
import { expect, test } from "./fixtures";

/** Screenshots for a person to look at (COMPARE_SHOTS=<dir>): the pane at 1440 and 800 px, light and dark. */
async function shots(page: Page, name: string) {
  const dir = process.env.COMPARE_SHOTS;
  if (!dir) return;
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function runSession(desk: AgentDesk, page: Page, message: string, answer: string): Promise<string> {
  await desk.newSession("loupe_demo");
  await desk.send(message);
  await expect(desk.timeline).toContainText(answer, { timeout: 30_000 });
  await expect(page.getByTestId("composer-stop")).toBeHidden();
  const id = await page.getByTestId("session-view").getAttribute("data-session-id");
  expect(id).toBeTruthy();
  return id!;
}

test("compare two demo-agent sessions: the city argument differs, the URL keeps the comparison, Close goes back", async ({
  workbench,
  page,
}) => {
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  const paris = await runSession(desk, page, "weather in Paris", "sunny in Paris");
  const tokyo = await runSession(desk, page, "weather in Tokyo", "light rain in Tokyo");

  await page.getByTestId("compare-with").click();
  const dialog = page.getByTestId("compare-with-dialog");
  await dialog.getByTestId("compare-search").fill(paris.slice(0, 6));
  await dialog.locator(`[data-testid="compare-candidate"][data-session-id="${paris}"]`).click();

  const pane = page.getByTestId("adk-compare");
  await expect(pane).toHaveAttribute("data-a", tokyo);
  await expect(pane).toHaveAttribute("data-b", paris);
  await expect(page).toHaveURL(new RegExp(`s=${tokyo}&vs=${paris}`));
  const first = pane.getByTestId("compare-row").first();
  await expect(first).toHaveAttribute("data-status", "different");
  await expect(first.getByTestId("args-changes")).toContainText('"Tokyo" → "Paris"');
  await expect(first.getByTestId("answer-a")).toContainText("light rain in Tokyo");
  await expect(first.getByTestId("answer-b")).toContainText("sunny in Paris");
  await expect(pane.getByTestId("summary-units")).toHaveText("1 invocation");
  await expect(pane.getByTestId("summary-differing")).toHaveText("1 differing");
  // The result's differences open on demand.
  await first.getByTestId("result-diff").locator("summary").click();
  await expect(first.getByTestId("result-changes")).toContainText("$.forecast");
  await shots(page, "adk-compare");

  // The comparison is in the URL: a reload shows it again; Swap exchanges the sides.
  await page.reload();
  await expect(page.getByTestId("adk-compare")).toHaveAttribute("data-b", paris);
  await page.getByTestId("compare-swap").click();
  await expect(page.getByTestId("adk-compare")).toHaveAttribute("data-a", paris);
  await expect(page.getByTestId("compare-row").first().getByTestId("args-changes")).toContainText('"Paris" → "Tokyo"');

  await page.getByTestId("compare-close").click();
  await expect(page.getByTestId("session-view")).toHaveAttribute("data-session-id", paris);
  await expect(page).not.toHaveURL(/vs=/);
});
