import "server-only";
import type { z } from "zod";
import type { Bundle, BundleUnitRefOf, BundleUnitType } from "@/lib/contracts/bundle";

/** What a unit exporter gathers; the bundle service adds the envelope, masks secrets and lists the kinds. */
export type BundleParts = Pick<Bundle, "title" | "connection" | "entries" | "snapshot" | "inbox">;

/**
 * One exportable unit type (issue 12). Each lives in its protocol's folder (lib/server/<protocol>/bundle-unit.ts) and is listed
 * in units/index.ts (a total table over BundleUnitType, so a missing type does not compile).
 */
export interface BundleUnit<T extends BundleUnitType> {
  type: T;
  /**
   * Gathers the unit from this Loupe's record (and, for an ADK session, the upstream's stored
   * session). Entries whole, in seq order. Throws AppError `not_found:bundle_unit` when the unit
   * does not exist here.
   */
  export(ref: BundleUnitRefOf<T>): Promise<BundleParts>;
  /**
   * Secret values this unit's connection or agent holds (saved header / env values, credentials
   * typed into answers…). The bundle service replaces every occurrence of each in the file with the
   * mask, on top of what the recorder already masked.
   */
  secretValues(ref: BundleUnitRefOf<T>): string[];
  /** The shape of `snapshot` for this type; issues are reported under `snapshot.…`. */
  snapshotSchema: z.ZodType;
}

export type BundleUnitTable = { [T in BundleUnitType]: BundleUnit<T> };
