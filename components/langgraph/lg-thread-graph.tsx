"use client";

import { useQuery } from "@tanstack/react-query";
import { lgGraphQuery, lgHistoryQuery } from "@/lib/queries/langgraph";
import { QueryError } from "@/components/elements/query-error";
import type { LgRunPath } from "@/lib/protocols/langgraph";
import { LgGraphView } from "./graph";

export interface LgThreadGraphProps {
  deploymentId: string;
  assistantId: string | undefined;
  threadId: string;
  interrupted: boolean;
  /** Where Loupe's last recorded run on the thread went (empty for a thread run elsewhere). */
  path: LgRunPath;
}

/** The thread's assistant graph, lit by the path its runs took and the node it paused before. */
export function LgThreadGraph({ deploymentId, assistantId, threadId, interrupted, path }: LgThreadGraphProps) {
  const graph = useQuery({ ...lgGraphQuery(deploymentId, assistantId ?? "", true), enabled: Boolean(assistantId) });
  // Where it waits: where the recorded run paused, else (a thread run elsewhere) the latest checkpoint's next nodes.
  const history = useQuery({ ...lgHistoryQuery(deploymentId, threadId), enabled: interrupted && path.paused.length === 0 });
  const paused = !interrupted ? [] : path.paused.length > 0 ? path.paused : (history.data?.[0]?.next ?? []);
  if (!assistantId) return <p className="p-3 text-xs text-muted-foreground">The server names no assistant for this thread.</p>;
  if (graph.isError)
    return <QueryError className="m-3" title="Could not load the graph" error={graph.error} onRetry={() => void graph.refetch()} />;
  if (graph.isPending) return <p className="p-3 text-xs text-muted-foreground">Loading the graph…</p>;
  return <LgGraphView graph={graph.data} visited={path.visited} edges={path.edges} paused={paused} />;
}
