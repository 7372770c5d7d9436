import { bulkEvents } from "../demo/agui/script";
import { startAguiDemo } from "../demo/agui/server";
import { normalizeAguiRun } from "../lib/protocols/agui";
import { loadServerModule } from "./load-server";
import type { Bench, Figure } from "./types";
import { median, timed } from "./types";

/** The demo AG-UI agent's port for this bench (the AG-UI range is 7160–7179). */
const DEMO_PORT = 7166;
const EVENTS = 10_000;

/**
 * AG-UI: the run timeline normalizer (lib/protocols/agui, also what the browser runs) over a
 * 10,000-event run of the demo agent's "bulk" mix (text, reasoning, tool calls with streamed args
 * and results, state deltas, steps); and the same run end to end through Loupe's AG-UI service
 * against the demo agent over loopback (HttpAgent, raw SSE read, every event recorded in SQLite).
 * The browser-side figure (opening such a run) is measured with the AG-UI views.
 */
export const aguiBench: Bench = {
  name: "agui",
  async run(ctx): Promise<Figure[]> {
    const events = bulkEvents(EVENTS, "t", "r");
    normalizeAguiRun(events, { initialState: {} }); // warm-up
    const norm: number[] = [];
    for (let i = 0; i < ctx.runs; i++) norm.push((await timed(() => normalizeAguiRun(events, { initialState: {} }))).ms);
    const normMs = median(norm);

    const demo = await startAguiDemo({ port: DEMO_PORT });
    const figures: Figure[] = [
      { label: `normalize a ${EVENTS.toLocaleString("en")}-event run`, value: normMs, unit: "ms", note: `median of ${ctx.runs}` },
      { label: "normalizer throughput", value: EVENTS / (normMs / 1000), unit: "count", note: "events/s" },
    ];
    try {
      const { AguiService } = await loadServerModule(() => import("@/lib/server/agui"));
      const { getHub } = await loadServerModule(() => import("@/lib/server/hub"));
      const agui = new AguiService(getHub());
      const agent = agui.create({ name: "bench demo", url: demo.url, headers: {}, tools: [] });
      const runs: number[] = [];
      for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
        const { ms, value } = await timed(async () => {
          const { runId } = agui.startRun(agent.id, { text: `bulk ${EVENTS}`, context: [] });
          return (await agui.runDone(runId))!.record;
        });
        if (value.status !== "finished" || value.eventCount !== EVENTS)
          throw new Error(`bench run ended ${value.status} with ${value.eventCount} events`);
        runs.push(ms);
      }
      const runMs = median(runs);
      figures.push(
        {
          label: `record a ${EVENTS.toLocaleString("en")}-event run from the demo agent`,
          value: runMs,
          unit: "ms",
          note: `median of ${runs.length}`,
        },
        { label: "recorded run throughput", value: EVENTS / (runMs / 1000), unit: "count", note: "events/s" },
      );
    } finally {
      await demo.close();
    }
    return figures;
  },
};
