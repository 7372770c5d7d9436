"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LgAnswerBody, LgDeploymentInput, LgDeploymentView, LgRunBody, LgThreadCreateBody } from "@/lib/contracts/langgraph";
import { inboxKeys } from "@/lib/queries/inbox";
import { lgApi, lgKeys, lgScope, upsertLgDeployment } from "@/lib/queries/langgraph";

/**
 * Mutations on LangGraph deployments: saved deployments, threads, runs. Saved views are written
 * straight into the list so the sidebar does not wait for a refetch; a run's events arrive as entries.
 */
export function useLgActions() {
  const qc = useQueryClient();
  const put = (view: LgDeploymentView) => qc.setQueryData<LgDeploymentView[]>(lgKeys.list(), (list) => upsertLgDeployment(list, view));
  const threadsChanged = (id: string) => void qc.invalidateQueries({ queryKey: lgKeys.threads(id) });

  const create = useMutation({ mutationFn: (input: LgDeploymentInput) => lgApi.create(input), onSuccess: put });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<LgDeploymentInput> }) => lgApi.update(id, input),
    onSuccess: (view) => {
      put(view);
      // Another URL or key: what the old one said no longer holds.
      void qc.invalidateQueries({ queryKey: lgScope(view.id) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => lgApi.remove(id),
    onSuccess: (_void, id) => {
      qc.setQueryData<LgDeploymentView[]>(lgKeys.list(), (list) => list?.filter((d) => d.id !== id));
      qc.removeQueries({ queryKey: lgScope(id) });
      void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    },
  });
  const createThread = useMutation({
    mutationFn: ({ deploymentId, body }: { deploymentId: string; body: LgThreadCreateBody }) => lgApi.createThread(deploymentId, body),
    onSuccess: (_t, { deploymentId }) => threadsChanged(deploymentId),
  });
  const deleteThread = useMutation({
    mutationFn: ({ deploymentId, threadId }: { deploymentId: string; threadId: string }) => lgApi.deleteThread(deploymentId, threadId),
    onSuccess: (_void, { deploymentId, threadId }) => {
      qc.removeQueries({ queryKey: lgKeys.thread(deploymentId, threadId) });
      threadsChanged(deploymentId);
      void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    },
  });
  const run = useMutation({
    mutationFn: ({ deploymentId, body }: { deploymentId: string; body: LgRunBody }) => lgApi.run(deploymentId, body),
    onSuccess: (_r, { deploymentId }) => threadsChanged(deploymentId),
  });
  const cancel = useMutation({
    mutationFn: ({ deploymentId, runId }: { deploymentId: string; runId: string }) => lgApi.cancel(deploymentId, runId),
    onSuccess: (record) => void qc.invalidateQueries({ queryKey: lgKeys.thread(record.deploymentId, record.threadId) }),
  });

  return { create, update, remove, createThread, deleteThread, run, cancel };
}

export type LgActions = ReturnType<typeof useLgActions>;

/** Answers one LangGraph interrupt (the resume goes out when the step's last one is answered). */
export function useLgAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, body }: { requestId: string; body: LgAnswerBody }) => lgApi.answer(requestId, body),
    onSettled: (request) => {
      void qc.invalidateQueries({ queryKey: inboxKeys.list() });
      if (request) void qc.invalidateQueries({ queryKey: lgKeys.thread(request.deploymentId, request.threadId) });
    },
  });
}
