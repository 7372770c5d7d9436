import { AppWindowIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { toolUiResourceUri, toolVisibility } from "@/lib/apps/tool-ui";
import type { Tool } from "@/lib/queries/tools";

/**
 * MCP Apps facts of a tool (SEP-1865): "MCP app" when it names a `ui://` View (run it and the
 * View appears beside the result), "app-only" when its `_meta.ui.visibility` hides it from models.
 */
export function ToolAppBadges({ tool }: { tool: Tool }) {
  const uri = toolUiResourceUri(tool);
  const visibility = toolVisibility(tool);
  return (
    <>
      {uri && (
        <Badge variant="info" title={`Runs its View ${uri} beside the result`} data-testid="tool-app-badge">
          <AppWindowIcon /> MCP app
        </Badge>
      )}
      {!visibility.includes("model") && (
        <Badge
          variant="secondary"
          title="_meta.ui.visibility: only the server's apps call it; hosts hide it from models"
          data-testid="tool-app-only"
        >
          app-only
        </Badge>
      )}
    </>
  );
}
