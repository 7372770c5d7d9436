import path from "node:path";
import type { FrameLocator, Page } from "@playwright/test";
import { E2E_TOKEN, ROOT, expect, test, type Workbench } from "./fixtures";

/**
 * MCP Apps (SEP-1865) in Chromium against servers no one here wrote: server-basic-react's get-time
 * app renders in the sandbox of the second origin, its button's tools/call waits for the user's
 * consent (get-time is not read-only), reaches the server and updates the app, and every
 * app↔Loupe message is on the traffic timeline with its direction. Then the demo's itinerary.
 */
test.describe.configure({ mode: "serial" });

const BASIC_REACT = path.join(ROOT, "node_modules/@modelcontextprotocol/server-basic-react/dist/index.js");
const SYSTEM_MONITOR = path.join(ROOT, "node_modules/@modelcontextprotocol/server-system-monitor/dist/index.js");
const SERVER = "basic-react (apps)";
const SHOTS = process.env.LOUPE_APPS_SHOTS;

/** The View: inside the sandbox proxy frame, its own srcdoc frame. */
function view(page: Page, scope = page.getByTestId("tool-detail")): FrameLocator {
  return scope.getByTestId("app-iframe").contentFrame().locator("iframe").contentFrame();
}

async function useBasicReact(workbench: Workbench, page: Page) {
  await workbench.open();
  if ((await workbench.server(SERVER).count()) === 0) await workbench.addStdioServer(SERVER, "node", `${BASIC_REACT} --stdio`);
  await expect(workbench.server(SERVER)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(SERVER);
  await workbench.selectTool("get-time");
  await expect(page.getByTestId("tool-detail").getByTestId("tool-app-badge")).toBeVisible();
}

test("get-time's app renders from the second origin and its button's call is gated, sent and recorded", async ({
  workbench,
  page,
  request,
}) => {
  await useBasicReact(workbench, page);
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  const frame = page.getByTestId("tool-detail").getByTestId("app-frame");
  await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 30_000 });

  // The proxy is served by the apps listener: another port, so another origin than Loupe's.
  const src = (await page.getByTestId("app-iframe").getAttribute("src")) ?? "";
  const loupe = new URL(page.url());
  const sandbox = new URL(src);
  expect(sandbox.origin).not.toBe(loupe.origin);
  expect(sandbox.hostname).toBe("127.0.0.1");
  expect(sandbox.pathname).toBe("/sandbox");
  expect(await page.getByTestId("app-iframe").getAttribute("sandbox")).toContain("allow-scripts");

  // The View got tool-input then tool-result: it shows the time the call returned.
  const app = view(page);
  const resultText = (await workbench.result.innerText()).match(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/)?.[0];
  expect(resultText).toBeTruthy();
  await expect(app.locator("code")).toHaveText(resultText!);
  // The app cannot reach Loupe: its document has an opaque origin, not Loupe's.
  expect(await app.locator("body").evaluate(() => window.origin)).toBe("null");
  // Nor fetch it, nor anything else: the sandbox's CSP (connect-src 'none', inherited by the
  // View's srcdoc document) stops the request before it leaves the browser.
  const violated = await app.locator("body").evaluate(
    (_body, url) =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true });
        fetch(url).catch(() => undefined);
        setTimeout(() => resolve("no violation"), 5_000);
      }),
    `${loupe.origin}/api/connections`,
  );
  expect(violated).toBe("connect-src");

  // Its button calls get-time (not read-only): Loupe asks first; Deny gives the app an error.
  await app.getByRole("button", { name: "Get Server Time" }).click();
  const consent = page.getByTestId("app-consent");
  await expect(consent).toHaveAttribute("data-kind", "call");
  await expect(consent).toContainText("get-time");
  await consent.getByTestId("app-consent-deny").click();
  await expect(app.locator("code")).toHaveText("[ERROR]");

  // Allowed, the call goes through Loupe to the server and the app updates.
  await app.getByRole("button", { name: "Get Server Time" }).click();
  await page.getByTestId("app-consent-allow").click();
  await expect(app.locator("code")).toHaveText(/^\d{4}-\d{2}-\d{2}T/);
  await expect(app.locator("code")).not.toHaveText(resultText!);
  const log = frame.getByTestId("app-message-log");
  await expect(log.locator('[data-direction="app_to_host"]', { hasText: "tools/call" })).toHaveCount(2);
  await expect(log.locator('[data-direction="host_to_app"]', { hasText: "ui/notifications/tool-result" })).toHaveCount(1);

  // ui/message is shown; ui/open-link asks first and Cancel opens nothing.
  await app.getByRole("button", { name: "Send Message" }).click();
  await expect(frame.getByTestId("app-user-message")).toHaveText("This is message text.");
  await app.getByRole("button", { name: "Open Link" }).click();
  await expect(page.getByTestId("app-consent")).toHaveAttribute("data-kind", "link");
  await expect(page.getByTestId("app-consent-detail")).toHaveText("https://modelcontextprotocol.io/");
  await page.getByTestId("app-consent-deny").click();
  await expect(page.getByTestId("app-consent")).toBeHidden();

  if (SHOTS) await shots(page, "basic-react");

  // The timeline has the app's messages with their direction, and the proxied tools/call frame.
  await workbench.openTab("Traffic");
  const rows = page.getByTestId("traffic-row");
  await expect(rows.filter({ hasText: "app → Loupe (get-time): ui/initialize" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Loupe → app (get-time): ui/notifications/tool-input" }).first()).toBeVisible();
  // The list is virtualized: what is not on screen is counted through the API.
  const id = new URL(page.url()).searchParams.get("c")!;
  const traffic = await request.get(`/api/connections/${encodeURIComponent(id)}/traffic?limit=2000`, {
    headers: { "x-loupe-token": E2E_TOKEN },
  });
  const entries = (await traffic.json()) as {
    kind: string;
    direction: string;
    raw: { method?: string; direction?: string; message?: { method?: string } };
  }[];
  const appCalls = entries.filter((e) => e.kind === "app_message" && e.raw.message?.method === "tools/call");
  expect(appCalls.map((e) => [e.direction, e.raw.direction])).toEqual([
    ["in", "app_to_host"],
    ["in", "app_to_host"],
  ]);
  // The Run and the allowed app call reached the server; the denied one never left Loupe.
  expect(entries.filter((e) => e.kind === "message" && e.direction === "out" && e.raw.method === "tools/call")).toHaveLength(2);
  expect(
    entries.some((e) => e.kind === "app_message" && e.direction === "out" && e.raw.message?.method === "ui/notifications/tool-result"),
  ).toBe(true);
});

test("the Apps tab opens get-time's app with hand-entered input, without calling the tool", async ({ workbench, page }) => {
  await useBasicReact(workbench, page);
  // With the Apps tab an 800 px window holds eleven tabs: they wrap, none is cut off.
  await page.setViewportSize({ width: 800, height: 900 });
  const last = await page.getByRole("tab", { name: "Traffic", exact: true }).boundingBox();
  expect(last!.x + last!.width).toBeLessThanOrEqual(800);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("tab", { name: "Apps", exact: true }).click();
  const panel = page.getByTestId("apps-panel");
  await expect(panel.getByTestId("app-tool")).toHaveCount(1);
  await panel.getByTestId("app-open").click();
  await expect(panel.getByTestId("app-frame")).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  const log = panel.getByTestId("app-message-log");
  await expect(log.locator('[data-direction="host_to_app"]', { hasText: "ui/notifications/tool-input" })).toHaveCount(1);
  await expect(log.locator('[data-direction="host_to_app"]', { hasText: "ui/notifications/tool-result" })).toHaveCount(0);
  await expect(view(page, panel).locator("code")).toHaveText("Loading...");
});

test("the demo's plan-trip renders its itinerary app; a leg's weather comes from get-forecast without asking", async ({
  workbench,
  page,
}) => {
  await workbench.open();
  await workbench.selectServer("Loupe demo MCP server");
  await workbench.selectTool("plan-trip");
  await workbench.toolDetail.getByTestId("schema-form-mode").getByText("JSON").click();
  const trip = {
    title: "Iberia by rail",
    traveler: { name: "Ada", email: "ada@example.com" },
    legs: [
      { from: "LIS", to: "MAD", date: "2026-03-01", mode: "train" },
      { from: "MAD", to: "CDG", date: "2026-03-04", mode: "flight" },
    ],
  };
  await workbench.toolDetail.getByLabel("JSON").fill(JSON.stringify(trip));
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  const frame = page.getByTestId("tool-detail").getByTestId("app-frame");
  await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  const app = view(page);
  await expect(app.locator("#title")).toHaveText("Iberia by rail");
  await expect(app.locator(".leg")).toHaveCount(2);
  await expect(app.locator("#trip-id")).toHaveText(/^TR-\d{4}$/);
  // At 800 px the View's ui:// URI stays readable (it was cut to "ui://loupe-…").
  await page.setViewportSize({ width: 800, height: 900 });
  const uri = frame.getByTestId("app-resource-uri");
  await expect(uri).toHaveText("ui://loupe-demo/itinerary.html");
  expect(await uri.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await app.locator(".leg").first().getByRole("button", { name: "Weather" }).click();
  await expect(app.locator("#forecast-0")).toContainText("Madrid:");
  await expect(page.getByTestId("app-consent")).toBeHidden();
  // Planning again is not read-only: Loupe asks.
  await app.getByRole("button", { name: "Plan again" }).click();
  await expect(page.getByTestId("app-consent")).toContainText("plan-trip");
  await page.getByTestId("app-consent-allow").click();
  await expect(app.locator("#status")).toContainText("Planned TR-");
  if (SHOTS) await shots(page, "demo-itinerary");
});

test("server-system-monitor's app polls an app-only tool: allowed once for the app's life, then no more questions", async ({
  workbench,
  page,
}) => {
  const name = "system-monitor (apps)";
  await workbench.open();
  if ((await workbench.server(name).count()) === 0) await workbench.addStdioServer(name, "node", `${SYSTEM_MONITOR} --stdio`);
  await workbench.selectServer(name);
  await workbench.selectTool("get-system-info");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  const frame = page.getByTestId("tool-detail").getByTestId("app-frame");
  await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  // poll-system-stats is visible to the app only and not read-only: Loupe asks before the first poll.
  const consent = page.getByTestId("app-consent");
  await expect(consent).toContainText("poll-system-stats", { timeout: 30_000 });
  await consent.getByTestId("app-consent-allow-session").click();
  const polls = frame.getByTestId("app-message-log").locator('[data-direction="app_to_host"]', { hasText: "tools/call" });
  await expect.poll(() => polls.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(consent).toBeHidden();
});

/** Screenshots for a look by eye (LOUPE_APPS_SHOTS=dir): 1440 and 800 px, light and dark. */
async function shots(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("loupe-theme", t);
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    for (const width of [1440, 800]) {
      await page.setViewportSize({ width, height: 900 });
      // Time for the View to get host-context-changed and repaint (screenshots only, off by default).
      await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
      await page.screenshot({ path: path.join(SHOTS!, `${name}-${width}-${theme}.png`) });
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("loupe-theme", "light");
    document.documentElement.classList.remove("dark");
  });
  await page.setViewportSize({ width: 1280, height: 720 });
}
