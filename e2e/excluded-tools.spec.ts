import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import path from "node:path";
import { E2E_TOKEN, ROOT, expect, test } from "./fixtures";

/**
 * SEP-2243 on a 2026-07-28 HTTP connection: tools whose x-mcp-header declarations are invalid are
 * left out of the list, and the list says so — a muted "2 tools left out" row that opens each
 * tool's name and the reason. Against a fixture server written for it (tests/fixtures).
 */
const PORT = Number(process.env.LOUPE_E2E_PARAM_HEADERS_PORT ?? 7121);
const NAME = "param headers (2026-07-28)";
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
  server = spawn(process.execPath, [path.join(ROOT, "tests/fixtures/param-header-server.mjs"), "--port", String(PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect.poll(() => listening(PORT), { timeout: 30_000 }).toBe(true);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("the tool list says which tools it left out for invalid x-mcp-header declarations, and why", async ({ workbench, page }) => {
  await workbench.open();
  if ((await workbench.server(NAME).count()) === 0) {
    const res = await page.request.post("/api/connections", {
      headers: { "x-loupe-token": E2E_TOKEN },
      data: { name: NAME, transport: "http", url: `http://127.0.0.1:${PORT}/mcp`, headers: {}, protocolEra: "2026-07-28" },
    });
    expect(res.status()).toBe(201);
  }
  await expect(workbench.server(NAME)).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await workbench.selectServer(NAME);
  await workbench.openTab("Tools");

  await expect(page.getByTestId("tool-count")).toContainText("1 tool ·");
  await expect(page.getByTestId("tool-item")).toHaveCount(1);
  await expect(page.getByTestId("tool-item")).toHaveAttribute("data-tool", "route");
  const toggle = page.getByTestId("excluded-tools-toggle");
  await expect(toggle).toHaveText("2 tools left out");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  const items = page.getByTestId("excluded-tool");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByTestId("excluded-tool-name")).toHaveText("bad_array_header");
  await expect(items.nth(0).getByTestId("excluded-tool-reason")).toHaveText(
    'property "tags": x-mcp-header is allowed only on string, integer or boolean properties, not array',
  );
  await expect(items.nth(1).getByTestId("excluded-tool-name")).toHaveText("bad_duplicate_header");
  await expect(items.nth(1).getByTestId("excluded-tool-reason")).toContainText("case-insensitive");
  if (process.env.LOUPE_E2E_SHOTS) await page.screenshot({ path: path.join(process.env.LOUPE_E2E_SHOTS, "excluded-tools.png") });

  // The valid tool still runs, its argument mirrored into Mcp-Param-Region.
  await workbench.selectTool("route");
  await workbench.field("region").fill("eu-west1");
  await workbench.run();
  await expect(workbench.result).toHaveAttribute("data-status", "ok");
  // Shown as pretty JSON: the server's echo of the headers it received.
  await expect(workbench.result).toContainText(/"mcp-param-region":\s*"eu-west1"/);
});
