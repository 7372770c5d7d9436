import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, ROOT, test } from "./fixtures";
import { CLIENT, startTestProvider, type TestProvider } from "../tests/support/oidc-provider";

/**
 * Team mode in a real browser (issue 25): a second Loupe, the built app as `npm start` runs it, with
 * `--team` against a real OpenID provider (oidc-provider on loopback, its own login page). A person
 * opens Loupe, is sent to the provider, signs in there, and comes back signed in with their role.
 */
const PORT = Number(process.env.LOUPE_TEAM_E2E_PORT ?? Number(process.env.LOUPE_E2E_PORT ?? 6391) + 50);

let provider: TestProvider;
let loupe: ChildProcess;
let data: string;
const base = `http://127.0.0.1:${PORT}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startTestProvider(() => [`${base}/auth/callback`]);
  data = mkdtempSync(path.join(tmpdir(), "loupe-team-e2e-"));
  loupe = spawn(process.execPath, ["scripts/start.mjs", "--no-open", "--no-demo", "--port", String(PORT), "--team", "--insecure-http"], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOUPE_DATA_DIR: data,
      LOUPE_TOKEN: "team-e2e-token-0123456789",
      LOUPE_OIDC_ISSUER: provider.issuer,
      LOUPE_OIDC_CLIENT_ID: CLIENT.id,
      LOUPE_OIDC_CLIENT_SECRET: CLIENT.secret,
      CI: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    loupe.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Loupe ready:")) resolve();
    });
    loupe.stderr?.on("data", (c: Buffer) => (out += c.toString()));
    loupe.once("exit", (code) => reject(new Error(`Loupe exited with ${code}: ${out}`)));
  });
});

test.afterAll(async () => {
  loupe?.kill("SIGTERM");
  await new Promise((resolve) => loupe?.once("exit", resolve));
  await provider?.stop();
  rmSync(data, { recursive: true, force: true });
});

test("a person signs in through the provider's login page and Loupe shows who they are and what their role allows", async ({ page }) => {
  await page.goto(`${base}/?view=audit`);
  // Loupe sent the browser to the provider: its own login form.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill("vera");
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  // Back in Loupe, where they asked to go, signed in.
  await expect(page).toHaveURL(`${base}/?view=audit`);
  await expect(page.getByTestId("who-am-i")).toContainText("Vera Viewer");
  await expect(page.getByTestId("who-am-i")).toHaveAttribute("data-role", "viewer");
  await expect(page.getByTestId("role-banner")).toContainText("viewer");
  await expect(page.getByTestId("audit-view")).toBeVisible();
  // The session cookie is the server's: the page cannot read it.
  expect(await page.evaluate(() => document.cookie)).toBe("");
  const cookies = await page.context().cookies(base);
  expect(cookies.find((c) => c.name.startsWith("loupe_session_"))).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // A viewer's answer is refused by the server, naming the role.
  const refused = await page.evaluate(async () => {
    const res = await fetch("/api/approvals/x", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return { status: res.status, body: await res.json() };
  });
  expect(refused).toEqual({
    status: 403,
    body: {
      error: {
        code: "forbidden:role",
        message: "Only a responder or above can answer human requests and approvals: Vera Viewer is a viewer",
      },
    },
  });
  await page.getByTestId("sign-out").click();
  await expect(page.getByTestId("auth-page")).toHaveText("Signed out");
  const after = await page.evaluate(async () => (await fetch("/api/people/me")).status);
  expect(after).toBe(401);
});
