import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "@playwright/test";
import { SCRIPTED_ONLY, startAgentServer, type AgentServer } from "../demo/adk/start-agent-server";
import { AgentDesk } from "./agent-fixtures";
import { E2E_TOKEN, ROOT, expect, test } from "./fixtures";

/**
 * The URL names exactly what is open, and a reload reopens it: a tool, a resource, a prompt, a
 * traffic row, an agent session with its selected event. Parameters of the previous view never
 * follow the user into the next one.
 */
test.describe.configure({ mode: "serial" });

const SERVER = "everything (deep links)";
const DOC = "demo://resource/static/document/architecture.md";

const params = (page: Page) => new URL(page.url()).searchParams;
const keys = (page: Page) => [...params(page).keys()].sort();

test("a tool, a resource, a prompt and a traffic row each reopen after a reload", async ({ workbench, page }) => {
  await workbench.useEverything(SERVER);
  const serverId = params(page).get("c");
  expect(serverId).toBeTruthy();

  await workbench.selectTool("echo");
  await workbench.field("message").fill("deep link");
  await workbench.run();
  await expect(workbench.result).toContainText("deep link");
  expect(params(page).get("tool")).toBe("echo");
  await page.reload();
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", "echo");

  await workbench.openTab("Resources");
  await page.locator(`[data-testid="resource-item"][data-uri="${DOC}"]`).click();
  await expect(page.getByTestId("resource-read")).toHaveAttribute("data-uri", DOC);
  // The tool belongs to the Tools tab: it is not in the URL while Resources is open.
  expect(keys(page)).toEqual(["c", "r", "tab"]);
  expect(params(page).get("r")).toBe(DOC);
  await page.reload();
  await expect(page.getByTestId("resource-read")).toHaveAttribute("data-uri", DOC);
  await expect(page.locator(`[data-testid="resource-item"][data-uri="${DOC}"]`)).toHaveAttribute("aria-selected", "true");

  await workbench.openTab("Prompts");
  await page.locator('[data-testid="prompt-item"][data-prompt="args-prompt"]').click();
  await expect(page.getByTestId("prompt-detail")).toHaveAttribute("data-prompt", "args-prompt");
  expect(keys(page)).toEqual(["c", "p", "tab"]);
  await page.reload();
  await expect(page.getByTestId("prompt-detail")).toHaveAttribute("data-prompt", "args-prompt");

  await workbench.openTab("Traffic");
  const row = page.locator('[data-testid="traffic-row"][data-method="tools/call"][data-state="ok"]').last();
  await expect(row).toBeVisible();
  const seq = await row.getAttribute("data-seq");
  await row.click();
  await expect(page.getByTestId("traffic-detail")).toContainText('"method": "tools/call"');
  expect(params(page).get("seq")).toBe(seq);
  await page.reload();
  await expect(page.getByTestId("traffic-detail")).toContainText('"method": "tools/call"');
  await expect(page.locator(`[data-testid="traffic-row"][data-seq="${seq}"]`)).toHaveAttribute("aria-pressed", "true");

  // Back on Tools, the tool chosen before is open again (and the traffic row left the URL).
  await workbench.openTab("Tools");
  await expect(workbench.toolDetail).toHaveAttribute("data-tool", "echo");
  expect(keys(page)).toEqual(["c", "tool"]);
  expect(params(page).get("c")).toBe(serverId);
});

test("an agent session and its selected event reopen after a reload; nothing of the server stays", async ({ workbench, page }) => {
  const desk = new AgentDesk(page);
  await workbench.useEverything(SERVER);
  await workbench.openTab("Traffic");
  await workbench.openTab("Tools");
  await workbench.selectTool("echo");
  expect(params(page).get("tool")).toBe("echo");

  await desk.openDemoAgent();
  // Several apps: the demo app opens, not the first alphabetically (compaction_demo).
  await expect(page.getByTestId("app-picker")).toHaveValue("loupe_demo");
  expect(keys(page).filter((k) => !["a", "app"].includes(k))).toEqual([]);

  await desk.newSession("loupe_demo");
  await desk.send("hello");
  const event = page.getByTestId("timeline-event").filter({ hasText: "hello" }).first();
  await expect(event).toBeVisible({ timeout: 30_000 });
  await event.click();
  await expect(page.getByTestId("event-inspector")).toHaveAttribute("data-entry", "0");
  const sessionId = await page.getByTestId("session-view").getAttribute("data-session-id");
  expect(keys(page)).toEqual(["a", "app", "e", "s"]);
  expect(params(page).get("s")).toBe(sessionId);
  expect(params(page).get("e")).toBeTruthy();

  await page.reload();
  await expect(page.getByTestId("session-view")).toHaveAttribute("data-session-id", sessionId!);
  await expect(page.getByTestId("event-inspector")).toHaveAttribute("data-entry", "0");
  await expect(page.getByTestId("timeline-event").filter({ hasText: "hello" }).first()).toHaveAttribute("data-selected", "true");

  // An event picked after the reload is named by its ADK id, and reopens by it.
  const reply = page.getByTestId("timeline-event").nth(1);
  const replyId = await reply.getAttribute("data-event-id");
  expect(replyId).toBeTruthy();
  await reply.click();
  await expect(page.getByTestId("event-inspector")).toHaveAttribute("data-entry", "1");
  expect(params(page).get("e")).toBe(replyId);
  await page.reload();
  await expect(page.locator(`[data-testid="timeline-event"][data-event-id="${replyId}"]`)).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("event-inspector")).toHaveAttribute("data-entry", "1");

  // A request raised in the session: the inbox is a view of its own (nothing of the agent stays
  // in the URL), and opening the request's session from there selects the event that raised it.
  await desk.send("delete");
  await expect(desk.card("confirmation")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("inbox-link").click();
  await expect.poll(() => keys(page)).toEqual(["view"]);
  const card = page.locator(`[data-testid="interrupt-card"][data-status="pending"]`).filter({ hasText: "delete_file" }).first();
  await card.getByTestId("open-session").click();
  await expect(page.getByTestId("session-view")).toHaveAttribute("data-session-id", sessionId!);
  const raisedBy = params(page).get("e");
  expect(raisedBy).toBeTruthy();
  await expect(page.locator(`[data-testid="timeline-event"][data-event-id="${raisedBy}"]`)).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("event-inspector")).toBeVisible();
});

