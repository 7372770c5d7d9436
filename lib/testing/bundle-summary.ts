import type { Bundle, ImportedBundleSummary } from "@/lib/contracts/bundle";

/** The list entry a test's bundle would have once imported (the views read the bundle; this names it). */
export function summaryOf(bundle: Bundle, over: Partial<ImportedBundleSummary> = {}): ImportedBundleSummary {
  return {
    id: "b-1",
    title: bundle.title,
    unitType: bundle.unit.type,
    origin: "loupe",
    fileName: null,
    loupeVersion: bundle.loupeVersion,
    exportedAt: bundle.exportedAt,
    importedAt: 0,
    entryCount: bundle.entries.length,
    bytes: 0,
    ...over,
  };
}
