"use client";

import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { a2aLiveQuery, entryExchangeId, entryId, entryTaskId } from "@/lib/queries/a2a";

/**
 * After a send (202 { exchangeId }), the task it created is only known once a frame of that
 * exchange names it: watch the live entries and report the first taskId/contextId seen. An agent
 * may answer with a plain message and no task at all: the exchange's entries are returned so the
 * chat can show that reply.
 */
export function useA2aFollow(agentId: string, onTask: (taskId: string, contextId: string | null) => void) {
  const [exchangeId, setExchangeId] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const live = useQuery(a2aLiveQuery(agentId));
  const exchange: Entry[] = useMemo(
    () => (exchangeId ? (live.data ?? []).filter((e) => entryExchangeId(e) === exchangeId) : []),
    [exchangeId, live.data],
  );
  useEffect(() => {
    if (!waiting) return;
    const hit = exchange.find((e) => entryTaskId(e));
    if (!hit) return;
    setWaiting(false);
    onTask(entryTaskId(hit)!, entryId(hit, "contextId") ?? hit.sessionKey);
  }, [waiting, exchange, onTask]);
  const follow = (id: string) => {
    setExchangeId(id);
    setWaiting(true);
  };
  return { follow, exchangeId, exchange };
}
