import { chromium } from "playwright-core";
import type { Bench, Figure } from "./types";
import { MB, median } from "./types";
import { startLoupe, type LoupeProcess } from "./loupe-process";
import { startAgentServer, SCRIPTED_ONLY } from "../demo/adk/start-agent-server";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];
const EVENTS = 10_000;

interface StreamCount {
  events: number;
  firstAt: number;
  lastAt: number;
  done: Promise<void>;
  stop(): void;
}

/** Reads Loupe's own /api/stream as the browser does and counts the ADK events relayed. */
function countRelayed(loupe: LoupeProcess, sessionKey: string, until: (n: number) => boolean): StreamCount {
  const abort = new AbortController();
  const c: StreamCount = { events: 0, firstAt: 0, lastAt: 0, done: Promise.resolve(), stop: () => abort.abort() };
  c.done = (async () => {
    const res = await fetch(`${loupe.baseUrl}/api/stream`, { headers: { "x-loupe-token": loupe.token }, signal: abort.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buf += value;
      let cut: number;
      while ((cut = buf.indexOf("\n\n")) >= 0) {
        const frame = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const data = frame.split("\n").find((l) => l.startsWith("data: "));
        if (!data) continue;
        const entry = JSON.parse(data.slice(6)) as { protocol: string; kind: string; sessionKey: string | null };
        if (entry.protocol !== "adk" || entry.kind !== "event" || entry.sessionKey !== sessionKey) continue;
        const now = performance.now();
        if (c.events === 0) c.firstAt = now;
        c.lastAt = now;
        c.events++;
        if (until(c.events)) return abort.abort();
      }
    }
  })();
  return c;
}

/**
 * A 10,000-event ADK session: how fast Loupe relays the events of a live run to a browser
 * stream, then how long opening the stored session takes in Chromium (first timeline row
 * painted), how many rows the virtualized list keeps in the DOM, and the page's heap.
 */
export const adkSessionBench: Bench = {
  name: "adk-session",
  async run(ctx) {
    const agent = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY, repoRoot: ctx.root });
    const loupe = await startLoupe(ctx.root, ctx.dataDir);
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    try {
      const server = await loupe.api<{ id: string }>("POST", "/api/agents", { name: "bench", url: agent.url, userId: "u1" });
      const session = await loupe.api<{ id: string }>("POST", `/api/agents/${server.id}/apps/loupe_demo/sessions`, { userId: "u1" });
      const key = `loupe_demo/u1/${session.id}`;
      const relayed = countRelayed(loupe, key, (n) => n >= EVENTS);
      await new Promise((r) => setTimeout(r, 200));
      const t0 = performance.now();
      await loupe.api("POST", `/api/agents/${server.id}/apps/loupe_demo/sessions/${session.id}/run`, {
        userId: "u1",
        parts: [{ text: `bulk ${EVENTS}` }],
      });
      await Promise.race([relayed.done, new Promise((r) => setTimeout(r, 120_000))]);
      relayed.stop();
      const relayMs = relayed.lastAt - relayed.firstAt;

      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${loupe.baseUrl}/?token=${loupe.token}`);
      const url = `${loupe.baseUrl}/?a=${server.id}&app=loupe_demo&s=${session.id}&u=u1`;
      const openMs: number[] = [];
      let rows = 0;
      for (let i = 0; i < ctx.runs; i++) {
        const start = Date.now();
        await page.goto(url);
        await page.getByTestId("timeline-event").first().waitFor({ timeout: 120_000 });
        openMs.push(Date.now() - start);
        rows = await page.getByTestId("timeline-event").count();
      }
      const total = await page.getByTestId("summary-events").textContent();
      const heap = await page.evaluate(() => {
        // Chromium's non-standard performance.memory (no type in the DOM library).
        const memory = "memory" in performance ? performance.memory : undefined;
        return typeof memory === "object" && memory !== null && "usedJSHeapSize" in memory && typeof memory.usedJSHeapSize === "number"
          ? memory.usedJSHeapSize
          : 0;
      });
      const figures: Figure[] = [
        {
          label: `ADK events relayed to the browser stream`,
          value: relayed.events,
          unit: "count",
          note: `run started ${Math.round(relayed.firstAt - t0)} ms after the POST`,
        },
        { label: "relay: first → last event", value: relayMs, unit: "ms" },
        { label: "relay throughput", value: relayed.events / (relayMs / 1000), unit: "count", note: "events per second" },
        {
          label: `open the ${total ?? "?"}-event session → first row painted`,
          value: median(openMs),
          unit: "ms",
          note: `median of ${ctx.runs}, page load included`,
        },
        { label: "timeline rows in the DOM (virtualized)", value: rows, unit: "count" },
      ];
      if (heap > 0) figures.push({ label: "page JS heap with the session open", value: heap / MB, unit: "MB" });
      return figures;
    } finally {
      await browser.close();
      await loupe.stop();
      await agent.stop();
    }
  },
};
