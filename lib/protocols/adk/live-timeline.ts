import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { normalizeEvent } from "@/lib/protocols/adk/event";
import type { AdkSession } from "@/lib/protocols/adk/session";
import { frameRawOf, userMessageEvent } from "@/lib/protocols/adk/session";
import { applyEvent } from "@/lib/protocols/adk/timeline";
import type { TimelineState } from "@/lib/protocols/adk/timeline";
import { isRecord } from "@/lib/values";

// The live part of an open session's timeline (hooks/use-agent-session.ts): what Loupe recorded
// since the stored session was read, folded in without counting a message twice.

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

/** How far Loupe's clock and the agent's may disagree for one message (loopback: same clock). */
const SAME_MESSAGE_WINDOW_MS = 5_000;

/**
 * User messages the stored session already holds, keyed by their parts, with their times. A
 * refetch that starts while the next run is beginning returns that run's user event too; its
 * live `user_message` record must then not be added a second time.
 */
export function storedUserMessages(session: AdkSession): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  for (const raw of session.events) {
    const ev = normalizeEvent(raw);
    const parts = isRecord(raw) && isRecord(raw.content) ? raw.content.parts : undefined;
    if (ev.author !== "user" || !parts) continue;
    const key = JSON.stringify(parts);
    seen.set(key, [...(seen.get(key) ?? []), ev.timestamp ?? 0]);
  }
  return seen;
}

function alreadyStored(e: Entry, stored: Map<string, number[]> | null): boolean {
  if (!stored || e.kind !== "user_message") return false;
  const parts = entryPayload(e, "user_message")?.newMessage.parts;
  if (!parts) return false;
  const times = stored.get(JSON.stringify(parts));
  if (!times) return false;
  const sent = e.sourceTime ?? e.receivedAt;
  const at = times.findIndex((t) => Math.abs(t - sent) <= SAME_MESSAGE_WINDOW_MS);
  if (at < 0) return false;
  times.splice(at, 1);
  return true;
}

/**
 * Folds the live entries after seq `after` into `timeline`, skipping those already placed (the
 * GET's `unstored` frames, user messages the stored session holds); returns the last seq seen.
 */
export function applyLive(
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
