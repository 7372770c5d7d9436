"use client";

import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { useMcpRequestAnswer } from "@/hooks/use-inbox";
import { McpRequestCard } from "./mcp-request-card";

export interface AnswerableRequestCardProps {
  request: McpClientRequest;
  compact?: boolean;
  onOpenConnection?: () => void;
}

/**
 * An McpRequestCard wired to POST /api/connections/:id/requests/:requestId, with its own mutation
 * so two cards never share a spinner or an error. The answered request comes back in the response
 * and goes into the inbox at once.
 */
export function AnswerableRequestCard({ request, compact, onOpenConnection }: AnswerableRequestCardProps) {
  const answer = useMcpRequestAnswer();
  // The POST's answer may be newer than the row the list has (the stream entry not in yet).
  const mine = answer.data && answer.data.id === request.id && answer.data.connectionId === request.connectionId ? answer.data : null;
  const shown = mine && request.status === "pending" ? mine : request;
  return (
    <McpRequestCard
      key={`${request.connectionId}\u0000${request.id}`}
      request={shown}
      compact={compact}
      sending={answer.isPending}
      error={answer.error}
      onOpenConnection={onOpenConnection}
      onAnswer={(body) => answer.mutate({ connectionId: request.connectionId, requestId: request.id, body })}
    />
  );
}
