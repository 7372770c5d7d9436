"use client";

import type { ReactNode } from "react";
import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/cn";

export interface SessionDetailsProps {
  /** Whether the panel is shown when it sits under the timeline (a narrow session view). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An event is open in the inspector: the side column is wider. */
  wide: boolean;
  children: ReactNode;
}

/**
 * The inspector and artifacts beside the timeline. The session view is a size container: under
 * 48rem (an 800 px window with the sidebars) a column beside the timeline would squeeze it to a
 * strip where an interrupt card's buttons are cut off, so the panel moves under the timeline,
 * folded behind a toggle and capped in height.
 */
export function SessionDetails({ open, onOpenChange, wide, children }: SessionDetailsProps) {
  const Chevron = open ? ChevronDownIcon : ChevronRightIcon;
  return (
    <aside
      aria-label="Details"
      data-testid="session-details"
      data-open={open}
      className={cn(
        "flex min-h-0 shrink flex-col border-t @3xl:min-w-40 @3xl:border-t-0 @3xl:border-l",
        wide ? "@3xl:w-80 @4xl:w-96" : "@3xl:w-56",
      )}
    >
      <button
        type="button"
        data-testid="session-details-toggle"
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-1 px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase hover:bg-accent @3xl:hidden"
      >
        <Chevron className="size-3.5" />
        Details
      </button>
      <div className={cn("max-h-[30vh] min-h-0 flex-col overflow-y-auto @3xl:flex @3xl:max-h-none @3xl:flex-1", open ? "flex" : "hidden")}>
        {children}
      </div>
    </aside>
  );
}
