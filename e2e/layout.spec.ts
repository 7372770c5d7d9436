import path from "node:path";
import type { Page } from "@playwright/test";
import { AgentDesk } from "./agent-fixtures";
import { ROOT, expect, test } from "./fixtures";

/**
 * The workbench never scrolls sideways, whatever a server or an agent sends: a 200-word argument,
 * an unbroken 20 KB argument, a 20 KB unbroken tool description, a 300-character property name.
 */
test.describe.configure({ mode: "serial" });

const WIDE = path.join(ROOT, "tests/fixtures/wide-mcp-server.mjs");
const WIDE_SERVER = "wide fixture (layout)";
const WIDE_TOOL = "wide_echo_tool_with_a_name_that_goes_on_and_on_and_on_without_any_space_at_all_to_wrap";
const EVERYTHING = "everything (layout)";
const WORDS = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
const UNBROKEN = "x".repeat(20 * 1024);
const WIDTHS = [1440, 800];

/** Page and main pane widths; each must not exceed what is visible. */
async function widths(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const main = document.querySelector("main");
    // A pane that scrolls sideways inside the page is as bad as the page doing it; a code block may.
    const panes = [...document.querySelectorAll("main, main *")].filter((el) => {
      const x = getComputedStyle(el).overflowX;
      return (x === "auto" || x === "scroll") && el.tagName !== "PRE" && el.scrollWidth > el.clientWidth + 1;
    });
    return {
      panes: panes.map((el) => `${(el as HTMLElement).dataset.testid ?? el.tagName} ${el.scrollWidth}>${el.clientWidth}`),
      page: { scroll: doc.scrollWidth, client: doc.clientWidth },
      main: main ? { scroll: main.scrollWidth, client: main.clientWidth } : null,
    };
  });
}

async function expectNoSideways(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // A frame for the layout to settle at the new width.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const w = await widths(page);
    expect(w.page.scroll, `${where} at ${width}px: the page scrolls sideways`).toBeLessThanOrEqual(w.page.client);
    expect(w.main, `${where}: no main pane`).not.toBeNull();
    expect(w.main!.scroll, `${where} at ${width}px: the main pane is wider than the window`).toBeLessThanOrEqual(w.main!.client);
    expect(w.panes, `${where} at ${width}px: panes that scroll sideways`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a 20 KB unbroken description, a 300-character property and long arguments stay inside the window", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.open();
  await expect(workbench.server("Loupe demo MCP server")).toBeVisible();
  if ((await workbench.server(WIDE_SERVER).count()) === 0) await workbench.addStdioServer(WIDE_SERVER, "node", WIDE);
  await workbench.selectServer(WIDE_SERVER);
  await workbench.selectTool(WIDE_TOOL);
  await expectNoSideways(page, "wide tool, before a call");
  // The 20 KB description scrolls in its own box instead of pushing the form off the screen.
  expect((await page.getByTestId("tool-description").boundingBox())!.height).toBeLessThanOrEqual(200);

  await workbench.field("text").fill(WORDS);
  await workbench.run();
  await expect(workbench.result).toContainText("word199");
  await expectNoSideways(page, "wide tool, 200-word argument");

  const marker = `end${Date.now()}`;
  await workbench.field("text").fill(UNBROKEN + marker);
  await workbench.run();
  await expect(workbench.result).toContainText(marker);
  await expect(page.getByTestId("call-history-item").first()).toBeVisible();
  await expectNoSideways(page, "wide tool, 20 KB unbroken argument and its history");

  await workbench.openTab("Traffic");
  const row = page.locator('[data-testid="traffic-row"][data-method="tools/call"]').last();
  await row.click();
  await expect(page.getByTestId("traffic-detail")).toBeVisible();
  await expectNoSideways(page, "traffic with the 20 KB call open");
});

test("server-everything echo with a 200-word and a 20 KB unbroken message", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await workbench.useEverything(EVERYTHING);
  await workbench.selectTool("echo");
  await workbench.field("message").fill(WORDS);
  await workbench.run();
  await expect(workbench.result).toContainText("word199");
  const marker = `end${Date.now()}`;
  await workbench.field("message").fill(UNBROKEN + marker);
  await workbench.run();
  await expect(workbench.result).toContainText(marker);
  await expectNoSideways(page, "echo with long arguments");
});

