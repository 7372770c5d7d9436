import type { Page } from "@playwright/test";
import { EVERYTHING, expect, test } from "./fixtures";

/**
 * Issue 24, the Tests view: a demo tool call saved as a case, an assertion added with its live
 * preview, the suite run (passes, kept as the baseline), then run against another server whose
 * tools differ (server-everything has no convert-currency): the case fails, in words, and the diff
 * to the baseline says it is newly failing. Screenshots at 1440 and 1024 px, light and dark, into
 * test-results/.
 */
const DEMO = "Loupe demo MCP server";

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/testing-${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("save a tool call as a case, add an assertion, run the suite, break the target, read the failure and the diff", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await workbench.selectServer(DEMO);
  await workbench.selectTool("convert-currency");
  await workbench.field("amount").fill("12");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");

  // Save as case, into a new suite, with the recorded result and its error flag to start with.
  await page.getByTestId("result-actions").getByTestId("save-as-case").click();
  const dialog = page.getByTestId("save-case-dialog");
  await dialog.getByTestId("case-name-input").fill("convert 12");
  await dialog.getByTestId("case-suite").selectOption({ label: "New suite…" });
  const suiteName = `Currency ${Date.now()}`;
  await dialog.getByTestId("new-suite-name").fill(suiteName);
  await expect(dialog.locator("#start-structural")).toHaveAttribute("data-state", "checked");
  await dialog.getByTestId("save-case-submit").click();
  await expect(dialog).toBeHidden();
  await page.getByTestId("result-actions").getByTestId("open-saved-case").click();

  // The case: its input and recorded outcome, the two starting assertions passing against the recording.
  const casePane = page.getByTestId("case-pane");
  await expect(page).toHaveURL(/view=tests&suite=[^&]+&case=/);
  await expect(casePane.getByTestId("case-name")).toHaveText("convert 12");
  await expect(casePane.getByTestId("case-inputs")).toContainText('"amount": 12');
  await expect(casePane.getByTestId("assertion")).toHaveCount(2);
  await expect(casePane.getByTestId("assertion-verdict")).toHaveCount(2);
  await expect(casePane.locator('[data-testid="assertion-verdict"][data-status="pass"]')).toHaveCount(2);

  // Add a regex assertion: the preview fails on a pattern the result does not match, passes on one it does.
  await casePane.getByTestId("add-assertion-kind").selectOption({ label: "Regex" });
  await casePane.getByTestId("add-assertion").click();
  const regex = casePane.locator('[data-testid="assertion"][data-type="regex"]');
  await regex.getByTestId("a2-pattern").fill("no such text");
  await expect(regex.getByTestId("assertion-verdict")).toHaveAttribute("data-status", "fail");
  await regex.getByTestId("a2-pattern").fill("12");
  await expect(regex.getByTestId("assertion-verdict")).toHaveAttribute("data-status", "pass");
  // A structural match ignores a path clicked in the recorded JSON.
  const structural = casePane.locator('[data-testid="assertion"][data-type="structural"]');
  await structural.getByTestId("json-path-key").first().click();
  await expect(structural.getByTestId("ignored-paths")).toContainText("$.");
  await casePane.getByTestId("save-assertions").click();
  await expect(casePane.getByTestId("save-assertions")).toHaveText("Saved");
  await shots(page, "case");

  // Run the suite against the case's own server: it passes; keep it as the baseline.
  await casePane.getByTestId("back-to-suite").click();
  await page.getByTestId("run-suite").click();
  await page.getByTestId("start-run").click();
  const runPane = page.getByTestId("run-pane");
  await expect(runPane).toHaveAttribute("data-status", "passed", { timeout: 30_000 });
  await expect(runPane.getByTestId("case-result")).toHaveAttribute("data-status", "pass");
  await runPane.getByTestId("keep-baseline").click();
  await expect(runPane).toContainText("This run is the suite's baseline.");

  // Break it: run against another server (server-everything, started by command), whose tools differ.
  await runPane.getByTestId("back-to-suite").click();
  await page.getByTestId("run-suite").click();
  const run = page.getByTestId("run-dialog");
  await run.locator("#run-target").selectOption("other");
  await run.getByTestId("run-other").fill(`node ${EVERYTHING} stdio`);
  await run.getByTestId("start-run").click();
  await expect(runPane).toHaveAttribute("data-status", /failed|error/, { timeout: 45_000 });
  const result = runPane.getByTestId("case-result");
  await expect(result).toHaveAttribute("data-status", /fail|error/);
  await expect(result.getByTestId("replay-reason")).not.toBeEmpty();

  // The diff to the baseline (chosen for the new run by the suite): newly failing, in words.
  await expect(page).toHaveURL(/[?&]base=/);
  const diff = runPane.getByTestId("run-diff");
  await expect(diff.getByTestId("diff-case")).toHaveAttribute("data-change", "newly_failing");
  await expect(diff.getByTestId("diff-count-newly_failing")).toContainText("1");
  await shots(page, "run-diff");

  // The history lists both runs, the baseline marked.
  await runPane.getByTestId("back-to-suite").click();
  await expect(page.getByTestId("run-row")).toHaveCount(2);
  await expect(page.getByTestId("run-history")).toContainText("Baseline");
  await shots(page, "suite");
});

test("a model eval with the scripted model: create it on the demo server, run it twice, read the accuracy and the history", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open("view=tests");
  await page.getByTestId("new-model-eval").click();
  const dialog = page.getByTestId("model-eval-dialog");
  // Long enough to be cut beside the four buttons at 1024 px if the header let it be.
  const name = `Weather in Lisbon, Porto and Madrid on the scripted model ${Date.now()}`;
  await dialog.getByTestId("eval-name").fill(name);
  await dialog.getByTestId("eval-server").selectOption({ label: DEMO });
  await dialog.getByTestId("eval-prompt-text").fill("What's the weather in Lisbon?");
  await dialog.getByTestId("eval-call-tool").fill("get-forecast");
  await dialog.getByTestId("eval-call-args").fill('{"city": "Lisbon"}');
  await expect(dialog.getByTestId("eval-model-status")).toHaveText("available");
  await dialog.getByTestId("save-model-eval").click();
  await expect(dialog).toBeHidden();

  const pane = page.getByTestId("model-eval-pane");
  await expect(page).toHaveURL(/view=tests&eval=/);
  await expect(pane.getByTestId("model-eval-name")).toHaveText(name);
  await expect(pane.getByTestId("model-eval-models")).toHaveText("scripted");
  // At 1024 px the name is read whole: the buttons wrap below it, the name is never cut.
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect.poll(() => pane.getByTestId("model-eval-name").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const n of [1, 2]) {
    await pane.getByTestId("run-model-eval").click();
    await expect(pane.getByTestId("model-eval-run-row")).toHaveCount(n, { timeout: 30_000 });
  }
  const scripted = pane.locator('[data-testid="model-accuracy"][data-model="scripted"]');
  await expect(scripted.getByTestId("model-accuracy-value")).toHaveText("100% (1 of 1)");
  await expect(scripted.getByTestId("tool-accuracy")).toHaveText("100% (1 of 1)");
  await expect(pane.getByTestId("prompt-result")).toHaveAttribute("data-pass", "true");
  await shots(page, "model-eval");
});
