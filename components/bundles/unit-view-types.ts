import type { ComponentType } from "react";
import type { Bundle, BundleUnitType, ImportedBundleSummary } from "@/lib/contracts/bundle";

/**
 * A read-only view of one imported unit (issue 12): it renders the bundle's own record with the
 * protocol's timeline, inspector and state diffs — no composer, no answer buttons, nothing that
 * reaches a live peer. Each unit type has one in components/bundles/views/, listed in unit-views.tsx.
 */
export interface BundleUnitViewProps {
  bundle: Bundle;
  summary: ImportedBundleSummary;
}

/** Total: a new unit type does not compile until it has a read-only view. */
export type BundleUnitViewTable = Record<BundleUnitType, ComponentType<BundleUnitViewProps>>;
