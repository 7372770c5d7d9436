"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerBody, InboxItem, InterruptAnswer, RunRecord } from "@/lib/contracts/agents";
import { agentKeys, upsertRun } from "@/lib/queries/agents";
import { inboxApi, inboxKeys, inboxQuery, setLastAnswer } from "@/lib/queries/inbox";
import type { AnswerResult } from "@/lib/queries/inbox";

export interface AnswerVars {
  item: InboxItem;
  answer: InterruptAnswer;
  streaming?: boolean;
}

/**
 * Answering interrupts, from the inbox or inline in a session. The result (the stored answer and
 * the run it started) goes into the cache at once; the stream's loupe/inbox and loupe/run follow.
 */
export function useInboxAnswers() {
  const qc = useQueryClient();
  const settle = ({ answer, run }: AnswerResult) => {
    qc.setQueryData<InboxItem[]>(inboxKeys.list(), (list) => setLastAnswer(list, answer));
    if (run) putRun(run);
  };
  const putRun = (run: RunRecord) => {
    const key = agentKeys.runs(run.agentId, run.sessionKey);
    if (qc.getQueryState(key)) qc.setQueryData<RunRecord[]>(key, (list) => upsertRun(list, run));
  };

  const answer = useMutation({
    mutationFn: ({ item, answer, streaming = false }: AnswerVars) => {
      const body: AnswerBody = { sessionKey: item.sessionKey, interruptId: item.id, answer, streaming };
      return inboxApi.answer(item.agentId, body);
    },
    onSuccess: settle,
  });
  const retry = useMutation({
    mutationFn: ({ agentId, answerId }: { agentId: string; answerId: string }) => inboxApi.retry(agentId, answerId),
    onSuccess: settle,
  });
  return { answer, retry };
}

/** Every interrupt Loupe knows; the stream keeps it current. */
export function useInbox() {
  return useQuery(inboxQuery());
}
