"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConformanceRevision, ConformanceState, StartConformanceBody } from "@/lib/contracts/conformance";
import type { AppError } from "@/lib/errors";
import { conformanceApi, conformanceKeys, conformanceScenariosQuery, conformanceStateQuery } from "@/lib/queries/conformance";

/** The Conformance tab's data: kept runs (polled while one goes), the revision's scenarios, Run and Cancel. */
export function useConformance(connectionId: string, revision: ConformanceRevision) {
  const qc = useQueryClient();
  const state = useQuery(conformanceStateQuery(connectionId));
  const scenarios = useQuery(conformanceScenariosQuery(connectionId, revision));
  const key = conformanceKeys.state(connectionId);
  const start = useMutation<unknown, AppError, StartConformanceBody>({
    mutationFn: (body) => conformanceApi.start(connectionId, body),
    // The started run shows at once; the poll (on while `active` is set) takes it from there.
    onSuccess: (run) => {
      qc.setQueryData<ConformanceState>(key, (prev) => {
        const r = run as ConformanceState["runs"][number];
        return { active: r, runs: [r, ...(prev?.runs ?? []).filter((x) => x.id !== r.id)] };
      });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const cancel = useMutation<unknown, AppError, void>({
    mutationFn: () => conformanceApi.cancel(connectionId),
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
  return { state, scenarios, start, cancel };
}
