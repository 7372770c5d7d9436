"use client";

import { useMemo } from "react";
import { useQueries, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { connectionsQuery } from "@/lib/queries/connections";
import { toolsQuery, type Tool } from "@/lib/queries/tools";
import { agentsQuery, sessionsQuery } from "@/lib/queries/agents";
import { useInbox } from "@/hooks/use-inbox";
import { bundleListQuery } from "@/lib/queries/bundles";
import type { AgentServerView, AgentSessionSummary } from "@/lib/contracts/agents";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { ImportedBundleSummary } from "@/lib/contracts/bundle";

/** What the palette's items are built from (components/command-palette/palette-items.ts). */
export interface PaletteSources {
  connections: readonly ConnectionView[];
  /** Tools per connection id, for the servers whose list is known. */
  tools: ReadonlyMap<string, readonly Tool[]>;
  agents: readonly AgentServerView[];
  /** Sessions per `${agentId}/${app}`. */
  sessions: ReadonlyMap<string, readonly AgentSessionSummary[]>;
  inbox: readonly InboxRow[];
  /** Bundles imported into this Loupe (opened read-only). */
  bundles?: readonly ImportedBundleSummary[];
}

/** The key of one app's sessions in `PaletteSources.sessions`. */
export const sessionSourceKey = (agentId: string, app: string) => `${agentId}/${app}`;

/**
 * The data of several queries and whether any is still fetching for the first time. TanStack
 * shares the result structurally, so its `data` array keeps its identity while nothing changed:
 * a stable, fixed-length dependency however many servers or apps there are.
 */
function dataAndLoading<T>(results: UseQueryResult<T>[]): { data: (T | undefined)[]; loading: boolean } {
  return { data: results.map((q) => q.data), loading: results.some((q) => q.isPending && q.fetchStatus === "fetching") };
}

/**
 * What the command palette searches. Tool lists and sessions are fetched only while it is open
 * (`active`), from connected servers and reachable agents; servers, agents and the inbox are the
 * sidebar's own queries, already cached.
 */
export function usePaletteSources(active: boolean): { sources: PaletteSources; loading: boolean } {
  const connections = useQuery(connectionsQuery());
  const agents = useQuery(agentsQuery());
  const inbox = useInbox();
  const bundles = useQuery(bundleListQuery());

  const connected = (connections.data ?? []).filter((c) => c.state.status === "connected");
  const tools = useQueries({ queries: connected.map((c) => ({ ...toolsQuery(c.id), enabled: active })), combine: dataAndLoading });

  const apps = (agents.data ?? []).filter((a) => a.state.status === "ok").flatMap((a) => a.state.apps.map((app) => ({ agent: a, app })));
  const sessions = useQueries({
    queries: apps.map(({ agent, app }) => ({ ...sessionsQuery(agent.id, app, agent.userId), enabled: active })),
    combine: dataAndLoading,
  });

  const toolData = tools.data;
  const sessionData = sessions.data;
  const loading = active && (tools.loading || sessions.loading);

  const sources = useMemo<PaletteSources>(() => {
    const toolMap = new Map<string, readonly Tool[]>();
    connected.forEach((c, i) => {
      const list = toolData[i]?.tools;
      if (list) toolMap.set(c.id, list);
    });
    const sessionMap = new Map<string, readonly AgentSessionSummary[]>();
    apps.forEach(({ agent, app }, i) => {
      const list = sessionData[i];
      if (list) sessionMap.set(sessionSourceKey(agent.id, app), list);
    });
    return {
      connections: connections.data ?? [],
      tools: toolMap,
      agents: agents.data ?? [],
      sessions: sessionMap,
      inbox: inbox.data ?? [],
      bundles: bundles.data ?? [],
    };
    // `connected` and `apps` are derived from connections.data and agents.data, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connections.data, agents.data, inbox.data, bundles.data, toolData, sessionData]);

  return { sources, loading };
}
