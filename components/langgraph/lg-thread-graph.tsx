"use client";

import { useQuery } from "@tanstack/react-query";
import { lgGraphQuery, lgHistoryQuery } from "@/lib/queries/langgraph";
import { QueryError } from "@/components/elements/query-error";
import { LgGraphPlaceholder } from "./placeholders";

export interface LgThreadGraphProps {
  deploymentId: string;
  assistantId: string | undefined;
  threadId: string;
  interrupted: boolean;
  /** The nodes Loupe's recorded runs went through. */
  visited: string[];
}

/** The thread's assistant graph, lit by the path its runs took and the node it paused before. */
export function LgThreadGraph({ deploymentId, assistantId, threadId, interrupted, visited }: LgThreadGraphProps) {
  const graph = useQuery({ ...lgGraphQuery(deploymentId, assistantId ?? ""), enabled: Boolean(assistantId) });
  // Where it waits: the latest checkpoint's next nodes.
  const history = useQuery({ ...lgHistoryQuery(deploymentId, threadId), enabled: interrupted });
  const paused = interrupted ? (history.data?.[0]?.next ?? []) : [];
  if (!assistantId) return <p className="p-3 text-xs text-muted-foreground">The server names no assistant for this thread.</p>;
  if (graph.isError)
    return <QueryError className="m-3" title="Could not load the graph" error={graph.error} onRetry={() => void graph.refetch()} />;
  if (graph.isPending) return <p className="p-3 text-xs text-muted-foreground">Loading the graph…</p>;
  // SWAP: LgGraphView (components/langgraph/graph) takes these same props.
  return <LgGraphPlaceholder graph={graph.data} visited={visited} paused={paused} />;
}
