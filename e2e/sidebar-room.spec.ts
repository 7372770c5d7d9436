import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_TOKEN, ROOT, Workbench, expect, test } from "./fixtures";

/**
 * The sidebar holds servers, agents, the inbox, session search, the playground, A2A and AG-UI agents
 * and imported bundles. On a 720 px high window with bundles imported, the servers list used to be
 * squeezed to nothing (its header under the agents'), so no server could be clicked (CI found it).
 */
test("on a 1280×720 window with bundles imported, the servers list keeps room and a server opens", async ({ page }) => {
  const bundle = readFileSync(path.join(ROOT, "tests/fixtures/bundles/a2a-task.loupe.json"), "utf8");
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post(`/api/bundles/import?name=room-${i}.loupe.json`, {
      headers: { "x-loupe-token": E2E_TOKEN, "content-type": "application/json" },
      data: bundle,
    });
    expect(res.status()).toBe(201);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const workbench = new Workbench(page);
  await workbench.open();
  // The list of servers itself (not its section), so the check reads the same on any markup.
  const servers = page.getByTestId("connection-list");
  await servers.scrollIntoViewIfNeeded();
  const box = await servers.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(100);
  await workbench.selectServer("Loupe demo MCP server");
  await expect(page.getByTestId("connection-view")).toBeVisible();
});
