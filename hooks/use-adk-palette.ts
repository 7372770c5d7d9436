"use client";

import { useMemo } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { AgentServerView, AgentSessionSummary } from "@/lib/contracts/agents";
import { agentsQuery, sessionsQuery } from "@/lib/queries/agents";
import { dataAndLoading } from "@/lib/queries/query-results";
import { adkPaletteItems, sessionSourceKey, type AdkPaletteSource } from "@/lib/workbench/adk";

/** Every app of every reachable agent server. */
const appsOf = (list: readonly AgentServerView[] | undefined) =>
  (list ?? []).filter((a) => a.state.status === "ok").flatMap((a) => a.state.apps.map((app) => ({ agent: a, app })));

/**
 * What ADK offers the command palette: the agent servers (the sidebar's own query) and, only while
 * the palette is open (`active`), the sessions of each reachable server's apps.
 */
export function useAdkPaletteSource(active: boolean): { sources: AdkPaletteSource; loading: boolean } {
  const agents = useQuery(agentsQuery());
  const sessions = useQueries({
    queries: appsOf(agents.data).map(({ agent, app }) => ({ ...sessionsQuery(agent.id, app, agent.userId), enabled: active })),
    combine: dataAndLoading,
  });
  const sessionData = sessions.data;
  const sources = useMemo<AdkPaletteSource>(() => {
    const sessionMap = new Map<string, readonly AgentSessionSummary[]>();
    // The same apps, in the same order, as the session queries above.
    appsOf(agents.data).forEach(({ agent, app }, i) => {
      const list = sessionData[i];
      if (list) sessionMap.set(sessionSourceKey(agent.id, app), list);
    });
    return { agents: agents.data ?? [], sessions: sessionMap };
  }, [agents.data, sessionData]);
  return { sources, loading: active && sessions.loading };
}

/** ADK's palette items (agent servers, apps, sessions); ADK's descriptor hands this to the palette. */
export function useAdkPaletteItems(active: boolean) {
  const { sources, loading } = useAdkPaletteSource(active);
  const items = useMemo(() => adkPaletteItems(sources), [sources]);
  return useMemo(() => ({ items, loading }), [items, loading]);
}
