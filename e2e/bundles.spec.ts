import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { AgentDesk } from "./agent-fixtures";
import { expect, ROOT, test } from "./fixtures";

/**
 * Issue 12's end to end for ADK sessions: a demo agent session is exported from one Loupe (the e2e
 * server) with Export bundle, imported into another Loupe process with its own data dir and port,
 * opened read-only, and an event is found by the timeline search.
 */
const OTHER_PORT = Number(process.env.LOUPE_BUNDLE_E2E_PORT ?? 7112);
const OTHER_TOKEN = "bundle-e2e-other-token-0123456789";

interface OtherLoupe {
  base: string;
  stop: () => Promise<void>;
}

/** A second Loupe (as `npm start` runs it, without the demo agents so it needs none of the first's ports). */
async function startOtherLoupe(): Promise<OtherLoupe> {
  const data = mkdtempSync(path.join(tmpdir(), "loupe-bundle-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "--no-open", "--no-demo", "--port", String(OTHER_PORT)], {
    cwd: ROOT,
    env: { ...process.env, LOUPE_DATA_DIR: data, LOUPE_TOKEN: OTHER_TOKEN, CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Loupe ready:")) resolve();
    });
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    child.once("exit", (code) => reject(new Error(`the second Loupe exited with ${code}: ${out}`)));
  });
  return {
    base: `http://127.0.0.1:${OTHER_PORT}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

async function download(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-bundle").click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
}

test("an ADK session exported from one Loupe opens read-only in another, and search finds its event", async ({ workbench, page }) => {
  test.setTimeout(180_000);
  // Started first, while the build the e2e server just made is the newest thing in the tree.
  const other = await startOtherLoupe();
  try {
    const desk = new AgentDesk(page);
    await workbench.open();
    await desk.openDemoAgent();
    await desk.newSession("loupe_demo");
    await desk.send("weather in Paris");
    await expect(desk.timeline).toContainText("It is sunny in Paris", { timeout: 30_000 });
    await desk.send("delete");
    const confirm = desk.card("confirmation");
    await expect(confirm).toBeVisible({ timeout: 30_000 });
    await confirm.getByTestId("approve").click();
    await expect(desk.timeline).toContainText("Deleted /tmp/old.log.", { timeout: 30_000 });
    const sessionId = (await page.getByTestId("session-view").getAttribute("data-session-id"))!;

    const file = await download(page);
    expect(file.name).toMatch(/^ADK-session-.*\.loupe\.json$/);
    const bundle = JSON.parse(file.text) as { unit: { type: string; sessionId: string }; entries: unknown[] };
    expect(bundle.unit).toMatchObject({ type: "adk-session", sessionId });
    expect(bundle.entries.length).toBeGreaterThan(0);

    await page.goto(`${other.base}/?token=${OTHER_TOKEN}&view=bundles`);
    await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
    await page
      .getByTestId("bundle-import-main-input")
      .setInputFiles({ name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text) });
    await expect(page.getByTestId("bundle-open")).toHaveAttribute("data-unit-type", "adk-session", { timeout: 30_000 });
    await expect(page.getByTestId("bundle-readonly-badge")).toHaveText(/Imported · read-only/);
    const view = page.getByTestId("adk-session-bundle");
    await expect(view).toHaveAttribute("data-session-id", sessionId);
    // Nothing that talks to an agent: no composer, no answer form, no Export of a live session.
    for (const id of ["composer-input", "composer-send", "interrupt-card", "session-view", "export-bundle"])
      await expect(page.getByTestId(id)).toHaveCount(0);
    await expect(view.locator('[data-testid="recorded-interrupt"][data-kind="confirmation"]')).toHaveAttribute("data-status", "answered");

    await view.getByTestId("timeline-search").fill("weather_report");
    const found = view.getByTestId("timeline-event").filter({ has: page.getByTestId("artifact-delta") });
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(view.getByTestId("event-inspector")).toContainText("last_city");
    await page.screenshot({ path: "test-results/bundle-adk-session.png", fullPage: true });
    // What the model was sent travels in the file too: the trace pane draws the bundle's spans.
    await view.getByTestId("session-pane-trace").click();
    await expect(view.getByTestId("trace-span").first()).toBeVisible();
  } finally {
    await other.stop();
  }
});
