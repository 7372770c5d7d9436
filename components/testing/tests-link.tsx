"use client";

import { FlaskConicalIcon } from "lucide-react";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";

export interface TestsLinkProps {
  /** The Tests view is open. */
  active: boolean;
  onOpen: () => void;
}

/** The sidebar's Tests entry (issue 24): saved cases, suites and their runs. */
export function TestsLink({ active, onOpen }: TestsLinkProps) {
  return (
    <div className="px-1.5 pb-2">
      <button
        type="button"
        data-testid="tests-link"
        aria-current={active ? "page" : undefined}
        onClick={onOpen}
        className={cn(
          "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
          sidebarItemState(active),
        )}
      >
        <FlaskConicalIcon className="size-4 text-muted-foreground" />
        <span className="flex-1 text-left font-medium">Tests</span>
      </button>
    </div>
  );
}
