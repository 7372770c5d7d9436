import type { Bundle } from "@/lib/contracts/bundle";
import type { Entry } from "@/lib/contracts/entries";

const encoder = new TextEncoder();

/**
 * A bundle's entries as the live views take them: whole (never a preview, so nothing asks the
 * server for the full entry) with their size, keyed by the seq they had where they were recorded.
 */
export function bundleEntries(bundle: Pick<Bundle, "entries">): Entry[] {
  return bundle.entries.map((e) => ({ ...e, rawBytes: encoder.encode(JSON.stringify(e.raw ?? null)).length }));
}
