"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import { inboxQuery } from "@/lib/queries/inbox";
import { lgEntriesQuery, lgThreadQuery } from "@/lib/queries/langgraph";
import { runningRunId } from "@/lib/queries/langgraph-entries";
import { runPath } from "@/lib/protocols/langgraph";

const isLgRow = (row: InboxRow): row is LgHumanRequest & { source: "langgraph" } => row.source === "langgraph";

/**
 * One LangGraph thread: its detail as the server answers it (values, interrupts, Loupe's runs), the
 * entries Loupe recorded (kept live by the stream part), the run still streaming, the path its
 * last recorded run took, and Loupe's requests for its interrupts (from the inbox).
 */
export function useLgThread(deploymentId: string, threadId: string) {
  const detail = useQuery(lgThreadQuery(deploymentId, threadId));
  const entries = useQuery(lgEntriesQuery(deploymentId, threadId));
  const inbox = useQuery(inboxQuery());
  const running = useMemo(() => runningRunId(entries.data ?? [], detail.data?.runs), [entries.data, detail.data?.runs]);
  // The last run's path (its nodes, subgraphs' as `parent:child`, and where it paused).
  const path = useMemo(() => runPath(entries.data ?? []), [entries.data]);
  const requests = useMemo(
    () => (inbox.data ?? []).filter(isLgRow).filter((r) => r.deploymentId === deploymentId && r.threadId === threadId),
    [inbox.data, deploymentId, threadId],
  );
  return { detail, entries, running, path, requests };
}