test.describe("a Loupe started with --no-demo --agent URL", () => {
  const LOUPE_PORT = Number(process.env.LOUPE_E2E_SECOND_PORT ?? 7611);
  const AGENT_PORT = LOUPE_PORT + 1;
  const TOKEN = "second-loupe-token-0123456789";
  let agent: AgentServer | undefined;
  let loupe: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    agent = await startAgentServer({ port: AGENT_PORT, env: SCRIPTED_ONLY, preload: true });
    const tsx = pathToFileURL(path.join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;
    // The build the main Loupe of this run uses; no demo, one agent server, nothing else.
    loupe = spawn(
      process.execPath,
      ["--import", tsx, "server.ts", "--no-demo", "--no-open", "--port", String(LOUPE_PORT), "--agent", agent.url],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: "production",
          CI: "1",
          LOUPE_TOKEN: TOKEN,
          LOUPE_DATA_DIR: mkdtempSync(path.join(tmpdir(), "loupe-e2e-agent-only-")),
        },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let log = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Loupe did not start:\n${log}`)), 120_000);
      const onData = (b: Buffer) => {
        log += b.toString();
        if (log.includes("Loupe ready")) {
          clearTimeout(timer);
          resolve();
        }
      };
      loupe!.stdout!.on("data", onData);
      loupe!.stderr!.on("data", onData);
      loupe!.once("exit", (code) => reject(new Error(`Loupe exited (${code}):\n${log}`)));
    });
  });

  test.afterAll(async () => {
    if (loupe?.pid) {
      try {
        process.kill(-loupe.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
    await agent?.stop();
  });

  test("the first screen is that agent server, not an empty 'add a server' page", async ({ page }) => {
    await page.goto(`http://127.0.0.1:${LOUPE_PORT}/?token=${TOKEN}`);
    const view = page.getByTestId("agent-view");
    await expect(view).toBeVisible({ timeout: 30_000 });
    await expect(view).toContainText(agent!.url.replace(/\/$/, ""));
    await expect(page.getByTestId("app-picker")).toHaveValue("loupe_demo");
    await expect(page.getByText("Add a server to start exploring its tools.")).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get("a")).toBeTruthy();
  });
});

test("a link to a traffic row far up a long list opens with that row in view", async ({ workbench, page }) => {
  // Before: the list opened at its newest rows, the selected one off screen.
  await page.setViewportSize({ width: 1024, height: 768 });
  await workbench.open("c=demo-mcp&tab=traffic");
  const first = page.locator('[data-testid="traffic-row"]').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const seq = await first.getAttribute("data-seq");
  // Enough traffic after it that the list cannot show it and its newest rows at once.
  const headers = { "x-loupe-token": E2E_TOKEN };
  for (let i = 0; i < 30; i++) {
    const res = await page.request.post("/api/connections/demo-mcp/tools/call", {
      headers,
      data: { name: "convert-currency", arguments: { amount: i + 1, from: "EUR", to: "USD" } },
    });
    expect(res.status()).toBeLessThan(300);
  }
  await workbench.open(`c=demo-mcp&tab=traffic&seq=${seq}`);
  const row = page.locator(`[data-testid="traffic-row"][data-seq="${seq}"]`);
  await expect(row).toHaveAttribute("aria-pressed", "true", { timeout: 30_000 });
  await expect(row).toBeInViewport();
  await page.setViewportSize({ width: 1440, height: 900 });
});
