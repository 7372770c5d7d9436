import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import path from "node:path";
import { EVERYTHING, ROOT, expect, test } from "./fixtures";

// The Network tab against the real server-everything over Streamable HTTP: every HTTP exchange
// of the connection with its status and headers (secrets masked), linked to the traffic rows.
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.LOUPE_E2E_NETWORK_PORT ?? 7187);
const FORCE_LOOPBACK = path.join(ROOT, "tests/support/force-loopback.cjs");
let server: ChildProcess;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test.beforeAll(async () => {
  server = spawn(process.execPath, ["-r", FORCE_LOOPBACK, EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect.poll(() => listening(PORT), { timeout: 20_000 }).toBe(true);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("the Network tab lists the exchanges of an HTTP connection and opens one with its headers", async ({ workbench, page }) => {
  await workbench.open();
  const name = "everything (network)";
  if ((await workbench.server(name).count()) === 0) {
    await page.getByTestId("add-server").click();
    const dialog = page.getByTestId("add-server-dialog");
    await dialog.getByTestId("transport-http").click();
    await dialog.locator("#name").fill(name);
    await dialog.locator("#url").fill(`http://127.0.0.1:${PORT}/mcp`);
    await dialog.getByTestId("save-server").click();
    await expect(dialog).toBeHidden();
  }
  await expect(workbench.server(name)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(name);
  await page.getByRole("tab", { name: "Network", exact: true }).click();

  const panel = page.getByTestId("network-panel");
  const rows = panel.getByTestId("network-row");
  // initialize, notifications/initialized, the GET event stream, tools/list at least.
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
  await expect(panel.locator('[data-testid="network-row"][data-method="GET"]').first()).toContainText("event stream");

  const init = rows.filter({ hasText: "initialize" }).filter({ hasNotText: "notifications" }).first();
  await expect(init).toHaveAttribute("data-status", "200");
  await init.click();
  const detail = page.getByTestId("network-detail");
  await expect(detail.getByTestId("network-url")).toHaveText(`http://127.0.0.1:${PORT}/mcp`);
  await expect(detail.getByTestId("network-timing")).toContainText("Time to headers");
  const response = detail.getByTestId("network-response-headers");
  await expect(response.locator('[data-header="mcp-session-id"] dd')).toHaveText(/\S{8,}/);
  await expect(response.locator('[data-header="content-type"] dd')).toHaveText(/text\/event-stream|application\/json/);
  await expect(detail.getByTestId("network-request-headers").locator('[data-header="accept"] dd')).toContainText("text/event-stream");

  // The initialize request it carried opens its traffic row, whose detail names the exchange.
  await detail
    .getByTestId("network-messages")
    .getByRole("button", { name: /initialize #0/ })
    .click();
  await expect(page).toHaveURL(/tab=traffic&seq=\d+/);
  const traffic = page.getByTestId("traffic-detail");
  await expect(traffic).toBeVisible();
  const wire = traffic.getByTestId("wire-details");
  await expect(wire.getByTestId("wire-carrier").first()).toContainText("POST");
  await expect(wire.getByTestId("wire-carrier").first().locator('[data-header="mcp-session-id"]')).toBeVisible();
  // …and leads back to that exchange in the Network tab (?x= names it, so a reload keeps it open).
  await wire.getByTestId("wire-carrier").first().getByRole("button", { name: "Network" }).click();
  await expect(page).toHaveURL(/tab=network&x=[\w-]+/);
  await expect(page.getByTestId("network-detail").getByTestId("network-messages")).toContainText("initialize #0");
  await page.reload();
  await expect(page.getByTestId("network-detail").getByTestId("network-messages")).toContainText("initialize #0");
});

test("a stdio connection's Network tab says there is no HTTP and leads to Traffic", async ({ workbench, page }) => {
  await workbench.open();
  await workbench.selectServer("Loupe demo MCP server");
  await page.getByRole("tab", { name: "Network", exact: true }).click();
  const notice = page.getByTestId("network-stdio");
  await expect(notice).toContainText("no HTTP exchange");
  await notice.getByRole("button", { name: "Open Traffic" }).click();
  await expect(page.getByTestId("traffic-panel")).toBeVisible();
});
