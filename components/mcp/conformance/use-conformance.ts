"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConformanceRevision, ConformanceState, ConformanceSuiteState, StartConformanceBody } from "@/lib/contracts/conformance";
import type { AppError } from "@/lib/errors";
import {
  conformanceApi,
  conformanceKeys,
  conformanceScenariosQuery,
  conformanceStateQuery,
  conformanceSuiteQuery,
} from "@/lib/queries/conformance";

/**
 * The Conformance tab's data: whether the suite is installed (and Install), kept runs (polled while
 * one goes), the revision's scenarios (asked only of an installed suite), Run and Cancel.
 */
export function useConformance(connectionId: string, revision: ConformanceRevision) {
  const qc = useQueryClient();
  const suite = useQuery(conformanceSuiteQuery());
  const installed = suite.data?.status === "installed";
  const state = useQuery(conformanceStateQuery(connectionId));
  const scenarios = useQuery({ ...conformanceScenariosQuery(connectionId, revision), enabled: installed });
  const install = useMutation<ConformanceSuiteState, AppError, void>({
    mutationFn: () => conformanceApi.installSuite(),
    onSuccess: (next) => qc.setQueryData(conformanceKeys.suite(), next),
    onSettled: () => void qc.invalidateQueries({ queryKey: conformanceKeys.suite() }),
  });
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
  return { suite, install, state, scenarios, start, cancel };
}
