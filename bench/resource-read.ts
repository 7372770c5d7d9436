import { isRecord } from "@/lib/values";
import type { Bench, Figure } from "./types";
import { MB, interleavedMedians, ratio } from "./types";
import { dbBytes } from "./large-result";
import { loadRegistry, loadServerModule } from "./load-server";
import { connectBare, loupeInput, resourceFixture } from "./stdio";

const MEGABYTES = 5;
const URI = "bench://large.txt";

function textBytes(contents: readonly unknown[]): number {
  return contents.reduce<number>((sum, c) => sum + Buffer.byteLength(isRecord(c) && typeof c.text === "string" ? c.text : "", "utf8"), 0);
}

function expectSize(bytes: number, who: string): void {
  if (bytes !== MEGABYTES * MB) throw new Error(`${who} read ${bytes} bytes, expected ${MEGABYTES * MB}`);
}

/**
 * resources/read of a 5 MiB text resource (bench/fixtures/resource-server.mjs: neither reference
 * server nor the demo offers one this large): the bare SDK's readResource vs. Loupe's
 * readResource(conn, uri), which records the response frame, and what that costs the store.
 */
export const resourceReadBench: Bench = {
  name: "resource-read",
  async run({ root, dataDir, runs }) {
    const figures: Figure[] = [];
    const server = resourceFixture(root, MEGABYTES);
    const client = await connectBare(server);
    const sdkRead = async () => expectSize(textBytes((await client.readResource({ uri: URI })).contents), "bare SDK");
    await sdkRead(); // warm-up

    const registry = await loadRegistry(root);
    const mod = await loadServerModule(() => import("@/lib/server/mcp/resources"));
    const note = `median of ${runs}`;
    if (!registry) {
      const times = await interleavedMedians(runs, { sdk: sdkRead });
      await client.close();
      return [{ label: `${MEGABYTES} MiB resources/read, bare SDK`, value: times.sdk, unit: "ms", note }];
    }

    const id = "bench-resource-read";
    await registry.create(loupeInput(root, server), { id });
    const conn = registry.connection(id);
    const loupeRead = async () => expectSize((await mod.readResource(conn, URI)).totalBytes, "Loupe");
    try {
      await loupeRead(); // warm-up
      const times = await interleavedMedians(runs, { sdk: sdkRead, loupe: loupeRead });
      // What one read leaves in the store, measured outside the timed runs (listing the traffic
      // loads and previews the 5 MiB entry, which is not part of a read).
      const before = registry.hub.maxSeq();
      const dbBefore = dbBytes(dataDir);
      await loupeRead();
      const dbGrowth = dbBytes(dataDir) - dbBefore;
      const added = registry.traffic(id, { limit: 20 }).filter((e) => e.seq > before);
      const recorded = added.reduce((sum, e) => sum + e.rawBytes, 0);
      const entries = added.length;
      figures.push({ label: `${MEGABYTES} MiB resources/read, bare SDK`, value: times.sdk, unit: "ms", note });
      figures.push({ label: `${MEGABYTES} MiB resources/read, Loupe readResource`, value: times.loupe, unit: "ms", note });
      figures.push(ratio("  Loupe / bare SDK", times.loupe, times.sdk));
      figures.push({
        label: "  recorded for one read (entries' rawBytes)",
        value: recorded / MB,
        unit: "MB",
        note: `${entries} entries: request + response frames`,
      });
      figures.push({
        label: "  store file growth for one read",
        value: dbGrowth / MB,
        unit: "MB",
        note: "loupe.db + WAL; a checkpoint can hide some",
      });
    } finally {
      await client.close();
      await registry.remove(id);
    }
    return figures;
  },
};
