import { readFileSync } from "node:fs";
import { E2E_TOKEN, expect, test } from "./fixtures";

/**
 * Issue 12's bundle core in the browser: a refused import lists each issue and stores nothing; a
 * file dropped on the sidebar's Imported section opens read-only; the palette finds it; Download
 * gives the bundle back; Delete (confirmed) removes it.
 */
test("imports by paste and by drop, shows refusals with their paths, downloads and deletes", async ({ workbench, page }) => {
  const headers = { "x-loupe-token": E2E_TOKEN };
  const connections = (await (await page.request.get("/api/connections", { headers })).json()) as { id: string; name: string }[];
  const demo = connections.find((c) => c.name === "Loupe demo MCP server") ?? connections[0]!;
  const exported = await page.request.post("/api/bundles/export", {
    headers,
    data: { type: "mcp-traffic", connectionId: demo.id, scope: { kind: "all" } },
  });
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.loupe\.json"$/);
  const file = await exported.text();
  expect(file).not.toContain(E2E_TOKEN);

  await workbench.open("view=bundles");
  const rows = page.getByTestId("bundle-row");
  const before = await rows.count();

  await page.getByTestId("bundle-paste").fill('{"format": "loupe-bundle", "formatVersion": 1, "title": 5}');
  await page.getByTestId("bundle-paste-import").click();
  const failure = page.getByTestId("bundle-import-error");
  await expect(failure).toContainText("nothing was imported");
  await expect(failure.getByTestId("bundle-import-issue").filter({ hasText: /^title/ })).toContainText("expected string, received number");
  await page.getByTestId("bundle-paste").fill(JSON.stringify({ ...JSON.parse(file), formatVersion: 99 }));
  await page.getByTestId("bundle-paste-import").click();
  await expect(failure.getByTestId("bundle-import-issue")).toHaveText(/^formatVersion.*Update Loupe/);
  await expect(rows).toHaveCount(before);

  // Dropped on the sidebar section: the browser hands over a File, as from the desktop.
  const transfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "demo-traffic.loupe.json", { type: "application/json" }));
    return dt;
  }, file);
  await page.getByTestId("bundles-nav").dispatchEvent("dragover", { dataTransfer: transfer });
  await page.getByTestId("bundles-nav").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(page.getByTestId("bundle-open")).toHaveAttribute("data-unit-type", "mcp-traffic");
  await expect(page.getByTestId("bundle-readonly-badge")).toHaveText(/Imported · read-only/);
  await expect(page.getByTestId("bundle-file")).toHaveText("demo-traffic.loupe.json");
  await expect(page.getByTestId("bundle-origin")).toHaveText("Loupe bundle");
  await expect(rows).toHaveCount(before + 1);

  await page.keyboard.press("Control+k");
  await page.keyboard.type("all traffic");
  await expect(page.getByRole("option").filter({ hasText: "Imported" }).first()).toBeVisible();
  await page.keyboard.press("Escape");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bundle-download").click()]);
  expect(download.suggestedFilename()).toBe("demo-traffic.loupe.json");
  const saved = JSON.parse(readFileSync(await download.path(), "utf8")) as { entries: unknown[] };
  expect(saved.entries).toHaveLength((JSON.parse(file) as { entries: unknown[] }).entries.length);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("bundle-delete").click();
  await expect(page.getByTestId("bundle-import-area")).toBeVisible();
  await expect(rows).toHaveCount(before);
  expect(new URL(page.url()).searchParams.get("item")).toBeNull();
});
