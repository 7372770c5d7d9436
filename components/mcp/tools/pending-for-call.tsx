"use client";

import { useState } from "react";
import { useInbox } from "@/hooks/use-inbox";
import { isMcpRow, type McpRow } from "@/lib/queries/inbox";
import { AnswerableRequestCard } from "@/components/mcp/requests/answerable-request-card";

export interface PendingRequestsForCallProps {
  connectionId: string;
  /** The tools/call (Loupe's call id) the requests belong to. */
  callId: string;
}

const waiting = (row: McpRow) => row.status === "pending" || row.status === "failed";

/** The sampling / elicitation requests of one tools/call (Loupe's call id), as the inbox lists them. */
export function useRequestsOfCall(connectionId: string, callId: string | null): McpRow[] {
  const inbox = useInbox();
  if (callId === null) return [];
  return (inbox.data ?? []).filter((r): r is McpRow => isMcpRow(r) && r.connectionId === connectionId && r.relatedCall?.callId === callId);
}

/**
 * The sampling / elicitation requests a running tool call waits for, answerable in place next to
 * the call (the same requests are in the inbox). A request shown here stays until the component
 * unmounts, so the user sees what became of the answer instead of the card vanishing.
 */
export function PendingRequestsForCall({ connectionId, callId }: PendingRequestsForCallProps) {
  const rows = useRequestsOfCall(connectionId, callId);
  const [seen, setSeen] = useState<readonly string[]>([]);
  const fresh = rows.filter((r) => waiting(r) && !seen.includes(r.id)).map((r) => r.id);
  // Adjusting state while rendering (React's documented pattern for derived "seen" sets).
  if (fresh.length > 0) setSeen([...seen, ...fresh]);
  const shown = rows.filter((r) => waiting(r) || seen.includes(r.id));
  if (shown.length === 0) return null;
  const count = shown.filter(waiting).length;
  return (
    <section
      className="flex flex-col gap-2"
      data-testid="pending-requests-for-call"
      data-count={count}
      aria-label="Requests from the server"
    >
      <h3 className="text-xs font-medium text-muted-foreground">
        {count > 0 ? `The server is waiting for you (${count})` : "Requests from the server"}
      </h3>
      {shown.map((row) => (
        <AnswerableRequestCard key={row.id} request={row} compact />
      ))}
    </section>
  );
}
