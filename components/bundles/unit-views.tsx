import type { BundleUnitViewTable } from "./unit-view-types";
import { McpTrafficView } from "@/components/mcp/traffic/mcp-traffic-view";
import { A2aTaskView } from "@/components/a2a/a2a-task-view";
import { AdkSessionView } from "@/components/adk/bundle/adk-session-view";
import { AguiRunView } from "@/components/agui/agui-run-view";
import { PlaygroundConversationView } from "@/components/playground/playground-conversation-view";

/**
 * The read-only view of each unit type (issue 12), one line each. A type without one falls back
 * to the raw entry list in bundles-main, so an imported bundle is never blank.
 */
export const BUNDLE_UNIT_VIEWS: BundleUnitViewTable = {
  "mcp-traffic": McpTrafficView,
  "a2a-task": A2aTaskView,
  "adk-session": AdkSessionView,
  "agui-run": AguiRunView,
  "playground-conversation": PlaygroundConversationView,
};
