import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { ROOT, expect, test } from "./fixtures";

// OAuth 2.1 in the browser against tests/fixtures/oauth-server.mjs (an OAuth-protected MCP server
// whose authorization server approves at once): Authorize → the authorization server → Loupe's
// /oauth/callback (no Loupe cookie on that cross-site navigation: the gate lets it in by its
// pending state) → back on the connection's Auth tab, connected.
test.describe.configure({ mode: "serial" });

const FIXTURE = path.join(ROOT, "tests/fixtures/oauth-server.mjs");
let fixture: ChildProcess;
let base = "";

test.beforeAll(async () => {
  fixture = spawn(process.execPath, [FIXTURE, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    fixture.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /OAUTH_FIXTURE_READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    fixture.once("exit", (code) => reject(new Error(`oauth fixture exited with ${code}`)));
  });
});

test.afterAll(() => {
  fixture?.kill("SIGTERM");
});

test("add a Streamable HTTP server with OAuth, authorize in the browser, come back connected", async ({ workbench, page }) => {
  await workbench.open();
  await page.getByTestId("add-server").click();
  const dialog = page.getByTestId("add-server-dialog");
  await dialog.getByTestId("transport-http").click();
  await dialog.locator("#name").fill("oauth-fixture");
  await dialog.locator("#url").fill(`${base}/mcp`);
  await dialog.getByTestId("oauth-enabled").click();
  await dialog.getByTestId("save-server").click();
  await expect(dialog).toBeHidden();

  // The first connect stops at authorization, and says so in words.
  await expect(workbench.server("oauth-fixture")).toHaveAttribute("data-status", "error", { timeout: 30_000 });
  await workbench.selectServer("oauth-fixture");
  await workbench.openTab("Overview");
  await expect(page.getByTestId("connection-error")).toContainText("Authorization needed: open the authorization page");

  await page.getByRole("tab", { name: "Auth", exact: true }).click();
  const panel = page.getByTestId("auth-panel");
  await expect(panel.getByTestId("auth-status")).toHaveAttribute("data-status", "needs_authorization");
  await expect(panel.getByTestId("auth-step-registration")).toHaveAttribute("data-status", "ok");

  await panel.getByTestId("authorize").click();
  // Through the authorization server and the callback page, back to the Auth tab.
  await page.waitForURL(/\/\?c=[^&]+&tab=auth/, { timeout: 30_000 });
  await expect(workbench.server("oauth-fixture")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  const back = page.getByTestId("auth-panel");
  await expect(back.getByTestId("auth-status")).toHaveAttribute("data-status", "authorized");
  await expect(back.getByTestId("auth-token")).toContainText('scope "mcp:read"');
  await expect(back.getByTestId("auth-token")).toContainText("with a refresh token");
  for (const phase of ["resource", "prm-discovery", "as-discovery", "registration", "authorization", "token"]) {
    await expect(back.getByTestId(`auth-step-${phase}`)).toHaveAttribute("data-status", "ok");
  }
  // Each exchange opens to its masked request and answer.
  const token = back.locator('[data-testid="auth-exchange"][data-phase="token"]').last();
  await token.locator("summary").click();
  await expect(token).toContainText('"access_token": "••••••"');
  await expect(token).toContainText('"code_verifier": "••••••"');

  // The tools of the protected server are usable.
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toContainText("2 tools");
});

test("a state that is not pending is refused by the gate (the callback needs Loupe's token then)", async ({ page }) => {
  // A fresh context: no Loupe cookie, like the authorization server's redirect.
  const res = await page.request.get("/oauth/callback?code=x&state=forged");
  expect(res.status()).toBe(401);
});
