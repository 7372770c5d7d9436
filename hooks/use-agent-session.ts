"use client";

import { useMemo, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { AdkContent } from "@/lib/protocols/adk/types";
import type { AdkSession } from "@/lib/protocols/adk/session";
import { frameRawOf, userMessageEvent } from "@/lib/protocols/adk/session";
import { storedSessionTimeline } from "@/lib/protocols/adk/stored-timeline";
import { applyEvent } from "@/lib/protocols/adk/timeline";
import { normalizeEvent } from "@/lib/protocols/adk/event";
import type { TimelineState } from "@/lib/protocols/adk/timeline";
import { liveEntriesQuery, refKey, storedSessionQuery } from "@/lib/queries/agents";
import type { SessionRef, StoredSession } from "@/lib/queries/agents";

/**
 * The raw message a live entry contributes to the timeline, or null. `/run_sse` never echoes the
 * user's message, so Loupe's own `user_message` record stands in for it (adk.md §0.3).
 */
export function liveEntryRaw(e: Entry): unknown {
  if (e.protocol !== "adk") return null;
  switch (e.kind) {
    case "event":
    case "stream_error":
    case "malformed":
      return frameRawOf(e.kind, e.raw);
    case "user_message": {
      const raw = entryPayload(e, "user_message");
      if (!raw) return null;
      // The composer's parts (text, inlineData) are ADK wire parts as well.
      return userMessageEvent(raw.newMessage, {
        timestamp: e.sourceTime ?? e.receivedAt,
        ...(raw.stateDelta ? { stateDelta: raw.stateDelta } : {}),
      });
    }
    default:
      return null;
  }
}

interface Built {
  base: StoredSession;
  lastSeq: number;
  timeline: TimelineState;
}

/** How far Loupe's clock and the agent's may disagree for one message (loopback: same clock). */
const SAME_MESSAGE_WINDOW_MS = 5_000;

/**
 * User messages the stored session already holds, keyed by their parts, with their times. A
 * refetch that starts while the next run is beginning returns that run's user event too; its
 * live `user_message` record must then not be added a second time.
 */
function storedUserMessages(session: AdkSession): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  for (const raw of session.events) {
    const ev = normalizeEvent(raw);
    const content = (raw as { content?: AdkContent } | null)?.content;
    if (ev.author !== "user" || !content?.parts) continue;
    const key = JSON.stringify(content.parts);
    seen.set(key, [...(seen.get(key) ?? []), ev.timestamp ?? 0]);
  }
  return seen;
}

function alreadyStored(e: Entry, stored: Map<string, number[]> | null): boolean {
  if (!stored || e.kind !== "user_message") return false;
  const parts = entryPayload(e, "user_message")?.newMessage.parts;
  if (!parts) return false;
  const times = stored.get(JSON.stringify(parts));
  const sent = e.sourceTime ?? e.receivedAt;
  const at = times?.findIndex((t) => Math.abs(t - sent) <= SAME_MESSAGE_WINDOW_MS) ?? -1;
  if (at < 0) return false;
  times!.splice(at, 1);
  return true;
}

function applyLive(
  timeline: TimelineState,
  entries: readonly Entry[],
  after: number,
  stored: Map<string, number[]> | null = null,
  unstored: ReadonlySet<number> = new Set(),
): { timeline: TimelineState; lastSeq: number } {
  let tl = timeline;
  let lastSeq = after;
  for (const e of entries) {
    if (e.seq <= after) continue;
    lastSeq = e.seq;
    // Already placed from the GET's `unstored` list.
    if (unstored.has(e.seq)) continue;
    if (alreadyStored(e, stored)) continue;
    const raw = liveEntryRaw(e);
    if (raw !== null && raw !== undefined) tl = applyEvent(tl, raw);
  }
  return { timeline: tl, lastSeq };
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
