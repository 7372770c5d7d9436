"use client";

import { useEffect, useMemo, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { a2aLiveQuery, a2aTaskEntriesQuery, a2aTaskQuery, entryExchangeId, entryTaskId } from "@/lib/queries/a2a";
import { mergeEntries } from "@/lib/queries/traffic";

/**
 * One task: Loupe's record (GET …/tasks/:taskId) and its entries, whole. Entries that arrive on
 * the stream join at once: those naming the task, and those of an exchange that did (the request
 * that created a task names no taskId yet; its exchangeId ties it to the task's frames).
 */
export function useA2aTask(agentId: string, taskId: string | null) {
  const detail = useQuery({ ...a2aTaskQuery(agentId, taskId ?? ""), enabled: taskId !== null });
  const seqs = useMemo(() => detail.data?.entrySeqs ?? [], [detail.data]);
  const stored = useQuery({ ...a2aTaskEntriesQuery(agentId, taskId ?? "", seqs), enabled: taskId !== null && detail.isSuccess });
  const live = useQuery(a2aLiveQuery(agentId));

  // The record lists seqs the cache has not fetched (a refresh, a push): fetch them, once per
  // listing (a seq whose entry retention removed stays missing: asking again would never end).
  const have = stored.data;
  const missing = have ? seqs.some((s) => !have.some((e) => e.seq === s)) : false;
  const { refetch, isFetching } = stored;
  const askedFor = useRef<readonly number[] | null>(null);
  useEffect(() => {
    if (!missing || isFetching || askedFor.current === seqs) return;
    askedFor.current = seqs;
    void refetch();
  }, [missing, isFetching, refetch, seqs]);

  const entries = useMemo(() => {
    if (!taskId) return [];
    const base = stored.data ?? [];
    const exchanges = new Set<string>();
    for (const e of [...base, ...(live.data ?? [])]) {
      const x = entryExchangeId(e);
      if (x && entryTaskId(e) === taskId) exchanges.add(x);
    }
    const joined = (live.data ?? []).filter((e: Entry) => entryTaskId(e) === taskId || exchanges.has(entryExchangeId(e) ?? "\u0000"));
    return mergeEntries(base, joined);
  }, [taskId, stored.data, live.data]);

  // While the task's entries are being read: how many it has (the timeline says so instead of "nothing recorded").
  const reading = stored.isFetching && entries.length < seqs.length ? seqs.length : null;
  return { detail, stored, entries, reading };
}
