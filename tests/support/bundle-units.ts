import { adkSessionSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { BUNDLE_UNITS } from "@/lib/server/bundles/units";

/**
 * The ADK session unit is another part of issue 12: until it is registered, import needs its
 * snapshot schema (the shared one) to check ADK bundles. Returns what undoes the stand-in.
 */
export function standInAdkUnit(): () => void {
  if (BUNDLE_UNITS["adk-session"]) return () => undefined;
  BUNDLE_UNITS["adk-session"] = {
    type: "adk-session",
    export: () => Promise.reject(new Error("the stand-in ADK unit only reads")),
    secretValues: () => [],
    snapshotSchema: adkSessionSnapshotSchema,
  };
  return () => void delete BUNDLE_UNITS["adk-session"];
}
