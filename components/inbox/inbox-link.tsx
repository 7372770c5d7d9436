"use client";

import { InboxIcon } from "lucide-react";
import { useInbox } from "@/hooks/use-inbox";
import { ViewLink } from "@/components/elements/view-link";
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
    <ViewLink active={active} onOpen={onOpen} icon={InboxIcon} label="Inbox" testId="inbox-link" className="px-1.5 py-2">
      <InboxBadge count={countNeedsYou(inbox.data ?? [])} />
    </ViewLink>
  );
}
