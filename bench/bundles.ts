import type { Bench, Figure } from "./types";
import { MB, median, timed } from "./types";
import { loadServerModule } from "./load-server";
import { startAgentServer, SCRIPTED_ONLY } from "../demo/adk/start-agent-server";

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
