/**
 * Read-only views over a TimelineState: state at any entry, open tool calls, compaction folds,
 * "what the model sees", interrupts. Each is linear (or n log n) in the number of entries.
 */
import { callRecordAt } from "./timeline";
import { listInterrupts, type AdkInterrupt, type InterruptContext } from "./interrupts";
import type { InvocationSummary, TimelineState, ToolCallRecord } from "./timeline-types";

/** Session state right after entry `index` (initial state + every diff up to it). */
export function stateAt(tl: TimelineState, index: number): Record<string, unknown> {
  const state: Record<string, unknown> = { ...tl.initialState };
  const last = Math.min(index, tl.entries.length - 1);
  for (let i = 0; i <= last; i++) {
    for (const c of tl.entries[i]?.stateChanges ?? []) state[c.key] = c.after;
  }
  return state;
}

export function invocationList(tl: TimelineState): InvocationSummary[] {
  return [...tl.invocations.values()];
}

/** Calls that have not received any result yet (shown as still running / waiting). */
export function openCalls(tl: TimelineState): ToolCallRecord[] {
  return [...tl.calls.values()].filter((c) => c.callEntry !== null && c.results.length === 0);
}

/** Tool calls made in entry `index` and results that arrived in it, by call id. */
export function callsOfEntry(tl: TimelineState, index: number): ToolCallRecord[] {
  const entry = tl.entries[index];
  if (!entry) return [];
  const out: ToolCallRecord[] = [];
  for (const item of entry.items) {
    if (item.kind !== "tool_call" && item.kind !== "tool_result") continue;
    const rec = callRecordAt(tl, item.callId, index);
    if (rec && !out.includes(rec)) out.push(rec);
  }
  return out;
}

export interface CompactionFold {
  /** Entry index of the compaction event. */
  entry: number;
  eventId: string;
  startTime: number | null;
  endTime: number | null;
  summary: string;
  /** Entries whose timestamp lies in [startTime, endTime] (earlier compactions included), in order. */
  covered: number[];
}

function timeIndex(tl: TimelineState): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (const e of tl.entries) if (e.event.timestamp !== null) pairs.push([e.event.timestamp, e.index]);
  return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function lowerBound(pairs: Array<[number, number]>, t: number): number {
  let lo = 0;
  let hi = pairs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((pairs[mid]?.[0] ?? Infinity) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The events each compaction summarizes, by its time range (adk.md §0.10, §5). */
export function compactionFolds(tl: TimelineState): CompactionFold[] {
  const pairs = timeIndex(tl);
  return tl.compactions.flatMap((index) => {
    const entry = tl.entries[index];
    const c = entry?.event.compaction;
    if (!entry || !c) return [];
    const covered: number[] = [];
    if (c.startTime !== null && c.endTime !== null) {
      for (let i = lowerBound(pairs, c.startTime); i < pairs.length; i++) {
        const pair = pairs[i];
        if (!pair || pair[0] > c.endTime) break;
        if (pair[1] !== index && tl.entries[pair[1]]?.event.shape === "event") covered.push(pair[1]);
      }
    }
    covered.sort((a, b) => a - b);
    const { startTime, endTime, summary } = c;
    return [{ entry: index, eventId: entry.event.id, startTime, endTime, summary, covered }];
  });
}

function isAfter(t: number | null, end: number | null): boolean {
  return t !== null && end !== null && t > end;
}

export interface ModelView {
  /** Entry index of the latest compaction, whose summary stands in for everything before it. */
  compaction: number | null;
  /** Entries the next LLM call is built from: the compaction, then events after its end. */
  visible: number[];
  /** Events hidden from the model by the compaction. */
  hidden: number[];
}

/**
 * Both ADKs build the LLM context from the latest compaction event plus the events with
 * `timestamp > endTime` (adk.md §5, `getActiveEvents`). Only final events count; unrecognized
 * messages and stream errors are never part of the context.
 */
export function modelView(tl: TimelineState): ModelView {
  const latest = tl.compactions[tl.compactions.length - 1];
  const comp = latest !== undefined ? tl.entries[latest]?.event.compaction : undefined;
  const visible: number[] = [];
  const hidden: number[] = [];
  for (const e of tl.entries) {
    if (e.event.shape !== "event" || e.streaming) continue;
    if (latest === undefined || !comp) {
      if (!e.event.compaction) visible.push(e.index);
      continue;
    }
    if (e.index === latest) visible.push(e.index);
    else if (e.event.compaction) hidden.push(e.index);
    else if (isAfter(e.event.timestamp, comp.endTime)) visible.push(e.index);
    else hidden.push(e.index);
  }
  visible.sort((a, b) => (a === latest ? -1 : b === latest ? 1 : a - b));
  return { compaction: latest ?? null, visible, hidden };
}

/** Interrupts with stale detection (an unanswered pause whose invocation the session left). */
export function timelineInterrupts(tl: TimelineState, ctx: InterruptContext): AdkInterrupt[] {
  return listInterrupts(tl.interrupts, ctx);
}
