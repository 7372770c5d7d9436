/**
 * The ADK timeline reducer. One entry per message the UI shows, in arrival order:
 * - streaming partials (JS: a fresh id per chunk) grow one entry keyed by (invocationId, author)
 *   until the final event replaces it in place (adk.md §0.4, §9.8);
 * - Python's doubled event (same id: content first, then a content-less copy with artifactDelta,
 *   adk.md §3) is merged into the first entry;
 * - tool calls are paired with their results by call id, state deltas are applied with a diff per
 *   entry, usage is totalled per invocation and per session, and pauses are tracked.
 * Entry indexes never change once assigned. For linear time over 10k+ events, `applyEvent`
 * updates the state's collections in place and returns a new top-level object (fresh identity
 * for React); do not keep using the previous object.
 */
import { normalizeEvent } from "./event";
import { eventItems } from "./items";
import { createInterruptTracker } from "./interrupts";
import { absorbFinal, emptyUsage, touchInvocation } from "./timeline-bookkeeping";
import type { AdkEvent, AdkPart } from "./types";
import type { TimelineEntry, TimelineState } from "./timeline-types";

export type {
  InvocationSummary,
  StateChange,
  TimelineEntry,
  TimelineState,
  ToolCallRecord,
  ToolResultRecord,
  UsageTotals,
} from "./timeline-types";
export { callRecordAt, emptyUsage } from "./timeline-bookkeeping";

export function createTimeline(initialState: Record<string, unknown> = {}): TimelineState {
  return {
    version: 0,
    entries: [],
    byEventId: new Map(),
    openStreams: new Map(),
    calls: new Map(),
    earlierCalls: new Map(),
    invocations: new Map(),
    initialState: { ...initialState },
    state: { ...initialState },
    usage: emptyUsage(),
    artifacts: {},
    compactions: [],
    interrupts: createInterruptTracker(),
  };
}

/** Python's second copy: content from whichever half has it, deltas united (adk.md §3). */
function mergeDuplicate(a: AdkEvent, b: AdkEvent): AdkEvent {
  const content = b.parts.length > 0 ? b : a;
  return {
    ...a,
    parts: content.parts,
    role: content.role,
    turnComplete: a.turnComplete || b.turnComplete,
    finishReason: b.finishReason ?? a.finishReason,
    usage: a.usage ?? b.usage,
    error: b.error ?? a.error,
    output: b.output ?? a.output,
    route: b.route ?? a.route,
    compaction: b.compaction ?? a.compaction,
    nodeInfo: b.nodeInfo ?? a.nodeInfo,
    timestamp: a.timestamp ?? b.timestamp,
    longRunningToolIds: [...new Set([...a.longRunningToolIds, ...b.longRunningToolIds])],
    actions: {
      ...a.actions,
      ...b.actions,
      stateDelta: { ...a.actions.stateDelta, ...b.actions.stateDelta },
      artifactDelta: { ...a.actions.artifactDelta, ...b.actions.artifactDelta },
      requestedAuthConfigs: { ...a.actions.requestedAuthConfigs, ...b.actions.requestedAuthConfigs },
      requestedToolConfirmations: { ...a.actions.requestedToolConfirmations, ...b.actions.requestedToolConfirmations },
    },
    issues: [...a.issues, ...b.issues],
  };
}

function appendParts(into: AdkPart[], more: readonly AdkPart[]): AdkPart[] {
  const out = into.slice();
  for (const p of more) {
    const last = out[out.length - 1];
    if (last && (p.kind === "text" || p.kind === "thought") && last.kind === p.kind) {
      out[out.length - 1] = { kind: p.kind, text: last.text + p.text };
    } else {
      out.push(p);
    }
  }
  return out;
}

const streamKey = (ev: AdkEvent): string => `${ev.invocationId}\u0000${ev.author}`;

function newEntry(index: number, key: string, ev: AdkEvent, raw: unknown, extra: Partial<TimelineEntry> = {}): TimelineEntry {
  return { index, key, event: ev, items: eventItems(ev), streaming: false, raws: [raw], stateChanges: [], ...extra };
}

function applyPartial(s: TimelineState, ev: AdkEvent, raw: unknown): void {
  const key = streamKey(ev);
  const open = s.openStreams.get(key);
  const prev = open !== undefined ? s.entries[open] : undefined;
  if (prev) {
    const parts = appendParts(prev.event.parts, ev.parts);
    const agg: AdkEvent = { ...prev.event, parts, usage: ev.usage ?? prev.event.usage };
    s.entries[prev.index] = { ...prev, event: agg, items: eventItems(agg), raws: [...prev.raws, raw] };
    return;
  }
  const index = s.entries.length;
  s.entries.push(newEntry(index, `stream:${ev.id || index}`, ev, raw, { streaming: true }));
  s.openStreams.set(key, index);
  touchInvocation(s, index, ev);
}

/** The open streaming bubble of this event's (invocation, author), if any, closed as superseded. */
function supersedeStream(s: TimelineState, ev: AdkEvent): void {
  const key = streamKey(ev);
  const open = s.openStreams.get(key);
  if (open === undefined) return;
  s.openStreams.delete(key);
  const entry = s.entries[open];
  if (entry) s.entries[open] = { ...entry, streaming: false, superseded: true };
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

function applyFinal(s: TimelineState, ev: AdkEvent, raw: unknown): void {
  const dup = ev.id ? s.byEventId.get(ev.id) : undefined;
  const prev = dup !== undefined ? s.entries[dup] : undefined;
  if (prev) {
    // The final event of partials that streamed in after the stored session already had it.
    supersedeStream(s, ev);
    // The very same message again (stored session and live stream both delivered it): nothing to merge.
    if (prev.raws.some((r) => sameJson(r, raw))) return;
    const merged = mergeDuplicate(prev.event, ev);
    const changes = absorbFinal(s, prev.index, ev, prev.event);
    s.entries[prev.index] = {
      ...prev,
      event: merged,
      items: eventItems(merged),
      raws: [...prev.raws, raw],
      stateChanges: [...prev.stateChanges, ...changes],
    };
    return;
  }
  const key = streamKey(ev);
  const open = s.openStreams.get(key);
  const streamed = open !== undefined ? s.entries[open] : undefined;
  if (streamed) {
    s.openStreams.delete(key);
    const stateChanges = absorbFinal(s, streamed.index, ev);
    const raws = [...streamed.raws, raw];
    s.entries[streamed.index] = { ...newEntry(streamed.index, ev.id || streamed.key, ev, raw), raws, stateChanges };
    return;
  }
  const index = s.entries.length;
  const stateChanges = absorbFinal(s, index, ev);
  s.entries.push(newEntry(index, ev.id || `msg:${index}`, ev, raw, { stateChanges }));
}

/** Folds one raw message into the timeline (see the module note on in-place updates). */
export function applyEvent(state: TimelineState, raw: unknown): TimelineState {
  const ev = normalizeEvent(raw);
  if (ev.shape !== "event") state.entries.push(newEntry(state.entries.length, `msg:${state.entries.length}`, ev, raw));
  else if (ev.partial) applyPartial(state, ev, raw);
  else applyFinal(state, ev, raw);
  return { ...state, version: state.version + 1 };
}

/** A whole timeline from raw events (SSE frames' data, a stored session's `events`, or both). */
export function buildTimeline(rawEvents: Iterable<unknown>, initialState: Record<string, unknown> = {}): TimelineState {
  let s = createTimeline(initialState);
  for (const raw of rawEvents) s = applyEvent(s, raw);
  return s;
}
