import type { Page } from "@playwright/test";
import { AgentDesk } from "./agent-fixtures";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { E2E_TOKEN, ROOT, expect, test } from "./fixtures";

/**
 * Dark mode, keyboard use and the command palette (issue 9 §4), on the demo MCP server and the
 * demo agent that `npm start` runs.
 */
test.describe.configure({ mode: "serial" });

const DEMO = "Loupe demo MCP server";
/** In this spec's own port range (7700–7799). */
const PIXEL_PORT = 7701;

/** Relative luminance (0 black … 1 white) of the body's background, whatever CSS colour space it is in. */
async function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

const isDarkRoot = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("follows a dark system, switches with the toggle, and keeps the choice over a reload", async ({ workbench, page }) => {
    await workbench.open();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await bodyLuminance(page)).toBeLessThan(0.05);

    const toggle = page.getByTestId("theme-toggle");
    await expect(toggle).toHaveAttribute("data-value", "system");
    await toggle.getByRole("radio", { name: "Light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect(await bodyLuminance(page)).toBeGreaterThan(0.8);

    await page.reload();
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("data-value", "light");
    expect(await isDarkRoot(page)).toBe(false);

    await page.getByTestId("theme-toggle").getByRole("radio", { name: "Follow the system theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
  });

  test("the theme is on the page before any script bundle runs (no flash of the light theme)", async ({ page }) => {
    // With every Next.js bundle blocked nothing hydrates: only the inline boot script can set it.
    await page.route("**/_next/static/**", (route) => route.abort());
    await page.goto(`/?token=${E2E_TOKEN}`);
    expect(await isDarkRoot(page)).toBe(true);
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
  });
});

test.describe("light system", () => {
  test.use({ colorScheme: "light" });

  test("a light system gets the light theme, and Dark overrides it", async ({ workbench, page }) => {
    await workbench.open();
    expect(await isDarkRoot(page)).toBe(false);
    expect(await bodyLuminance(page)).toBeGreaterThan(0.8);
    await page.getByTestId("theme-toggle").getByRole("radio", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
  });
});

test("Ctrl+Enter runs the tool from a field; arrow keys and Enter move in the tool list", async ({ workbench, page }) => {
  await workbench.open();
  await workbench.selectServer(DEMO);
  await workbench.selectTool("convert-currency");
  await workbench.field("amount").fill("12");
  await workbench.field("amount").press("Control+Enter");
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  await expect(workbench.result).toContainText("converted");

  await page.getByTestId("tool-search").fill("");
  const items = page.getByTestId("tool-item");
  await items.first().focus();
  const second = await items.nth(1).getAttribute("data-tool");
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", second!);
});

test("Ctrl+K jumps to a tool of the demo server", async ({ workbench, page }) => {
  await workbench.open();
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog");
  await expect(palette).toBeVisible();
  const input = palette.getByRole("combobox");
  await expect(input).toBeFocused();
  await input.fill("get forec");
  const first = palette.getByRole("option").first();
  await expect(first).toHaveAttribute("data-label", "get-forecast");
  await expect(input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await input.press("Enter");
  await expect(palette).toBeHidden();
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", "get-forecast");
  await expect(page.getByTestId("connection-view")).toContainText(DEMO);
  expect(new URL(page.url()).searchParams.get("tool")).toBe("get-forecast");
});

test("Ctrl+K jumps to an inbox item and focuses its card", async ({ workbench, page }) => {
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");
  await desk.send("full");
  await expect(desk.card("confirmation")).toBeVisible({ timeout: 30_000 });
  const session = new URL(page.url()).searchParams.get("s");
  expect(session).toBeTruthy();

  await workbench.selectServer(DEMO);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog");
  const input = palette.getByRole("combobox");
  await input.fill("confirmation delete_file");
  const option = palette.locator('[data-testid="palette-item"][data-kind="inbox"]').first();
  await expect(option).toContainText("Pending");
  // Arrow down then back up: the active option follows.
  await input.press("ArrowDown");
  await input.press("ArrowUp");
  await expect(input).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await input.press("Enter");

  await expect(page.getByTestId("inbox-view")).toBeVisible();
  const focused = page.locator('[data-testid="inbox-item"]:focus');
  await expect(focused).toBeVisible();
  await expect(focused).toHaveAttribute("data-status", "pending");
  await expect(focused).toContainText("delete_file");
  expect(decodeURIComponent((await focused.getAttribute("data-item-key"))!)).toContain(session!);
});

test("a spoofing tool name shows its override; a remote image in a markdown result loads only on click", async ({ workbench, page }) => {
  // A stand-in for a tracking pixel on another host: it counts who fetches it.
  let hits = 0;
  const pixel: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { "content-type": "image/gif" }).end(Buffer.from("R0lGODlhAQABAAAAACw=", "base64"));
  });
  await new Promise<void>((resolve) => pixel.listen(PIXEL_PORT, "127.0.0.1", resolve));
  try {
    await workbench.open();
    const name = "spoof fixture";
    if ((await workbench.server(name).count()) === 0) {
      await workbench.addStdioServer(
        name,
        "node",
        `${path.join(ROOT, "tests/fixtures/spoof-mcp-server.mjs")} http://127.0.0.1:${PIXEL_PORT}/pixel.gif`,
      );
    }
    await workbench.selectServer(name);
    await workbench.openTab("Tools");
    const spoof = page.locator('[data-testid="tool-item"]').filter({ has: page.getByTestId("hidden-char") });
    await expect(spoof).toHaveCount(1);
    await expect(spoof).toContainText("safe_⟨U+202E⟩daer");
    // The server's own name carries isolates: the header spells them out too.
    await expect(page.getByTestId("connection-view").locator("[data-hidden-chars]").filter({ hasText: "fixture" })).toHaveText(
      "spoof⟨U+2066⟩-fixture⟨U+2069⟩ 1.0.0",
    );

    await workbench.selectTool("report");
    await workbench.run();
    await expect(workbench.result).toHaveAttribute("data-status", "ok");
    const placeholder = workbench.result.getByTestId("remote-image-placeholder");
    await expect(placeholder).toContainText("status chart");
    await expect(placeholder).toHaveAttribute("data-host", `127.0.0.1:${PIXEL_PORT}`);
    await expect(workbench.result.locator("img[src^=http]")).toHaveCount(0);
    const link = workbench.result.getByRole("link", { name: "the dashboard" });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(hits).toBe(0);

    await placeholder.click();
    await expect(workbench.result.locator(`img[src="http://127.0.0.1:${PIXEL_PORT}/pixel.gif"]`)).toHaveCount(1);
    await expect.poll(() => hits).toBe(1);
  } finally {
    await new Promise((resolve) => pixel.close(resolve));
  }
});

