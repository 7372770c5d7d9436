"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { aguiEntriesQuery, aguiThreadQuery } from "@/lib/queries/agui";
import { runsOfEntries, runStartState } from "@/lib/queries/agui";

/**
 * One AG-UI thread: its detail (state, messages, runs), its entries grouped by run, and the chosen
 * run (`runId`, else the latest) normalized into a timeline by lib/protocols/agui, from the state it
 * started with (`runStartState`: a next run of a response starts where the run before it left off).
 */
export function useAguiThread(agentId: string, threadId: string | null, runId: string | null) {
  const detail = useQuery({ ...aguiThreadQuery(agentId, threadId ?? ""), enabled: threadId !== null });
  const entries = useQuery({ ...aguiEntriesQuery(agentId, threadId ?? ""), enabled: threadId !== null });
  const runs = useMemo(() => runsOfEntries(entries.data ?? []), [entries.data]);
  const run = (runId ? runs.find((r) => r.runId === runId) : runs[runs.length - 1]) ?? null;
  const timeline = useMemo(() => {
    if (!run) return null;
    return normalizeAguiRun(
      run.events.map((e) => e.event),
      { initialState: runStartState(run, runs) },
    );
  }, [run, runs]);
  const running =
    runs.find((r) => r.record?.status === "running")?.runId ?? detail.data?.runs.find((r) => r.status === "running")?.runId ?? null;
  return { detail, entries, runs, run, timeline, running };
}
