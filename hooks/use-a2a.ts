"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { A2aAgentInput, A2aAgentView, A2aAnswerBody, A2aSendBody, A2aTaskDetail } from "@/lib/contracts/a2a";
import type { AppError } from "@/lib/errors";
import { a2aApi, a2aKeys, a2aScope } from "@/lib/queries/a2a";
import { inboxKeys } from "@/lib/queries/inbox";

const upsert = (list: A2aAgentView[] | undefined, view: A2aAgentView) =>
  list ? (list.some((a) => a.id === view.id) ? list.map((a) => (a.id === view.id ? view : a)) : [...list, view]) : [view];

/** Saved A2A agents: add, edit, remove, re-fetch the card. */
export function useA2aAgentActions() {
  const qc = useQueryClient();
  const put = (view: A2aAgentView) => qc.setQueryData<A2aAgentView[]>(a2aKeys.list(), (l) => upsert(l, view));
  const create = useMutation<A2aAgentView, AppError, A2aAgentInput>({ mutationFn: a2aApi.create, onSuccess: put });
  const update = useMutation<A2aAgentView, AppError, { id: string; patch: Partial<A2aAgentInput> }>({
    mutationFn: ({ id, patch }) => a2aApi.update(id, patch),
    onSuccess: put,
  });
  const remove = useMutation<void, AppError, string>({
    mutationFn: a2aApi.remove,
    onSuccess: (_v, id) => {
      qc.setQueryData<A2aAgentView[]>(a2aKeys.list(), (l) => l?.filter((a) => a.id !== id));
      qc.removeQueries({ queryKey: a2aScope(id) });
    },
  });
  const refetchCard = useMutation<A2aAgentView, AppError, string>({ mutationFn: a2aApi.refetchCard, onSuccess: put });
  return { create, update, remove, refetchCard };
}

/** Talking to one agent: send, and the task actions (refresh, cancel, resubscribe, push webhook). */
export function useA2aTaskActions(agentId: string) {
  const qc = useQueryClient();
  const putTask = (detail: A2aTaskDetail) => {
    qc.setQueryData(a2aKeys.task(agentId, detail.taskId), detail);
    void qc.invalidateQueries({ queryKey: a2aKeys.tasks(agentId) });
  };
  const send = useMutation<{ exchangeId: string }, AppError, A2aSendBody>({ mutationFn: (body) => a2aApi.send(agentId, body) });
  const refresh = useMutation<A2aTaskDetail, AppError, string>({
    mutationFn: (taskId) => a2aApi.refresh(agentId, taskId),
    onSuccess: putTask,
  });
  const cancel = useMutation<A2aTaskDetail, AppError, string>({
    mutationFn: (taskId) => a2aApi.cancel(agentId, taskId),
    onSuccess: putTask,
  });
  const resubscribe = useMutation<unknown, AppError, string>({ mutationFn: (taskId) => a2aApi.resubscribe(agentId, taskId) });
  const registerPush = useMutation({
    mutationFn: (taskId: string) => a2aApi.registerPush(agentId, taskId),
    onSuccess: (_r, taskId) => void qc.invalidateQueries({ queryKey: a2aKeys.task(agentId, taskId) }),
  });
  return { send, refresh, cancel, resubscribe, registerPush };
}

/** Answering an input-required / auth-required task from the inbox or the timeline. */
export function useA2aAnswer() {
  const qc = useQueryClient();
  return useMutation<unknown, AppError, { requestId: string; body: A2aAnswerBody }>({
    mutationFn: ({ requestId, body }) => a2aApi.answer(requestId, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: inboxKeys.list() }),
  });
}
