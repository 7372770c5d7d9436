import "server-only";
import { BUNDLE_UNIT_LABEL, isBundleUnitType } from "@/lib/contracts/bundle";
import { AppError } from "@/lib/errors";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";
import type { AnyBundleUnit } from "./types";

/** The unit modules of a registry's adapters, by type. */
export type BundleUnitLookup = Partial<Record<string, AnyBundleUnit>>;

export function unitTable(registry: ProtocolRegistry): BundleUnitLookup {
  return Object.fromEntries(registry.flatMap((adapter) => adapter.bundleUnits.map((unit) => [unit.type, unit])));
}

/**
 * Every exportable unit type, from the adapters (issue 12, 20). A unit type the contracts declare
 * without its module does not compile (lib/server/protocols/registry.ts).
 */
export const BUNDLE_UNITS: BundleUnitLookup = unitTable(PROTOCOL_ADAPTERS);

/** The unit module of `type`; a type this Loupe cannot export or read is the client's mistake (400). */
export function unitOf(type: string, units: BundleUnitLookup = BUNDLE_UNITS): AnyBundleUnit {
  // Still checked at run time: a test (or a future table) may lack one.
  const unit = units[type];
  if (!unit) {
    const label = isBundleUnitType(type) ? BUNDLE_UNIT_LABEL[type] : type;
    throw new AppError("bad_request:bundle_unit", `This Loupe cannot handle bundles of ${label} yet`);
  }
  return unit;
}
