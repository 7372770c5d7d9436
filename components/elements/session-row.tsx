"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { sidebarItemState } from "@/components/elements/sidebar-item";

export interface SessionRowProps {
  /** The session's id, shown whole on hover and in mono type. */
  id: string;
  selected: boolean;
  onSelect: (id: string) => void;
  testId: string;
  /** The line under the id: status, counts, times. */
  children: ReactNode;
  /** Room kept at the right of the id (a hover action beside the row). */
  idClassName?: string;
}

/** One session (thread, context) in a protocol's list: its id over a line of what it is, the open one marked. */
export function SessionRow({ id, selected, onSelect, testId, children, idClassName }: SessionRowProps) {
  return (
    <button
      type="button"
      data-testid={testId}
      data-thread-id={id}
      aria-current={selected ? "page" : undefined}
      onClick={() => onSelect(id)}
      className={cn(
        "flex w-full flex-col gap-0.5 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
        sidebarItemState(selected),
      )}
    >
      <span className={cn("truncate font-mono text-xs", idClassName)} title={id}>
        {id}
      </span>
      <span className="flex items-center gap-1.5 text-[11px] text-muted-foreground">{children}</span>
    </button>
  );
}
