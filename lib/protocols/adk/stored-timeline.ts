/**
 * The timeline of a stored session: what the open session view starts from (before live entries)
 * and all a read-only bundle view has. One function, so a bundle opened in another Loupe shows the
 * same timeline as the session it was exported from (tests/integration/adk-bundle-roundtrip.test.ts).
 */
import { isRecord } from "@/lib/values";
import type { AdkSession } from "./session";
import { frameRawOf, withUnstoredFrames } from "./session";
import { buildTimeline } from "./timeline";
import type { TimelineState } from "./timeline-types";

/** A recorded frame the server streamed but never stored (the session GET's `unstored`). */
export interface StoredFrame {
  seq: number;
  kind: string;
  receivedAt: number;
  raw: unknown;
}

/**
 * The state a session started from: its current state without the keys events wrote. A stored
 * session only has the final state, and seeding the timeline with it would make every delta
 * look like an overwrite of its own result.
 */
export function initialStateOf(session: Pick<AdkSession, "state" | "events">): Record<string, unknown> {
  const written = new Set<string>();
  for (const ev of session.events) {
    const actions = isRecord(ev) ? ev.actions : undefined;
    const delta = isRecord(actions) ? actions.stateDelta : undefined;
    if (delta && typeof delta === "object") for (const k of Object.keys(delta)) written.add(k);
  }
  return Object.fromEntries(Object.entries(session.state).filter(([k]) => !written.has(k)));
}

/** The stored events with the unstored frames (stream errors, malformed lines) put back where they happened. */
export function storedSessionTimeline(session: Pick<AdkSession, "state" | "events">, unstored: readonly StoredFrame[]): TimelineState {
  const frames = unstored.map((f) => ({ receivedAt: f.receivedAt, raw: frameRawOf(f.kind, f.raw) }));
  return buildTimeline(withUnstoredFrames(session.events, frames), initialStateOf(session));
}
