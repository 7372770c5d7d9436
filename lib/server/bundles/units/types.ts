import "server-only";
import type { z } from "zod";
import type { Bundle, BundleUnitRefOf, BundleUnitType } from "@/lib/contracts/bundle";

/** What a unit exporter gathers; the bundle service adds the envelope, masks secrets and lists the kinds. */
export type BundleParts = Pick<Bundle, "title" | "connection" | "entries" | "snapshot" | "inbox">;

/**
 * One exportable unit type (issue 12), named by `Ref` (its `type` and ids). Each lives in its
 * protocol's folder (lib/server/<protocol>/bundle-unit.ts) and is declared by its adapter
 * (lib/server/protocols/); units/index.ts builds the table the bundle service reads.
 */
export interface UnitModule<Ref extends { type: string }> {
  type: Ref["type"];
  /**
   * Gathers the unit from this Loupe's record (and, for an ADK session, the upstream's stored
   * session). Entries whole, in seq order. Throws AppError `not_found:bundle_unit` when the unit
   * does not exist here.
   */
  export(ref: Ref): Promise<BundleParts>;
  /**
   * Secret values this unit's connection or agent holds (saved header / env values, credentials
   * typed into answers…). The bundle service replaces every occurrence of each in the file with the
   * mask, on top of what the recorder already masked.
   */
  secretValues(ref: Ref): string[];
  /** The shape of `snapshot` for this type; issues are reported under `snapshot.…`. */
  snapshotSchema: z.ZodType;
  /**
   * Where the snapshot holds a list as long as the entries (an ADK session's events), if it does:
   * an imported bundle keeps it in pages and reads it back a page at a time beside the entries.
   */
  snapshotList?: readonly string[];
}

/** The unit of one type the contracts declare. */
export type BundleUnit<T extends BundleUnitType> = UnitModule<BundleUnitRefOf<T>>;

/**
 * A unit module whatever its ref, as adapters list them and the service looks them up: the
 * service hands each unit only refs of its own `type` (checked by the ref schema at the route).
 */
export type AnyBundleUnit = UnitModule<{ type: string }>;

export type BundleUnitTable = { [T in BundleUnitType]: BundleUnit<T> };
