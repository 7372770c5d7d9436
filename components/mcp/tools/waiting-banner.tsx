"use client";

import Link from "next/link";
import { Inbox } from "lucide-react";
import { useInbox } from "@/hooks/use-inbox";
import { isMcpRow } from "@/lib/queries/inbox";

export interface WaitingRequestsBannerProps {
  connectionId: string;
  /** Requests of this call are answered in place (PendingRequestsForCall): not counted here. */
  exceptCallId?: string | null;
}

/**
 * "The server is waiting for you": pending sampling / elicitation requests of this server that are
 * not shown next to the call on screen (made elsewhere, or not attributable to one call), with a
 * link to the inbox where they are answered. Without it a call stays "Running" with no hint why.
 */
export function WaitingRequestsBanner({ connectionId, exceptCallId }: WaitingRequestsBannerProps) {
  const inbox = useInbox();
  const waiting = (inbox.data ?? []).filter(
    (r) =>
      isMcpRow(r) && r.connectionId === connectionId && r.status === "pending" && (!exceptCallId || r.relatedCall?.callId !== exceptCallId),
  );
  if (waiting.length === 0) return null;
  const kinds = new Set(waiting.map((r) => (isMcpRow(r) && r.kind === "sampling" ? "a sampling reply" : "an elicitation answer")));
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
      data-testid="waiting-requests-banner"
      data-count={waiting.length}
    >
      <Inbox className="size-3.5 shrink-0" aria-hidden />
      <span>
        This server is waiting for you: {waiting.length} request{waiting.length > 1 ? "s" : ""} ({[...kinds].join(", ")}).
      </span>
      <Link href="/?view=inbox" className="ml-auto font-medium underline">
        Answer in the inbox
      </Link>
    </div>
  );
}
