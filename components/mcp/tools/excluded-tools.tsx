"use client";

import { useId, useState } from "react";
import { ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import type { ExcludedTool } from "@/lib/queries/tools";
import { SafeText } from "@/components/ui/safe-text";
import { plural } from "@/lib/format";

/**
 * Tools the server listed that Loupe left out (SEP-2243: on a 2026-07-28 HTTP connection a tool
 * whose `x-mcp-header` declarations break the rules cannot be called, so it is not offered). A
 * muted row under the count says how many, so a missing tool is never a mystery; it opens the
 * names with the reason for each.
 */
export function ExcludedTools({ excluded }: { excluded: ExcludedTool[] | undefined }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!excluded?.length) return null;
  const count = `${plural(excluded.length, "tool")} left out`;
  return (
    <div className="border-b text-[11px] text-muted-foreground" data-testid="excluded-tools">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-1 px-3 py-1 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        data-testid="excluded-tools-toggle"
        title="Their x-mcp-header declarations are invalid, so their calls could not carry the Mcp-Param headers"
      >
        <ChevronRightIcon className={cn("size-3 shrink-0 transition-transform", open && "rotate-90")} aria-hidden />
        <span data-testid="excluded-tools-count">{count}</span>
      </button>
      {open && (
        <ul id={listId} className="max-h-48 space-y-1.5 overflow-y-auto px-3 pb-2" aria-label="Tools left out">
          <li className="text-muted-foreground/80">Invalid x-mcp-header declarations (SEP-2243): not callable on this connection.</li>
          {excluded.map((tool, i) => (
            // The index too: a server may list two tools under one name.
            <li key={`${tool.name}:${i}`} data-testid="excluded-tool" data-tool={tool.name} className="min-w-0">
              <SafeText
                text={tool.name}
                className="block truncate font-mono font-medium text-foreground"
                data-testid="excluded-tool-name"
              />
              <span className="block break-words" data-testid="excluded-tool-reason">
                {tool.reason}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
