"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RunBody, RunRecord } from "@/lib/contracts/agents";
import { agentApi, agentKeys, refKey, runsQuery, upsertRun } from "@/lib/queries/agents";
import type { SessionRef } from "@/lib/queries/agents";

/**
 * Runs of one session: send a message (POST …/run answers 202 with the running record; the
 * frames follow on the stream), and abort the one in progress.
 */
export function useAgentRun(ref: SessionRef) {
  const qc = useQueryClient();
  const sessionKey = refKey(ref);
  const runs = useQuery(runsQuery(ref.agentId, sessionKey));
  const put = (run: RunRecord) => qc.setQueryData<RunRecord[]>(agentKeys.runs(ref.agentId, sessionKey), (list) => upsertRun(list, run));

  const run = useMutation({
    mutationFn: (body: RunBody) => agentApi.run(ref, { ...body, userId: body.userId ?? ref.userId }),
    onSuccess: put,
  });
  const abort = useMutation({
    mutationFn: (runId: string) => agentApi.abort(ref.agentId, runId),
    onSuccess: put,
  });

  const current = runs.data?.find((r) => r.status === "running") ?? null;
  const last = runs.data?.[0] ?? null;
  return { run, abort, runs: runs.data ?? [], current, last };
}
