import http from "node:http";
import { chromium } from "playwright-core";
import { EventEncoder } from "@ag-ui/encoder";
import { EventType } from "@ag-ui/core";
import type { BaseEvent } from "@ag-ui/core";
import type { Bench, Figure } from "./types";
import { MB, median } from "./types";
import { startLoupe, type LoupeProcess } from "./loupe-process";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];
const EVENTS = 10_000;

/**
 * A run of exactly 10,000 events of every common family: text streamed in small deltas, tool
 * calls with streamed args and results, state deltas, steps and custom events.
 */
function bigRun(threadId: string, runId: string): BaseEvent[] {
  const out: BaseEvent[] = [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.STATE_SNAPSHOT, snapshot: { n: 0, log: [] } },
  ];
  let i = 0;
  while (out.length < EVENTS - 1) {
    const k = i++;
    const block: BaseEvent[] = [
      { type: EventType.STEP_STARTED, stepName: `step-${k}` },
      { type: EventType.TEXT_MESSAGE_START, messageId: `m${k}`, role: "assistant" },
      ...Array.from({ length: 8 }, (_, j) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m${k}`, delta: `word${j} ` })),
      { type: EventType.TEXT_MESSAGE_END, messageId: `m${k}` },
      { type: EventType.TOOL_CALL_START, toolCallId: `tc${k}`, toolCallName: "lookup" },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: `tc${k}`, delta: `{"q":"item ` },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: `tc${k}`, delta: `${k}"}` },
      { type: EventType.TOOL_CALL_END, toolCallId: `tc${k}` },
      { type: EventType.TOOL_CALL_RESULT, messageId: `r${k}`, toolCallId: `tc${k}`, content: `{"found":${k}}` },
      { type: EventType.STATE_DELTA, delta: [{ op: "replace", path: "/n", value: k }] },
      { type: EventType.CUSTOM, name: "tick", value: k },
      { type: EventType.STEP_FINISHED, stepName: `step-${k}` },
    ];
    out.push(...block.slice(0, EVENTS - 1 - out.length));
  }
  out.push({ type: EventType.RUN_FINISHED, threadId, runId });
  return out;
}

/** An AG-UI agent that answers every run with bigRun, as fast as the socket takes it. */
function startBigAgent(): Promise<{ url: string; close: () => Promise<void> }> {
  const encoder = new EventEncoder();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const input = JSON.parse(body || "{}") as { threadId?: string; runId?: string };
      res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
      for (const e of bigRun(input.threadId ?? "t", input.runId ?? "r")) res.write(encoder.encodeSSE(e));
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((r) => server.close(() => r())) });
    }),
  );
}

/**
 * Issue 11 bench: an AG-UI run of 10,000 events opened in the browser — time from navigation to
 * the first timeline rows painted, DOM rows kept (virtualized), page heap, and the worst frame
 * while scrolling the whole run top to bottom. Against a real Loupe and a real AG-UI SSE agent.
 */
export const aguiBrowserBench: Bench = {
  name: "agui-browser",
  async run(ctx) {
    const loupe = await startLoupe(ctx.root, ctx.dataDir);
    try {
      return await measureAguiBrowser(loupe, ctx.runs);
    } finally {
      await loupe.stop();
    }
  },
};

/** The measurement itself, against any running Loupe (the bench starts one; a by-hand run may pass its own). */
export async function measureAguiBrowser(loupe: Pick<LoupeProcess, "baseUrl" | "token" | "api">, runs: number): Promise<Figure[]> {
  const agent = await startBigAgent();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: [...CHROMIUM_ARGS, "--enable-precise-memory-info"] });
  try {
    const saved = await loupe.api<{ id: string }>("POST", "/api/agui/agents", { name: "bench-10k", url: agent.url });
    const started = await loupe.api<{ runId: string; threadId: string }>("POST", `/api/agui/agents/${saved.id}/runs`, {
      text: "go",
      context: [],
    });
    const threadPath = `/api/agui/agents/${saved.id}/threads/${started.threadId}`;
    for (let i = 0; i < 600; i++) {
      const t = await loupe.api<{ runs: Array<{ status: string }> }>("GET", threadPath);
      if (t.runs.some((r) => r.status !== "running")) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${loupe.baseUrl}/?token=${loupe.token}`);
    const url = `${loupe.baseUrl}/?view=agui&peer=${saved.id}&th=${started.threadId}&item=${started.runId}`;
    const openMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = Date.now();
      await page.goto(url);
      await page.locator('[data-testid="agui-item"]').first().waitFor({ timeout: 120_000 });
      openMs.push(Date.now() - t0);
    }
    const rows = await page.locator('[data-testid="agui-item"]').count();
    const items = Number(await page.getByTestId("agui-items").getAttribute("data-count"));
    // Scroll the whole run in 40 steps; the worst gap between animation frames is the jank.
    const worstFrame = await page.getByTestId("agui-items").evaluate(async (el) => {
      const gaps: number[] = [];
      let last = performance.now();
      for (let step = 0; step <= 40; step++) {
        el.scrollTop = (el.scrollHeight * step) / 40;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      return Math.max(...gaps);
    });
    const heap = await page.evaluate(() => {
      // Chromium's non-standard performance.memory (no type in the DOM library).
      const memory = "memory" in performance ? performance.memory : undefined;
      return typeof memory === "object" && memory !== null && "usedJSHeapSize" in memory && typeof memory.usedJSHeapSize === "number"
        ? memory.usedJSHeapSize
        : 0;
    });
    const figures: Figure[] = [
      { label: "10,000-event run: navigation → first timeline rows", value: median(openMs), unit: "ms", note: `median of ${runs}` },
      { label: "timeline items assembled from 10,000 events", value: items, unit: "count" },
      { label: "timeline rows in the DOM (virtualized)", value: rows, unit: "count" },
      { label: "worst frame while scrolling the run top → bottom", value: worstFrame, unit: "ms", note: "40 scroll steps" },
    ];
    if (heap > 0) figures.push({ label: "page JS heap with the 10,000-event run open", value: heap / MB, unit: "MB" });
    return figures;
  } finally {
    await browser.close();
    await agent.close();
  }
}
