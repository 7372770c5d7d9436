"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { a2aLiveQuery, entryExchangeId, entryTaskId } from "@/lib/queries/a2a";

/**
 * After a send (202 { exchangeId }), the task it created is only known once a frame of that
 * exchange names it: watch the live entries and report the first taskId/contextId seen.
 */
export function useA2aFollow(agentId: string, onTask: (taskId: string, contextId: string | null) => void) {
  const [exchangeId, setExchangeId] = useState<string | null>(null);
  const live = useQuery(a2aLiveQuery(agentId));
  useEffect(() => {
    if (!exchangeId) return;
    const hit = (live.data ?? []).find((e) => entryExchangeId(e) === exchangeId && entryTaskId(e));
    if (!hit) return;
    const raw = hit.raw as { contextId?: unknown };
    setExchangeId(null);
    onTask(entryTaskId(hit)!, typeof raw.contextId === "string" ? raw.contextId : hit.sessionKey);
  }, [exchangeId, live.data, onTask]);
  return setExchangeId;
}
