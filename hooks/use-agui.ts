"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AguiAgentInput, AguiAgentView, AguiAnswerBody, AguiRunBody } from "@/lib/contracts/agui";
import { aguiApi, aguiKeys, aguiScope, upsertAguiAgent } from "@/lib/queries/agui";
import { inboxKeys } from "@/lib/queries/inbox";

/**
 * Mutations on AG-UI agents: saved agents, runs and answers. Saved views are written straight
 * into the list so the sidebar does not wait for a refetch; a run's events arrive as entries.
 */
export function useAguiActions() {
  const qc = useQueryClient();
  const put = (view: AguiAgentView) => qc.setQueryData<AguiAgentView[]>(aguiKeys.list(), (list) => upsertAguiAgent(list, view));

  const create = useMutation({ mutationFn: (input: AguiAgentInput) => aguiApi.create(input), onSuccess: put });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<AguiAgentInput> }) => aguiApi.update(id, input),
    onSuccess: put,
  });
  const remove = useMutation({
    mutationFn: (id: string) => aguiApi.remove(id),
    onSuccess: (_void, id) => {
      qc.setQueryData<AguiAgentView[]>(aguiKeys.list(), (list) => list?.filter((a) => a.id !== id));
      qc.removeQueries({ queryKey: aguiScope(id) });
      void qc.invalidateQueries({ queryKey: inboxKeys.list() });
    },
  });
  const run = useMutation({
    mutationFn: ({ agentId, body }: { agentId: string; body: AguiRunBody }) => aguiApi.run(agentId, body),
    onSuccess: (_r, { agentId }) => void qc.invalidateQueries({ queryKey: aguiKeys.threads(agentId) }),
  });
  const abort = useMutation({ mutationFn: ({ agentId, runId }: { agentId: string; runId: string }) => aguiApi.abort(agentId, runId) });

  return { create, update, remove, run, abort };
}

export type AguiActions = ReturnType<typeof useAguiActions>;

/** Answers one AG-UI human request (a front-end tool's result, or an interrupt's resume). */
export function useAguiAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, body }: { requestId: string; body: AguiAnswerBody }) => aguiApi.answer(requestId, body),
    onSettled: (request) => {
      void qc.invalidateQueries({ queryKey: inboxKeys.list() });
      if (request) void qc.invalidateQueries({ queryKey: aguiKeys.threads(request.agentId) });
    },
  });
}
