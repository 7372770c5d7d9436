"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { aguiEntriesQuery, aguiThreadQuery } from "@/lib/queries/agui";
import { runsOfEntries } from "@/lib/queries/agui";

/**
 * One AG-UI thread: its detail (state, messages, runs), its entries grouped by run, and the chosen
 * run (`runId`, else the latest) normalized into a timeline by lib/protocols/agui.
 */
export function useAguiThread(agentId: string, threadId: string | null, runId: string | null) {
  const detail = useQuery({ ...aguiThreadQuery(agentId, threadId ?? ""), enabled: threadId !== null });
  const entries = useQuery({ ...aguiEntriesQuery(agentId, threadId ?? ""), enabled: threadId !== null });
  const runs = useMemo(() => runsOfEntries(entries.data ?? []), [entries.data]);
  const run = (runId ? runs.find((r) => r.runId === runId) : runs[runs.length - 1]) ?? null;
  const events = run?.events;
  const input = run?.input;
  const timeline = useMemo(() => {
    if (!events) return null;
    const initialState = typeof input === "object" && input !== null ? (input as { state?: unknown }).state : undefined;
    return normalizeAguiRun(
      events.map((e) => e.event),
      { initialState },
    );
  }, [events, input]);
  const running =
    runs.find((r) => r.record?.status === "running")?.runId ?? detail.data?.runs.find((r) => r.status === "running")?.runId ?? null;
  return { detail, entries, runs, run, timeline, running };
}
