import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { EntryBatchReducer } from "@/lib/queries/entry-handler";
import { STREAM_PARTS } from "@/lib/queries/protocols";
import { applyEntryHandler } from "@/lib/queries/stream-handlers";
import { applyTrafficEntries } from "@/lib/queries/traffic";

/**
 * Writes a batch of stream entries into the react-query cache — the browser's only store
 * (DESIGN rule 4). Pure apart from the QueryClient it is given, so it is unit-tested directly.
 *
 * Every entry goes through its kind's handler (lib/queries/stream-handlers.ts: one per kind, a
 * compile error when a kind has none), which keeps the other caches current; then each protocol's
 * entries, as one batch, through its reducer (STREAM_PARTS, lib/queries/protocols.ts), in the
 * table's order. An entry of a protocol this browser does not know (another version's) joins its
 * connection's traffic, where it is shown raw.
 */
export function applyStreamEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const batches = new Map<EntryBatchReducer, Entry[]>();
  for (const part of Object.values(STREAM_PARTS)) if (part.applyEntries) batches.set(part.applyEntries, []);
  for (const e of entries) {
    applyEntryHandler(qc, e);
    const reduce = Object.hasOwn(STREAM_PARTS, e.protocol) ? STREAM_PARTS[e.protocol].applyEntries : applyTrafficEntries;
    if (reduce) batches.get(reduce)?.push(e);
  }
  for (const [reduce, batch] of batches) if (batch.length) reduce(qc, batch);
}
