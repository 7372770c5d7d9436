"use client";

import { useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { AlertTriangleIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { toolKey } from "@/lib/protocols/mcp/tool-listing";
import type { ListedTool } from "@/lib/protocols/mcp/tool-listing";
import { ToolAnnotationBadges } from "@/components/mcp/tools/tool-annotations";
import { toolDisplayName } from "@/components/mcp/tools/tool-filter";
import { SafeText } from "@/components/ui/safe-text";
import { useListKeys } from "@/hooks/use-list-keys";

export interface ToolListProps {
  tools: ListedTool[];
  selected: string | null;
  onSelect: (name: string) => void;
  /** Names another connected server also exposes. */
  collisions: ReadonlySet<string>;
}

const ROW_HEIGHT = 56;

/** Virtualized from the start: servers with a thousand tools exist (mcp.md §5 item 9). */
export function ToolList({ tools, selected, onSelect, collisions }: ToolListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const onListKeyDown = useListKeys({ edges: false });
  const virtualizer = useVirtualizer({
    count: tools.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before layout (and in tests) there is no measured height; assume a typical panel.
    initialRect: { width: 320, height: 800 },
  });

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto"
      data-testid="tool-list"
      role="listbox"
      aria-label="Tools"
      onKeyDown={onListKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((row) => {
          const tool = tools[row.index];
          if (!tool) return null;
          // The key, not the name: a server may list two tools under one name ("dup", "dup (2)").
          const key = toolKey(tool);
          const isSelected = key === selected;
          const warnings = tool.loupe?.warnings.length ?? 0;
          return (
            <div
              key={tool.name + row.index}
              role="option"
              aria-selected={isSelected}
              tabIndex={0}
              data-testid="tool-item"
              data-tool={tool.name}
              data-tool-key={key}
              onClick={() => onSelect(key)}
              onKeyDown={(e) => e.key === "Enter" && onSelect(key)}
              style={{ position: "absolute", top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
              className={cn(
                "flex cursor-pointer flex-col justify-center gap-0.5 border-b px-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                isSelected && "bg-accent",
              )}
            >
              <div className="flex items-center gap-1.5">
                <SafeText text={key} className="truncate font-mono text-xs font-medium" data-testid="tool-item-name" />
                {warnings > 0 && (
                  <AlertTriangleIcon
                    className="size-3 shrink-0 text-amber-600 dark:text-amber-400"
                    aria-label="The server's definition of this tool has problems"
                    data-testid="tool-item-warning"
                  />
                )}
                {collisions.has(tool.name) && (
                  <AlertTriangleIcon
                    className="size-3 shrink-0 text-amber-600 dark:text-amber-400"
                    aria-label="Name also used by another server"
                  />
                )}
                {/* The name wins the width: the badges give way first, whole ones only (those that do not
                    fit wrap onto a hidden second row; the tool page lists them all, the tooltip too). */}
                <ToolAnnotationBadges
                  annotations={tool.annotations}
                  className="ml-auto flex h-[18px] min-w-0 shrink-[1000] flex-wrap justify-end gap-0.5 overflow-hidden"
                />
              </div>
              <span className="truncate text-xs text-muted-foreground">
                {tool.description ?? (toolDisplayName(tool) !== tool.name ? toolDisplayName(tool) : "No description")}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
