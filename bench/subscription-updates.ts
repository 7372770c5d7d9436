import { CallToolResultSchema, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { isRecord } from "@/lib/values";
import type { Bench, Figure } from "./types";
import { interleavedMedians, median, ratio } from "./types";
import { loadRegistry, loadServerModule } from "./load-server";
import { connectBare, loupeInput, resourceFixture } from "./stdio";

const URI = "bench://counter";
const UPDATES = 50;
/** Spaced so that each update is measured alone, not queued behind the previous one. */
const SPACED_MS = 10;

/** Wall-clock ms with sub-ms precision; comparable across processes on one machine. */
const wallNow = () => performance.timeOrigin + performance.now();

/** Counts arrivals and lets a caller wait for the n-th one without polling. */
class Arrivals {
  count = 0;
  readonly latencies: number[] = [];
  private waiters: { n: number; resolve: () => void }[] = [];

  arrived(sentAt: number | undefined): void {
    this.count++;
    if (sentAt !== undefined) this.latencies.push(wallNow() - sentAt);
    this.waiters = this.waiters.filter((w) => (w.n <= this.count ? (w.resolve(), false) : true));
  }

  reset(): void {
    this.count = 0;
    this.latencies.length = 0;
  }

  waitFor(n: number, ms = 20_000): Promise<void> {
    if (this.count >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${this.count} of ${n} updates arrived in ${ms} ms`)), ms);
      this.waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }
}

function sentAtOf(params: { _meta?: Record<string, unknown> } | undefined): number | undefined {
  const sentAt = params?._meta?.sentAt;
  return typeof sentAt === "number" ? sentAt : undefined;
}

function isUpdatedFrame(entry: Entry): entry is Entry & { raw: { params?: { uri?: string; _meta?: Record<string, unknown> } } } {
  return (
    entry.kind === "message" && entry.direction === "in" && isRecord(entry.raw) && entry.raw.method === "notifications/resources/updated"
  );
}

/**
 * notifications/resources/updated from a subscribed resource (bench/fixtures/resource-server.mjs,
 * whose emit-updates tool sends them with the send time in _meta.sentAt): when it reaches the
 * bare SDK's notification handler vs. when it is a `resource_updated` entry on Loupe's hub (what
 * the UI stream sees). Spaced updates give one-way latencies (server send → arrival, same machine,
 * same clock); a burst of 50 gives the time until the last one is in.
 */
export const subscriptionUpdatesBench: Bench = {
  name: "subscription-updates",
  async run({ root, runs }) {
    const figures: Figure[] = [];
    const server = resourceFixture(root);
    const bare = new Arrivals();
    const client = await connectBare(server, {
      setup: (c) => c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => bare.arrived(sentAtOf(n.params))),
    });
    await client.subscribeResource({ uri: URI });
    const sdkEmit = (count: number, intervalMs: number) =>
      client.request({ method: "tools/call", params: { name: "emit-updates", arguments: { count, intervalMs } } }, CallToolResultSchema);

    const registry = await loadRegistry(root);
    const mod = await loadServerModule(() => import("@/lib/server/mcp/resources"));
    if (!registry) {
      await client.close();
      return figures;
    }
    const id = "bench-subscription";
    await registry.create(loupeInput(root, server), { id });
    await mod.subscribe(registry.connection(id), URI);

    // Each resource_updated entry is paired with the updated frame recorded just before it (FIFO).
    const loupe = new Arrivals();
    const hop: number[] = [];
    const frames: { at: number; sentAt: number | undefined }[] = [];
    let failure: unknown;
    const unsubscribe = registry.hub.subscribe(registry.hub.maxSeq(), (entry) => {
      if (entry.connectionId !== id) return;
      if (isUpdatedFrame(entry)) {
        frames.push({ at: performance.now(), sentAt: sentAtOf(entry.raw.params) });
      } else if (entry.kind === "resource_updated") {
        const raw = entryPayload(entry, "resource_updated");
        if (raw?.uri !== URI || !raw.subscribed) failure = new Error(`unexpected resource_updated entry: ${JSON.stringify(raw)}`);
        const frame = frames.shift();
        if (!frame) failure = new Error("a resource_updated entry without its frame");
        else hop.push(performance.now() - frame.at);
        loupe.arrived(frame?.sentAt);
      }
    });
    const loupeEmit = async (count: number, intervalMs: number) => {
      const record = await registry.callTool(id, { name: "emit-updates", arguments: { count, intervalMs } });
      if (record.status !== "ok") throw new Error(`Loupe: emit-updates ended ${record.status}`);
    };

    try {
      // Spaced: one-way latency of each of 50 updates.
      for (const [arrivals, emit] of [
        [bare, sdkEmit],
        [loupe, loupeEmit],
      ] as const) {
        await emit(3, 0); // warm-up
        await arrivals.waitFor(3);
        arrivals.reset();
        await emit(UPDATES, SPACED_MS);
        await arrivals.waitFor(UPDATES);
        if (failure) throw failure;
      }
      const note = `median of ${UPDATES} updates ${SPACED_MS} ms apart`;
      const bareMs = median(bare.latencies);
      const loupeMs = median(loupe.latencies);
      figures.push({ label: "update sent → bare SDK notification handler", value: bareMs, unit: "ms", note });
      figures.push({ label: "update sent → resource_updated entry on Loupe's hub", value: loupeMs, unit: "ms", note });
      figures.push(ratio("  Loupe / bare SDK", loupeMs, bareMs));
      figures.push({ label: "  in Loupe: frame recorded → resource_updated entry", value: median(hop), unit: "ms", note });

      // Burst: tools/call start until the 50th update is in.
      const burst = (arrivals: Arrivals, emit: (count: number, intervalMs: number) => Promise<unknown>) => async () => {
        arrivals.reset();
        await Promise.all([emit(UPDATES, 0), arrivals.waitFor(UPDATES)]);
        if (arrivals.count !== UPDATES) throw new Error(`got ${arrivals.count} updates for ${UPDATES}`);
        if (failure) throw failure;
      };
      const times = await interleavedMedians(runs, { sdk: burst(bare, sdkEmit), loupe: burst(loupe, loupeEmit) });
      const burstNote = `call start → all ${UPDATES} in (and the call done), median of ${runs}`;
      figures.push({ label: `burst of ${UPDATES} updates, bare SDK`, value: times.sdk, unit: "ms", note: burstNote });
      figures.push({ label: `burst of ${UPDATES} updates, Loupe`, value: times.loupe, unit: "ms", note: burstNote });
      figures.push(ratio("  Loupe / bare SDK", times.loupe, times.sdk));
    } finally {
      unsubscribe();
      await client.close();
      await registry.remove(id);
    }
    return figures;
  },
};
