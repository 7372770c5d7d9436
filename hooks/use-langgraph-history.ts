"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lgApi, lgHistoryQuery, lgKeys } from "@/lib/queries/langgraph";

export interface LgForkInput {
  assistantId: string;
  /** The checkpoint to go back to. */
  checkpointId: string;
  /** Edited values: written first as a new checkpoint, and the run starts from that one. Absent: run from `checkpointId` as it is. */
  values?: unknown;
}

/** A thread's checkpoints, newest first. */
export function useLangGraphHistory(deploymentId: string, threadId: string) {
  return useQuery(lgHistoryQuery(deploymentId, threadId));
}

/**
 * Time travel: "Run from here" starts a run at a checkpoint; "Edit & fork" first writes the edited
 * values (POST …/state, which answers the fork's checkpoint id) and then runs from that checkpoint.
 * The run's events arrive as entries; the history is read again once it started.
 */
export function useLangGraphFork(deploymentId: string, threadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ assistantId, checkpointId, values }: LgForkInput) => {
      let from = checkpointId;
      if (values !== undefined) from = (await lgApi.updateState(deploymentId, threadId, { values, checkpointId })).checkpointId;
      const run = await lgApi.run(deploymentId, { assistantId, threadId, checkpointId: from, input: null });
      return { ...run, checkpointId: from };
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: lgKeys.history(deploymentId, threadId) }),
  });
}
