import path from "node:path";
import { chromium, type FrameLocator, type Locator, type Page } from "playwright-core";
import type { Bench, Figure } from "./types";
import { median } from "./types";
import { startLoupe, type LoupeProcess } from "./loupe-process";
import { demoConnection } from "./tools-list";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];
const TIMEOUT = 60_000;

/** One MCP App to open: its server, its tool, how to fill the form, what its painted View shows. */
interface AppCase {
  label: string;
  connection(root: string): Record<string, unknown>;
  tool: string;
  fill(detail: Locator, run: number): Promise<void>;
  /** An element of the View that exists only once it has rendered this run's result. */
  painted(view: FrameLocator, run: number): Locator;
}

const CASES: AppCase[] = [
  {
    label: "demo plan-trip",
    connection: (root) => ({ ...demoConnection(root), name: "bench demo (apps)" }),
    tool: "plan-trip",
    async fill(detail, run) {
      await detail.getByTestId("schema-form-mode").getByText("JSON").click();
      const trip = {
        title: `Bench trip ${run}`,
        traveler: { name: "Ada", email: "ada@example.com" },
        legs: [
          { from: "LIS", to: "MAD", date: "2026-03-01", mode: "train" },
          { from: "MAD", to: "CDG", date: "2026-03-04", mode: "flight" },
        ],
      };
      await detail.getByLabel("JSON").fill(JSON.stringify(trip));
    },
    // The title is this run's own, so an earlier render cannot satisfy the wait.
    painted: (view, run) => view.locator("#title").filter({ hasText: `Bench trip ${run}` }),
  },
  {
    label: "basic-react get-time",
    connection: (root) => ({
      name: "bench basic-react",
      transport: "stdio",
      command: process.execPath,
      args: [path.join(root, "node_modules/@modelcontextprotocol/server-basic-react/dist/index.js"), "--stdio"],
      env: {},
      requestTimeoutMs: 60_000,
    }),
    tool: "get-time",
    async fill() {},
    // "Loading..." until the tool result reaches the View; then the server's ISO time.
    painted: (view) => view.locator("code").filter({ hasText: /^\d{4}-\d{2}-\d{2}T/ }),
  },
];

/**
 * The time from Run to an MCP App's first paint, in Chromium against a real Loupe: the tool page
 * is opened fresh each run (deep link), the form filled, then the clock runs from the Run click
 * until the tool result is shown and until an element of the app's View — two frames down, on
 * Loupe's second origin — is visible with this run's content.
 */
export const appPaintBench: Bench = {
  name: "app-paint",
  async run(ctx) {
    const loupe = await startLoupe(ctx.root, path.join(ctx.dataDir, "app-paint"));
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${loupe.baseUrl}/?token=${loupe.token}`);
      const figures: Figure[] = [];
      for (const app of CASES) figures.push(...(await measure(app, loupe, page, ctx.root, ctx.runs)));
      return figures;
    } finally {
      await browser.close();
      await loupe.stop();
    }
  },
};

async function measure(app: AppCase, loupe: LoupeProcess, page: Page, root: string, runs: number): Promise<Figure[]> {
  const conn = await loupe.api<{ id: string; state: { status: string } }>("POST", "/api/connections", app.connection(root));
  if (conn.state.status !== "connected") throw new Error(`${app.label}: the server did not connect (${conn.state.status})`);
  const result: number[] = [];
  const paint: number[] = [];
  // Run 0 is the cold one (the apps listener, the View's HTML and scripts seen for the first time).
  for (let run = 0; run <= runs; run++) {
    await page.goto(`${loupe.baseUrl}/?c=${encodeURIComponent(conn.id)}&tab=tools&tool=${encodeURIComponent(app.tool)}`);
    const detail = page.getByTestId("tool-detail");
    await detail.getByTestId("run-tool").waitFor({ timeout: TIMEOUT });
    await app.fill(detail, run);
    const view = detail.getByTestId("app-iframe").contentFrame().locator("iframe").contentFrame();
    const t0 = performance.now();
    await detail.getByTestId("run-tool").click();
    await detail.locator('[data-testid="tool-result"][data-status="ok"]').waitFor({ timeout: TIMEOUT });
    const shown = performance.now() - t0;
    await app.painted(view, run).waitFor({ state: "visible", timeout: TIMEOUT });
    const painted = performance.now() - t0;
    if (run === 0) {
      paint.unshift(painted); // kept apart below
      continue;
    }
    result.push(shown);
    paint.push(painted);
  }
  const cold = paint.shift()!;
  const note = `median of ${runs}`;
  return [
    { label: `${app.label}: Run → result shown`, value: median(result), unit: "ms", note },
    { label: `${app.label}: Run → app's first paint`, value: median(paint), unit: "ms", note },
    { label: `${app.label}: Run → first paint, first run`, value: cold, unit: "ms", note: "its View's first load; not in the median" },
  ];
}
