"use client";

import type { ComponentType, ReactNode } from "react";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";

export interface ViewLinkProps {
  /** Its view is the open one. */
  active: boolean;
  onOpen: () => void;
  icon: ComponentType<{ className?: string }>;
  label: string;
  testId: string;
  /** The wrapper's spacing (the first link of the sidebar has room above too). */
  className?: string;
  /** After the label: a count, a badge. */
  children?: ReactNode;
}

/** One of the sidebar's core views (Inbox, Tests, Audit): an icon, a label, and what follows it. */
export function ViewLink({ active, onOpen, icon: Icon, label, testId, className = "px-1.5 pb-2", children }: ViewLinkProps) {
  return (
    <div className={className}>
      <button
        type="button"
        data-testid={testId}
        aria-current={active ? "page" : undefined}
        onClick={onOpen}
        className={cn(
          "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
          sidebarItemState(active),
        )}
      >
        <Icon className="size-4 text-muted-foreground" />
        <span className="flex-1 text-left font-medium">{label}</span>
        {children}
      </button>
    </div>
  );
}
