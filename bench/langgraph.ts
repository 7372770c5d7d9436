import { Client } from "@langchain/langgraph-sdk";
import { entryPayload } from "../lib/contracts/entry-kinds";
import { startLangGraphDemo } from "../demo/langgraph/start";
import { loadServerModule } from "./load-server";
import type { Bench, Figure } from "./types";
import { median, ratio, timed } from "./types";

const EVENTS = 10_000;
const TARGET = 1.5;

interface Relay {
  /** Wall time from asking for the run to its last event. */
  ms: number;
  /** Wall time from asking for the run to its first event of the graph (after `metadata`). */
  firstMs: number;
  events: number;
}

/**
 * LangGraph: a 10,000-event run of the demo `bulk` graph (custom stream events from one node) on
 * the real JS dev server, read two ways in alternation on the same server: by the bare
 * `@langchain/langgraph-sdk` client (`runs.stream`, the events only counted), and through Loupe's
 * LangGraph service (its own SSE reader, every event recorded in SQLite through the hub, as the page's
 * event stream then relays them). Figures: events/s, time to first event, and their ratios
 * (issue 21's target: Loupe ≤ 1.5× the bare client).
 */
export const langgraphBench: Bench = {
  name: "langgraph",
  async run(ctx): Promise<Figure[]> {
    const demo = await startLangGraphDemo({ root: ctx.root, port: 0 });
    try {
      const sdk = new Client({ apiUrl: demo.url });
      const assistants = await sdk.assistants.search({ graphId: "bulk" });
      const assistantId = assistants[0]?.assistant_id;
      if (!assistantId) throw new Error("the demo server has no bulk assistant");

      const bare = async (): Promise<Relay> => {
        const thread = await sdk.threads.create();
        const start = performance.now();
        let firstMs = 0;
        let events = 0;
        for await (const part of sdk.runs.stream(thread.thread_id, assistantId, {
          input: { count: EVENTS },
          streamMode: ["custom"],
        })) {
          if (part.event === "metadata") continue;
          if (events === 0) firstMs = performance.now() - start;
          events++;
        }
        return { ms: performance.now() - start, firstMs, events };
      };

      const { LangGraphService } = await loadServerModule(() => import("@/lib/server/langgraph"));
      const { getHub } = await loadServerModule(() => import("@/lib/server/hub"));
      const hub = getHub();
      const service = new LangGraphService(hub);
      const deployment = await service.create({ name: "bench demo", url: demo.url, headers: {}, pollSeconds: 0 });
      const loupe = async (): Promise<Relay> => {
        const start = performance.now();
        let firstMs = 0;
        let events = 0;
        const unsubscribe = hub.subscribe(hub.maxSeq(), (entry) => {
          const event = entry.connectionId === deployment.id ? entryPayload(entry, "lg_event") : null;
          if (!event || event.event === "metadata") return;
          if (events === 0) firstMs = performance.now() - start;
          events++;
        });
        try {
          const { runId } = await service.startRun(deployment.id, {
            assistantId,
            input: { count: EVENTS },
            streamModes: ["custom"],
            subgraphs: false,
          });
          const outcome = await service.runDone(runId);
          if (outcome?.record.status !== "success") throw new Error(`the bench run ended ${outcome?.record.status ?? "unknown"}`);
        } finally {
          unsubscribe();
        }
        return { ms: performance.now() - start, firstMs, events };
      };

      await bare(); // warm-up: the dev server compiles the graph on its first run
      const runs = Math.max(3, Math.min(ctx.runs, 5));
      const seen: Record<"bare" | "loupe", Relay[]> = { bare: [], loupe: [] };
      for (let i = 0; i < runs; i++) {
        seen.bare.push((await timed(bare)).value);
        seen.loupe.push((await timed(loupe)).value);
      }
      for (const [name, list] of Object.entries(seen)) {
        const short = list.find((r) => r.events < EVENTS);
        if (short) throw new Error(`${name} read ${short.events} of ${EVENTS} events`);
      }
      const figure = (pick: (r: Relay) => number, list: Relay[]) => median(list.map(pick));
      const rate = (list: Relay[]) => EVENTS / (figure((r) => r.ms, list) / 1000);
      const note = `median of ${runs}, interleaved; target ≤ ${TARGET}×`;
      return [
        { label: "bare SDK client: events/s", value: rate(seen.bare), unit: "count", note: `${EVENTS} custom events` },
        { label: "through Loupe (recorded): events/s", value: rate(seen.loupe), unit: "count" },
        { label: "bare SDK client: first event", value: figure((r) => r.firstMs, seen.bare), unit: "ms" },
        { label: "through Loupe: first event", value: figure((r) => r.firstMs, seen.loupe), unit: "ms" },
        ratio(
          "whole run: Loupe / bare time",
          figure((r) => r.ms, seen.loupe),
          figure((r) => r.ms, seen.bare),
          note,
        ),
        ratio(
          "first event: Loupe / bare time",
          figure((r) => r.firstMs, seen.loupe),
          figure((r) => r.firstMs, seen.bare),
          note,
        ),
      ];
    } finally {
      await demo.stop();
    }
  },
};
