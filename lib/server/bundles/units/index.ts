import "server-only";
import type { BundleUnitType } from "@/lib/contracts/bundle";
import { BUNDLE_UNIT_LABEL } from "@/lib/contracts/bundle";
import { AppError } from "@/lib/errors";
import type { BundleUnit, BundleUnitTable } from "./types";
import { a2aTaskUnit } from "@/lib/server/a2a/bundle-unit";
import { adkSessionUnit } from "@/lib/server/adk/bundle-unit";
import { aguiRunUnit } from "@/lib/server/agui/bundle-unit";
import { mcpTrafficUnit } from "@/lib/server/mcp/bundle-unit";
import { playgroundConversationUnit } from "@/lib/server/playground/bundle-unit";

/**
 * Every exportable unit type, one line each (issue 12). Total: a new unit type in
 * lib/contracts/bundle.ts does not compile until its module is listed here.
 */
export const BUNDLE_UNITS: BundleUnitTable = {
  "a2a-task": a2aTaskUnit,
  "adk-session": adkSessionUnit,
  "agui-run": aguiRunUnit,
  "mcp-traffic": mcpTrafficUnit,
  "playground-conversation": playgroundConversationUnit,
};

/** The unit module of `type`; a type this Loupe cannot export or read is the client's mistake (400). */
export function unitOf<T extends BundleUnitType>(type: T): BundleUnit<T> {
  // Still checked at run time: a test (or a future table) may lack one.
  const unit = (BUNDLE_UNITS as Partial<BundleUnitTable>)[type];
  if (!unit) throw new AppError("bad_request:bundle_unit", `This Loupe cannot handle bundles of ${BUNDLE_UNIT_LABEL[type] ?? type} yet`);
  return unit;
}
