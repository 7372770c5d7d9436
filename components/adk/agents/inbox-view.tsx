"use client";

import type { InboxItem } from "@/lib/contracts/agents";
import { useInbox } from "@/hooks/use-inbox";
import { isApprovalRow, isMcpRow, type McpRow } from "@/lib/queries/inbox";
import { InboxList } from "@/components/inbox/inbox-list";
import { QueryError } from "@/components/elements/query-error";
import { AnswerableCard } from "@/components/adk/agents/answerable-card";
import { AnswerableRequestCard } from "@/components/mcp/requests/answerable-request-card";
import { ApprovalCard } from "@/components/approvals/approval-card";

export interface InboxViewProps {
  /** Navigate to the session an interrupt comes from. */
  onOpenSession: (item: InboxItem) => void;
  /** Navigate to the MCP server (and tool) a sampling / elicitation request comes from. */
  onOpenConnection?: (request: McpRow) => void;
}

/** Every interrupt of every agent server and session, every MCP server request and every gated tool call, answerable in place. */
export function InboxView({ onOpenSession, onOpenConnection }: InboxViewProps) {
  const inbox = useInbox();
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4" data-testid="inbox-view">
      <div className="mx-auto max-w-3xl">
        {inbox.isError ? (
          <QueryError title="Could not load the inbox" error={inbox.error} onRetry={() => void inbox.refetch()} />
        ) : inbox.isPending ? (
          <p className="text-xs text-muted-foreground">Loading the inbox…</p>
        ) : (
          <InboxList
            items={inbox.data}
            renderCard={(row) =>
              isApprovalRow(row) ? (
                <ApprovalCard approval={row} />
              ) : isMcpRow(row) ? (
                <AnswerableRequestCard request={row} onOpenConnection={onOpenConnection ? () => onOpenConnection(row) : undefined} />
              ) : (
                <AnswerableCard item={row} onOpenSession={() => onOpenSession(row)} />
              )
            }
          />
        )}
      </div>
    </div>
  );
}
