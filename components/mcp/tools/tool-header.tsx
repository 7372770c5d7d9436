import { AlertTriangleIcon } from "lucide-react";
import type { ToolCollision } from "@/lib/protocols/mcp/collisions";
import type { Tool } from "@/lib/queries/tools";
import { ToolAnnotationBadges } from "@/components/mcp/tools/tool-annotations";
import { toolDisplayName } from "@/components/mcp/tools/tool-filter";
import { SafeText } from "@/components/ui/safe-text";
import { ToolAppBadges } from "@/components/mcp/tools/tool-app-badge";

/** Title, wire name, hints, description and the cross-server name clash, if any. */
export function ToolHeader({ tool, collision, connectionId }: { tool: Tool; collision: ToolCollision | null; connectionId: string }) {
  const title = toolDisplayName(tool);
  const others = collision?.servers.filter((s) => s.connectionId !== connectionId) ?? [];
  return (
    <header className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 className="text-base font-semibold">
          <SafeText text={title} />
        </h2>
        {title !== tool.name && (
          <code className="font-mono text-xs text-muted-foreground">
            <SafeText text={tool.name} />
          </code>
        )}
        <ToolAnnotationBadges annotations={tool.annotations} />
        <ToolAppBadges tool={tool} />
      </div>
      {tool.description && (
        <p className="max-h-48 overflow-y-auto text-sm whitespace-pre-wrap text-muted-foreground" data-testid="tool-description">
          {tool.description}
        </p>
      )}
      {collision && (
        <div
          role="alert"
          data-testid="collision-warning"
          className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-2 py-1.5 text-xs text-amber-900 dark:text-amber-200"
        >
          <AlertTriangleIcon className="mt-px size-3.5 shrink-0" />
          <span>
            <SafeText text={tool.name} className="font-mono" /> is also exposed by{" "}
            {others.length > 0 ? others.map((s) => s.connectionName).join(", ") : "this server more than once"}. A host that loads these
            servers together keeps only one of them; prefix or rename one.
          </span>
        </div>
      )}
    </header>
  );
}
