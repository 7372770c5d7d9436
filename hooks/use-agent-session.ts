"use client";

import { useMemo, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { applyLive, storedUserMessages } from "@/lib/protocols/adk/live-timeline";
import { storedSessionTimeline } from "@/lib/protocols/adk/stored-timeline";
import type { TimelineState } from "@/lib/protocols/adk/timeline";
import { liveEntriesQuery, refKey, storedSessionQuery } from "@/lib/queries/agents";
import type { SessionRef, StoredSession } from "@/lib/queries/agents";

interface Built {
  base: StoredSession;
  lastSeq: number;
  timeline: TimelineState;
}

/**
 * The timeline of one open session: the stored session's events, then the live entries the
 * stream appended since (partials included). New live entries are folded in one by one; the
 * whole timeline is rebuilt only when the stored session is refetched (after a run ends).
 */
export function useAgentSession(ref: SessionRef) {
  const sessionKey = refKey(ref);
  const stored = useQuery(storedSessionQuery(ref));
  const live = useQuery(liveEntriesQuery(ref.agentId, sessionKey));
  const built = useRef<Built | null>(null);

  const timeline = useMemo(() => {
    const base = stored.data;
    if (!base) return null;
    const entries = live.data ?? [];
    let cur = built.current;
    if (!cur || cur.base !== base) {
      // Stream errors, malformed lines and unknown shapes are not in the stored events: put back.
      const unstored = base.unstored ?? [];
      const tl = storedSessionTimeline(base.session, unstored);
      const placed = new Set(unstored.map((f) => f.seq));
      cur = { base, ...applyLive(tl, entries, base.liveCutoff, storedUserMessages(base.session), placed) };
    } else {
      cur = { base, ...applyLive(cur.timeline, entries, cur.lastSeq) };
    }
    // applyEvent updates collections in place, so the latest state is kept across renders
    // rather than recomputed; re-running this memo with the same inputs applies nothing twice.
    built.current = cur;
    return cur.timeline;
  }, [stored.data, live.data]);

  return {
    sessionKey,
    timeline,
    session: stored.data?.session ?? null,
    isPending: stored.isPending,
    error: stored.error,
    refetch: stored.refetch,
    /** The live entries (for debugging panes); the timeline already includes them. */
    liveEntries: live.data ?? [],
  };
}
