import type { BundleUnitViewTable } from "./unit-view-types";
import { McpTrafficView } from "./views/mcp-traffic-view";

/**
 * The read-only view of each unit type (issue 12), one line each. A type without one falls back
 * to the raw entry list in bundles-main, so an imported bundle is never blank.
 */
export const BUNDLE_UNIT_VIEWS: BundleUnitViewTable = {
  "mcp-traffic": McpTrafficView,
};
