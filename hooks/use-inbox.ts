"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerBody, InboxItem, InterruptAnswer, RunRecord } from "@/lib/contracts/agents";
import { AppError } from "@/lib/errors";
import { agentKeys, upsertRun } from "@/lib/queries/agents";
import type { McpAnswerBody, McpClientRequest } from "@/lib/contracts/mcp-requests";
import { adkAnswersApi, inboxKeys, inboxQuery, mcpRequestsApi, setLastAnswer, upsertMcpRequest } from "@/lib/queries/inbox";
import type { AnswerResult, InboxRow } from "@/lib/queries/inbox";

export interface AnswerVars {
  item: InboxItem;
  answer: InterruptAnswer;
  streaming?: boolean;
}

/**
 * Answering ADK interrupts (the inbox lists them; each protocol answers its own), from the inbox
 * or inline in a session. The result (the stored answer and the run it started) goes into the
 * cache at once; the stream's loupe/inbox and loupe/run follow.
 */
export function useAdkAnswers() {
  const qc = useQueryClient();
  const settle = ({ answer, run }: AnswerResult) => {
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => setLastAnswer(list, answer));
    if (run) putRun(run);
  };
  const putRun = (run: RunRecord) => {
    const key = agentKeys.runs(run.agentId, run.sessionKey);
    if (qc.getQueryState(key)) qc.setQueryData<RunRecord[]>(key, (list) => upsertRun(list, run));
  };

  const answer = useMutation({
    mutationFn: ({ item, answer, streaming = false }: AnswerVars) => {
      const body: AnswerBody = { sessionKey: item.sessionKey, interruptId: item.id, interruptKey: item.key, answer, streaming };
      return adkAnswersApi.answer(item.agentId, body);
    },
    onSuccess: settle,
  });
  const retry = useMutation({
    mutationFn: ({ agentId, answerId }: { agentId: string; answerId: string }) => adkAnswersApi.retry(agentId, answerId),
    onSuccess: settle,
  });
  return { answer, retry };
}

export interface McpAnswerVars {
  connectionId: string;
  requestId: string;
  body: McpAnswerBody;
}

/**
 * Answering one MCP sampling / elicitation request. Each card owns one, so two cards never share
 * a spinner or an error. The updated request goes into the inbox at once; the stream's
 * loupe/mcp_request follows (and cannot reopen it, see upsertMcpRequest).
 */
export function useMcpRequestAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, requestId, body }: McpAnswerVars) => mcpRequestsApi.answer(connectionId, requestId, body),
    onSuccess: (request: McpClientRequest) => {
      qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => upsertMcpRequest(list, request));
    },
    // 409: the request no longer waits; re-list so the card shows what became of it.
    onError: (error) => {
      if (error instanceof AppError && error.status === 409) void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    },
  });
}

/** Every interrupt and client request Loupe knows; the stream keeps it current. */
export function useInbox() {
  return useQuery(inboxQuery());
}