test.describe("screenshots", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`tool page, inbox, agent timeline and traffic at 1440 and 800 px (${theme})`, async ({ workbench, page }, info) => {
      const desk = new AgentDesk(page);
      await workbench.open();
      // A session with a pending confirmation: the inbox and the timeline have something to show.
      await desk.openDemoAgent();
      await desk.newSession("loupe_demo");
      await desk.send("full");
      await expect(desk.card("confirmation")).toBeVisible({ timeout: 30_000 });
      await page
        .getByTestId("theme-toggle")
        .getByRole("radio", { name: theme === "dark" ? "Dark theme" : "Light theme" })
        .click();
      for (const width of [1440, 800]) {
        await page.setViewportSize({ width, height: 900 });
        // LOUPE_SHOTS_DIR keeps them out of test-results, which the next Playwright run empties.
        const dir = process.env.LOUPE_SHOTS_DIR;
        const shot = (name: string) =>
          page.screenshot({ path: dir ? `${dir}/${theme}-${width}-${name}.png` : info.outputPath(`${theme}-${width}-${name}.png`) });

        await workbench.selectServer(DEMO);
        await workbench.selectTool("convert-currency");
        await workbench.field("amount").fill("42");
        await workbench.run();
        await expect(workbench.result).toHaveAttribute("data-status", "ok");
        await shot("tool");

        await workbench.openTab("Traffic");
        await expect(page.getByTestId("traffic-row").first()).toBeVisible();
        await shot("traffic");

        await page.getByTestId("inbox-link").click();
        await expect(page.getByTestId("inbox-view")).toBeVisible();
        await shot("inbox");

        // The session of the confirmation raised above, through the card's own link.
        await page.locator('[data-testid="inbox-item"][data-status="pending"]').getByTestId("open-session").first().click();
        await expect(desk.timeline.getByTestId("timeline-event").first()).toBeVisible();
        await shot("timeline");

        await page.keyboard.press("Control+k");
        await page.getByRole("combobox").fill("demo");
        await shot("palette");
        await page.keyboard.press("Escape");
      }
      expect(await isDarkRoot(page)).toBe(theme === "dark");
    });
  }
});
