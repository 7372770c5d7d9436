"use client";

import { useMemo } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { LgThreadSummary } from "@/lib/contracts/langgraph";
import { lgDeploymentsQuery, lgThreadsQuery } from "@/lib/queries/langgraph";
import { dataAndLoading } from "@/lib/queries/query-results";
import { lgPaletteItems } from "@/lib/workbench/langgraph";

/**
 * What LangGraph offers the command palette: the deployments (the sidebar's own query) and, only
 * while the palette is open (`active`), each reachable deployment's threads.
 */
export function useLgPaletteItems(active: boolean) {
  const deployments = useQuery(lgDeploymentsQuery());
  const reachable = (deployments.data ?? []).filter((d) => d.state.status === "ok");
  const threads = useQueries({
    queries: reachable.map((d) => ({ ...lgThreadsQuery(d.id), enabled: active })),
    combine: dataAndLoading,
  });
  const threadData = threads.data;
  const items = useMemo(() => {
    const byDeployment = new Map<string, readonly LgThreadSummary[]>();
    // The same deployments, in the same order, as the thread queries above.
    (deployments.data ?? [])
      .filter((d) => d.state.status === "ok")
      .forEach((d, i) => {
        const list = threadData[i];
        if (list) byDeployment.set(d.id, list);
      });
    return lgPaletteItems(deployments.data ?? [], byDeployment);
  }, [deployments.data, threadData]);
  const loading = active && threads.loading;
  return useMemo(() => ({ items, loading }), [items, loading]);
}
