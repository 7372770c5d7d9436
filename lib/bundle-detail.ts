import { BUNDLE_ORIGIN_LABEL, BUNDLE_UNIT_LABEL, type ImportedBundleSummary } from "@/lib/contracts/bundle";
import { plural } from "@/lib/format";

/** One line saying what an imported bundle is: unit type, where it came from, how many entries. */
export function bundleDetail(summary: ImportedBundleSummary): string {
  return `${BUNDLE_UNIT_LABEL[summary.unitType]} · ${BUNDLE_ORIGIN_LABEL[summary.origin]} · ${plural(summary.entryCount, "entry", "entries")}`;
}
