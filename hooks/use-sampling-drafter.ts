"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { callQuery } from "@/lib/queries/calls";
import { conversationsQuery } from "@/lib/queries/playground";
import { draftSamplingAnswer } from "@/lib/queries/sampling-draft";
import type { SamplingDraftAnswer } from "@/lib/queries/sampling-draft";

/** A model that can draft a sampling answer: the playground column whose tool call the server is serving. */
export interface SamplingDrafter {
  /** The column's model, for the button's label. */
  model: string;
  pending: boolean;
  error: Error | null;
  draft(onDrafted: (answer: SamplingDraftAnswer) => void): void;
}

/**
 * For a pending sampling request raised during a playground model's tool call (its related call was
 * made by the playground), the column's model can draft the answer; otherwise null. The related
 * call's record says which conversation and column made it.
 */
export function useSamplingDrafter(request: McpClientRequest): SamplingDrafter | null {
  const related =
    request.kind === "sampling" && (request.status === "pending" || request.status === "failed") ? request.relatedCall : undefined;
  const call = useQuery({ ...callQuery(request.connectionId, related?.callId ?? "-"), enabled: related !== undefined });
  const origin = call.data?.origin?.kind === "playground" ? call.data.origin : null;
  const conversations = useQuery({ ...conversationsQuery(), enabled: origin !== null });
  const mutation = useMutation({
    mutationFn: (target: { conversationId: string; columnId: string }) => draftSamplingAnswer(request.connectionId, request.id, target),
  });
  if (!origin) return null;
  const column = conversations.data?.find((c) => c.id === origin.conversationId)?.columns.find((c) => c.id === origin.columnId);
  if (!column) return null;
  return {
    model: column.config.model,
    pending: mutation.isPending,
    error: mutation.error,
    draft: (onDrafted) => mutation.mutate({ conversationId: origin.conversationId, columnId: origin.columnId }, { onSuccess: onDrafted }),
  };
}
