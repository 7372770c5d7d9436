"use client";

import { useMemo } from "react";
import type { InboxRow } from "@/lib/contracts/inbox";
import { useInbox } from "@/hooks/use-inbox";
import { InboxList } from "@/components/inbox/inbox-list";
import { InboxNavigationProvider, type InboxNavigation } from "@/components/inbox/inbox-navigation";
import { InboxCard } from "@/components/inbox/sources";
import { QueryError } from "@/components/elements/query-error";

export interface InboxViewProps {
  /** Navigate to where a row comes from (its source's `target`: an ADK session, an MCP server and tool…). */
  onOpen?: (row: InboxRow) => void;
}

/** Every human request of every protocol (INBOX_SOURCES), each answerable in place by its own card. */
export function InboxView({ onOpen }: InboxViewProps) {
  const inbox = useInbox();
  const navigation = useMemo<InboxNavigation>(() => ({ open: onOpen }), [onOpen]);
  return (
    <div className="flex min-h-0 flex-1 flex-col p-4" data-testid="inbox-view">
      <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col">
        {inbox.isError ? (
          <QueryError title="Could not load the inbox" error={inbox.error} onRetry={() => void inbox.refetch()} />
        ) : inbox.isPending ? (
          <p className="text-xs text-muted-foreground">Loading the inbox…</p>
        ) : (
          <InboxNavigationProvider value={navigation}>
            <InboxList items={inbox.data} renderCard={(row) => <InboxCard row={row} />} />
          </InboxNavigationProvider>
        )}
      </div>
    </div>
  );
}
