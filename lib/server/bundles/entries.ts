import "server-only";
import type { BundleEntry } from "@/lib/contracts/bundle";
import { rowToEntry, type EntryRow } from "@/lib/server/store-schema";

/**
 * A stored entry as every bundle unit carries it: whole, in the store's own shape, without the
 * store's byte count (an importing Loupe counts its own).
 */
export function bundleEntryOf(row: EntryRow): BundleEntry {
  const { rawBytes: _bytes, truncated: _cut, ...entry } = rowToEntry(row);
  return entry;
}
