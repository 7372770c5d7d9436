import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, expect, test } from "./fixtures";

// OAuth 2.1 in the browser against the official conformance suite's own authorization server:
// the suite runs scenario auth/metadata-default in interactive mode (no --command: it prints the
// server URL and waits), Loupe connects to it through the UI, the user clicks Authorize, the
// suite's authorization server approves and redirects to Loupe's callback, and once stopped the
// suite reports its checks, which must all pass.
test.describe.configure({ mode: "serial" });

const CONF = path.join(ROOT, "conformance");
const NODE22 = path.join(CONF, "node_modules/.bin/node");
const CLI = path.join(CONF, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const SCENARIO = "auth/metadata-default";

let suite: ChildProcess;
let output = "";
let outDir = "";
let serverUrl = "";

test.beforeAll(async () => {
  // npm test runs scripts/conformance.mjs first, which installs the suite; alone, install it here.
  if (!existsSync(CLI)) {
    const r = spawnSync("npm", ["ci", "--prefix", CONF, "--no-audit", "--no-fund"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("Could not install the conformance suite (npm ci --prefix conformance)");
  }
  outDir = mkdtempSync(path.join(tmpdir(), "loupe-e2e-conformance-"));
  suite = spawn(
    realpathSync(NODE22),
    ["--require", path.join(CONF, "force-loopback.cjs"), CLI, "client", "--scenario", SCENARIO, "-o", outDir],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
  );
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  suite.stdout!.on("data", onData);
  suite.stderr!.on("data", onData);
  serverUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The suite printed no server URL:\n${output}`)), 30_000);
    const check = () => {
      const m = /Server URL: (\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    suite.stdout!.on("data", check);
    suite.once("exit", (code) => reject(new Error(`The conformance suite exited with ${code}:\n${output}`)));
  });
});

test.afterAll(() => {
  if (suite && suite.exitCode === null) suite.kill("SIGKILL");
});

/** The checks.json the suite wrote for the scenario (somewhere under the output dir). */
function readChecks(dir: string): Array<{ id: string; status: string; description?: string }> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      const found = readChecks(p);
      if (found.length) return found;
    } else if (name === "checks.json") {
      return JSON.parse(readFileSync(p, "utf8")) as Array<{ id: string; status: string }>;
    }
  }
  return [];
}

test("authorize against the conformance suite's authorization server and pass its checks", async ({ workbench, page }) => {
  await workbench.open();
  await page.getByTestId("add-server").click();
  const dialog = page.getByTestId("add-server-dialog");
  await dialog.getByTestId("transport-http").click();
  await dialog.locator("#name").fill("conformance-auth");
  await dialog.locator("#url").fill(serverUrl);
  await dialog.getByTestId("oauth-enabled").click();
  await dialog.getByTestId("save-server").click();
  await expect(dialog).toBeHidden();

  await expect(workbench.server("conformance-auth")).toHaveAttribute("data-status", "error", { timeout: 30_000 });
  await workbench.selectServer("conformance-auth");
  await page.getByRole("tab", { name: "Auth", exact: true }).click();
  const panel = page.getByTestId("auth-panel");
  await expect(panel.getByTestId("auth-status")).toHaveAttribute("data-status", "needs_authorization");
  await panel.getByTestId("authorize").click();

  await page.waitForURL(/\/\?c=[^&]+&tab=auth/, { timeout: 30_000 });
  await expect(workbench.server("conformance-auth")).toHaveAttribute("data-status", "connected", { timeout: 30_000 });
  await expect(page.getByTestId("auth-panel").getByTestId("auth-status")).toHaveAttribute("data-status", "authorized");
  await workbench.openTab("Tools");
  await expect(page.getByTestId("tool-count")).toBeVisible();

  // Stop the suite: it evaluates what it saw and writes checks.json.
  const exited = new Promise<void>((resolve) => suite.once("exit", () => resolve()));
  suite.kill("SIGTERM");
  await exited;
  const checks = readChecks(outDir);
  expect(checks.length, output).toBeGreaterThan(5);
  const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
  expect(bad, JSON.stringify(bad, null, 2)).toEqual([]);
  for (const id of ["authorization-server-metadata", "client-registration", "authorization-request", "token-request"]) {
    expect(checks.find((c) => c.id === id)?.status, id).toBe("SUCCESS");
  }
});
