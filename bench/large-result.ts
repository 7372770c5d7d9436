import { statSync } from "node:fs";
import path from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { connectDemo } from "@/demo/mcp/connect-demo";
import type { Bench, Figure } from "./types";
import { MB, interleavedMedians, medianMs, ratio } from "./types";
import { loadRegistry } from "./load-server";
import { demoConnection } from "./tools-list";

const MEGABYTES = 5;
const CALL = { name: "download-report", arguments: { megabytes: MEGABYTES } };

/** Bytes of the store on disk (the database and its WAL). */
export function dbBytes(dataDir: string): number {
  // WAL mode: fresh writes sit in loupe.db-wal until a checkpoint.
  return ["loupe.db", "loupe.db-wal"].reduce((sum, f) => {
    try {
      return sum + statSync(path.join(dataDir, f)).size;
    } catch {
      return sum;
    }
  }, 0);
}

/** A 5 MiB tools/call result: bare SDK vs the registry, what gets recorded, and JSON costs. */
export const largeResultBench: Bench = {
  name: "large-result",
  async run({ root, dataDir, runs }) {
    const figures: Figure[] = [];
    const client = await connectDemo();
    // The raw request, as Loupe makes it (no client-side outputSchema check).
    const sdkCall = () => client.request({ method: "tools/call", params: CALL }, CallToolResultSchema);
    const result: CallToolResult = await sdkCall();

    const json = JSON.stringify(result);
    const stringifyMs = await medianMs(runs, async () => JSON.stringify(result));
    const parseMs = await medianMs(runs, async () => JSON.parse(json));
    const jsonNote = `${(Buffer.byteLength(json) / MB).toFixed(2)} MiB of JSON, median of ${runs}`;

    const registry = await loadRegistry(root);
    if (!registry) {
      figures.push({ label: `${MEGABYTES} MiB tools/call, bare SDK`, value: await medianMs(runs, sdkCall), unit: "ms" });
    } else {
      const id = "bench-large";
      await registry.create(demoConnection(root), { id });
      const loupeCall = async () => {
        const record = await registry.callTool(id, CALL);
        if (record.status !== "ok") throw new Error(`call ended ${record.status}`);
      };
      const times = await interleavedMedians(runs, { sdk: sdkCall, loupe: loupeCall });
      // What one call leaves in the store, measured outside the timed runs (listing the traffic
      // loads and previews the 5 MiB entries, which is not part of a call).
      const before = registry.hub.maxSeq();
      const dbBefore = dbBytes(dataDir);
      await loupeCall();
      const dbGrowth = dbBytes(dataDir) - dbBefore;
      const entries = registry.traffic(id, { limit: 20 }).filter((e) => e.seq > before);
      const recorded = entries.reduce((sum, e) => sum + e.rawBytes, 0);
      await registry.remove(id);
      const note = `median of ${runs}`;
      figures.push({ label: `${MEGABYTES} MiB tools/call, bare SDK`, value: times.sdk, unit: "ms", note });
      figures.push({ label: `${MEGABYTES} MiB tools/call, Loupe registry`, value: times.loupe, unit: "ms", note });
      figures.push(ratio("  registry / bare SDK", times.loupe, times.sdk));
      figures.push({
        label: "  recorded for one call (entries' rawBytes)",
        value: recorded / MB,
        unit: "MB",
        note: "frames + call records",
      });
      figures.push({ label: "  store file growth for one call", value: dbGrowth / MB, unit: "MB", note: "loupe.db + WAL" });
    }
    await client.close();
    figures.push({ label: "JSON.stringify of that result", value: stringifyMs, unit: "ms", note: jsonNote });
    figures.push({ label: "JSON.parse of that result", value: parseMs, unit: "ms", note: jsonNote });
    return figures;
  },
};
