"use client";

import { InboxIcon } from "lucide-react";
import { useInbox } from "@/hooks/use-inbox";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { InboxBadge } from "./inbox-badge";
import { countNeedsYou } from "@/lib/workbench/inbox";

export interface InboxLinkProps {
  /** The inbox is the open view. */
  active: boolean;
  onOpen: () => void;
}

/** The sidebar's Inbox entry, with the count of requests of every source that wait for the user. */
export function InboxLink({ active, onOpen }: InboxLinkProps) {
  const inbox = useInbox();
  return (
    <div className="px-1.5 py-2">
      <button
        type="button"
        data-testid="inbox-link"
        aria-current={active ? "page" : undefined}
        onClick={onOpen}
        className={cn(
          "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
          sidebarItemState(active),
        )}
      >
        <InboxIcon className="size-4 text-muted-foreground" />
        <span className="flex-1 text-left font-medium">Inbox</span>
        <InboxBadge count={countNeedsYou(inbox.data ?? [])} />
      </button>
    </div>
  );
}
