"use client";

import type * as React from "react";
import { cn } from "@/lib/cn";
import type { PairStatus } from "@/lib/protocols/run-compare";

/** The tint of a pair's status: the word is always shown beside it, so colour is not the only signal. */
export const PAIR_TONE: Record<PairStatus, string> = {
  same: "text-muted-foreground",
  different: "bg-amber-500/10 text-amber-900 dark:text-amber-200",
  only_a: "bg-red-500/10 text-red-900 dark:text-red-200",
  only_b: "bg-emerald-500/10 text-emerald-900 dark:text-emerald-200",
};

export interface SideCellProps {
  side: "a" | "b";
  /** Shown (muted) when this side has nothing at this row. */
  empty?: string;
  className?: string;
  children?: React.ReactNode;
}

/**
 * One side of an aligned row. Stacked on a narrow pane, the A/B tag says which run a cell is from;
 * side by side it still helps the eye.
 */
export function SideCell({ side, empty, className, children }: SideCellProps) {
  return (
    <div data-side={side} className={cn("flex min-w-0 flex-col gap-0.5 rounded border px-2 py-1", className)}>
      <span className="text-[9px] font-semibold tracking-wide text-muted-foreground uppercase">{side}</span>
      {children ?? <p className="text-xs text-muted-foreground italic">{empty}</p>}
    </div>
  );
}