test("an agent session with a 20 KB unbroken message, and the inbox", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");
  await desk.send(`${UNBROKEN} ${WORDS}`);
  await expect(page.getByTestId("timeline-event").first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("timeline-event").first().click();
  await expect(page.getByTestId("event-inspector")).toBeVisible();
  await expectNoSideways(page, "agent timeline with a 20 KB message selected");
  await page.getByTestId("inbox-link").click();
  await expect(page.getByTestId("inbox-view")).toBeVisible();
  await expectNoSideways(page, "inbox");
});

test("an 800 px window: the session timeline keeps its width and a confirmation's Approve and Reject are whole", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 900 });
  const desk = new AgentDesk(page);
  await workbench.open();
  await desk.openDemoAgent();
  await desk.newSession("loupe_demo");
  await desk.send("delete");
  const card = desk.card("confirmation");
  await expect(card).toBeVisible({ timeout: 30_000 });
  // Select an event too: the inspector and the artifacts must not squeeze the timeline.
  await page.getByTestId("timeline-event").first().click();
  await expect(page.getByTestId("event-inspector")).toBeVisible();

  const timeline = (await desk.timeline.boundingBox())!;
  expect.soft(timeline.width, "the timeline column at 800 px").toBeGreaterThanOrEqual(360);
  const cardBox = (await card.boundingBox())!;
  for (const id of ["approve", "reject"]) {
    const button = card.getByTestId(id);
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const where = `${id} (${Math.round(box.x)}+${Math.round(box.width)}) in the card (${Math.round(cardBox.x)}+${Math.round(cardBox.width)})`;
    expect(box.x, where).toBeGreaterThanOrEqual(cardBox.x);
    expect(box.x + box.width, where).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(box.x + box.width, `${id} inside the timeline`).toBeLessThanOrEqual(timeline.x + timeline.width);
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  const page800 = await widths(page);
  expect(page800.page.scroll, "the page scrolls sideways at 800 px").toBeLessThanOrEqual(page800.page.client);
  expect(page800.panes, "panes that scroll sideways at 800 px").toEqual([]);

  await card.getByTestId("reject").click();
  await expect(desk.card("confirmation", "answered")).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("an 800 px window: tool names in the list stay readable beside their annotation badges", async ({ workbench, page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await workbench.open();
  await workbench.selectServer("Loupe demo MCP server");
  await workbench.openTab("Tools");
  const item = page.locator('[data-testid="tool-item"][data-tool="cancel-booking"]');
  await expect(item.locator("[data-annotation]").first()).toBeAttached();
  const name = item.locator('[data-testid="tool-item-name"]');
  await expect(name).toHaveText("cancel-booking");
  // Not cut: the whole name fits in the width it is given.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test("at 1024×768: headers keep one row with their names whole, badges are whole or hidden, the tool page does not scroll the window", async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await workbench.open();
  await workbench.selectServer("Loupe demo MCP server");
  await workbench.selectTool("cancel-booking");
  // The server's name whole (it was "Loupe demo MC…" beside the actions' words).
  const title = page.getByTestId("connection-header").locator("h1");
  await expect(title).toHaveText("Loupe demo MCP server");
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), "the server's name is cut").toBe(true);
  // The window itself never scrolls (a checkbox's hidden input pushed it 44 px down).
  const doc = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight }));
  expect(doc.scroll, "the page scrolls down").toBeLessThanOrEqual(doc.client);
  // Each badge of a tool in the list is whole, or not shown at all (it was cut to "open-wor").
  const badges = page.locator('[data-testid="tool-item"][data-tool="cancel-booking"] [data-testid="tool-annotation-badges"]');
  const cut = await badges.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    return [...box.querySelectorAll("[data-annotation]")]
      .map((b) => ({ name: b.getAttribute("data-annotation"), r: b.getBoundingClientRect() }))
      .filter(({ r }) => {
        const inside =
          r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5 && r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5;
        const outside = r.top >= frame.bottom - 0.5 || r.right <= frame.left + 0.5 || r.left >= frame.right - 0.5;
        return !inside && !outside;
      })
      .map(({ name }) => name);
  });
  expect(cut, "badges shown in part").toEqual([]);

  // A peer's header: Edit on the name's row (it wrapped onto a second one).
  await workbench.open("view=agui&peer=demo-agui");
  await expect(page.getByTestId("agui-main")).toBeVisible({ timeout: 30_000 });
  const name = (await page.locator("main header h1").first().boundingBox())!;
  const edit = (await page.getByTestId("agui-edit").boundingBox())!;
  expect(Math.abs(edit.y + edit.height / 2 - (name.y + name.height / 2)), "Edit is on another row than the agent's name").toBeLessThan(8);
  await page.setViewportSize({ width: 1440, height: 900 });
});
