import type { Bench, Figure } from "./types";
import { MB, median, timed } from "./types";
import { loadServerModule } from "./load-server";
import { startAgentServer, SCRIPTED_ONLY } from "../demo/adk/start-agent-server";
import { syntheticAdkBundle } from "../tests/support/bundles";

const LARGE = 300_000;

const EVENTS = 10_000;
const APP = "loupe_demo";
const USER = "u1";
const SESSION = "bench-bundle";

/**
 * Bundles (issue 12): a 10,000-event ADK session recorded from the real api_server (scripted
 * `bulk` agent), exported through the bundle service (upstream session read, entries, secret
 * scrub), serialized as the export route sends it, then imported (parse, validate every entry
 * and the snapshot, one INSERT) into the same real store. Times, file size and memory.
 */
export const bundlesBench: Bench = {
  name: "bundles",
  async run(ctx) {
    const { getAgents } = await loadServerModule(() => import("@/lib/server/adk/agents"));
    const { getBundles } = await loadServerModule(() => import("@/lib/server/bundles"));
    const agent = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY, repoRoot: ctx.root });
    const agents = getAgents();
    try {
      const view = await agents.create({ name: "bench", url: agent.url, headers: { "x-bench-key": "bench-header-secret" }, userId: USER });
      await agents.createSession(view.id, APP, { sessionId: SESSION });
      const run = agents.run(view.id, APP, SESSION, { parts: [{ text: `bulk ${EVENTS}` }], streaming: true });
      const recorded = await timed(() => agents.waitRun(run.id));
      if (recorded.value?.status !== "completed") throw new Error(`the bulk run ended ${recorded.value?.status ?? "unknown"}`);
      const ref = { type: "adk-session", agentId: view.id, appName: APP, userId: USER, sessionId: SESSION } as const;
      const bundles = getBundles();
      const runs = Math.min(ctx.runs, 3);

      const exportMs: number[] = [];
      const serializeMs: number[] = [];
      let text = "";
      let entries = 0;
      let masked = 0;
      let exportHeap = 0;
      for (let i = 0; i < runs; i++) {
        const before = process.memoryUsage().heapUsed;
        const exported = await timed(() => bundles.exportUnit(ref));
        exportHeap = Math.max(exportHeap, process.memoryUsage().heapUsed - before);
        const serialized = await timed(() => JSON.stringify(exported.value));
        exportMs.push(exported.ms);
        serializeMs.push(serialized.ms);
        text = serialized.value;
        entries = exported.value.entries.length;
        masked = exported.value.secrets.masked;
      }

      const importMs: number[] = [];
      let importHeap = 0;
      for (let i = 0; i < runs; i++) {
        const before = process.memoryUsage().heapUsed;
        const imported = await timed(() => bundles.importText(text, "bench.loupe.json"));
        importHeap = Math.max(importHeap, process.memoryUsage().heapUsed - before);
        importMs.push(imported.ms);
        if (imported.value.entryCount !== entries) throw new Error(`imported ${imported.value.entryCount} entries of ${entries}`);
      }
      const id = bundles.list()[0]!.id;
      const read = await timed(() => bundles.get(id));
      const bytes = Buffer.byteLength(text);
      const figures: Figure[] = [
        { label: `record the ${EVENTS}-event session (bulk run, real api_server)`, value: recorded.ms, unit: "ms" },
        { label: "entries in the bundle", value: entries, unit: "count", note: `${masked} values masked` },
        {
          label: "export: gather + scrub (upstream session read included)",
          value: median(exportMs),
          unit: "ms",
          note: `median of ${runs}`,
        },
        { label: "export: serialize the file", value: median(serializeMs), unit: "ms", note: `median of ${runs}` },
        { label: "bundle file size", value: bytes / MB, unit: "MB" },
        { label: "bytes per event", value: bytes / entries, unit: "bytes" },
        { label: "import: parse + validate + store", value: median(importMs), unit: "ms", note: `median of ${runs}` },
        { label: "read an imported bundle back (GET /api/bundles/:id)", value: read.ms, unit: "ms" },
        { label: "heap growth during an export (GC may lower it)", value: exportHeap / MB, unit: "MB" },
        { label: "heap growth during an import (GC may lower it)", value: importHeap / MB, unit: "MB" },
        { label: "RSS after", value: process.memoryUsage().rss / MB, unit: "MB" },
      ];
      return figures;
    } finally {
      await agents.closeAll();
      await agent.stop();
    }
  },
};

/**
 * A 300,000-entry bundle read back (issue 23: whole, it took 126 s and +190 MiB): imported once, then
 * the first page (what opening it in the page asks for) and a page deep inside it, with the heap
 * growth of each; and, for comparison, the stored file parsed whole as the read did before.
 * `npm run bench -- bundles-large` (about two minutes, most of it the import).
 */
export const largeBundleBench: Bench = {
  name: "bundles-large",
  async run() {
    const { getBundles } = await loadServerModule(() => import("@/lib/server/bundles"));
    const bundles = getBundles();
    const text = JSON.stringify(syntheticAdkBundle(LARGE, { sessionId: "large" }));
    const imported = await timed(() => bundles.importText(text, "large.loupe.json"));
    const id = imported.value.id;
    const heapOf = async <T>(fn: () => T) => {
      const before = process.memoryUsage().heapUsed;
      const out = await timed(fn);
      return { ...out, heap: process.memoryUsage().heapUsed - before };
    };
    const first = await heapOf(() => JSON.stringify(bundles.get(id)));
    const deep = await heapOf(() => JSON.stringify(bundles.page(id, LARGE - 1_000)));
    const whole = await heapOf(() => JSON.parse(bundles.file(id).text) as unknown);
    return [
      {
        label: `import a ${LARGE.toLocaleString("en")}-entry ADK bundle`,
        value: imported.ms,
        unit: "ms",
        note: `${(Buffer.byteLength(text) / MB).toFixed(0)} MB file`,
      },
      {
        label: "read it back: first page (GET /api/bundles/:id, serialized)",
        value: first.ms,
        unit: "ms",
        note: `${(first.value.length / 1024).toFixed(0)} KB answer`,
      },
      { label: "heap growth reading the first page", value: first.heap / MB, unit: "MB" },
      { label: "a page near the end (GET …/entries?cursor=299000)", value: deep.ms, unit: "ms" },
      { label: "heap growth reading that page", value: deep.heap / MB, unit: "MB" },
      {
        label: "for comparison: the stored file parsed whole (the read before paging)",
        value: whole.ms,
        unit: "ms",
        note: `heap +${(whole.heap / MB).toFixed(0)} MB`,
      },
    ];
  },
};
