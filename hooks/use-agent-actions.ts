"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AgentServerInput, AgentServerView } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import { agentApi, agentKeys, agentScope, removeAgent, upsertAgent } from "@/lib/queries/agents";
import { inboxKeys, removeAgentItems } from "@/lib/queries/inbox";

/**
 * Mutations on saved agent servers. Each answer is an AgentServerView written straight into the
 * list, so the sidebar does not wait for the matching loupe/agent_status entry.
 */
export function useAgentActions() {
  const qc = useQueryClient();
  const put = (view: AgentServerView) => {
    qc.setQueryData<AgentServerView[]>(agentKeys.list(), (list) => upsertAgent(list, view));
    // The app list may have changed with the URL or the check.
    void qc.invalidateQueries({ queryKey: agentKeys.sessionsOf(view.id) });
  };

  const create = useMutation({ mutationFn: (input: AgentServerInput) => agentApi.create(input), onSuccess: put });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: AgentServerInput }) => agentApi.update(id, input),
    onSuccess: put,
  });
  const check = useMutation({ mutationFn: (id: string) => agentApi.check(id), onSuccess: put });
  const remove = useMutation({
    mutationFn: (id: string) => agentApi.remove(id),
    onSuccess: (_void, id) => {
      qc.setQueryData<AgentServerView[]>(agentKeys.list(), (list) => removeAgent(list, id));
      qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => removeAgentItems(list, id));
      qc.removeQueries({ queryKey: agentScope(id) });
    },
  });

  return { create, update, check, remove };
}

export type AgentActions = ReturnType<typeof useAgentActions>;
